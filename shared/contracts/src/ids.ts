import { z } from './zod';

/** Ids are PostgreSQL `integer` identities. */
export const MAX_ID = 2_147_483_647;
export const ID_MESSAGE = 'Id tidak valid.';

/** The plain decimal spelling of a positive id: no sign, spaces, exponent, hex or leading zero. */
const ID_TEXT = /^[1-9][0-9]{0,9}$/;

/**
 * A record id: a positive integer, or (path and query values are text) its plain decimal spelling. Unlike
 * `z.coerce.number()` it refuses `true` (→ 1), `" 1 "`, `1e3` (→ 1000) and `0x10` (→ 16).
 */
export const strictId = (message: string = ID_MESSAGE) =>
  z.preprocess(
    (v) => (typeof v === 'string' && ID_TEXT.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(MAX_ID, message),
  );

/** Whether a path or query value spells an id the way `strictId` accepts it. */
export const isIdText = (v: string) => ID_TEXT.test(v) && Number(v) <= MAX_ID;

export const REPEATED_ID_MESSAGE = 'Data yang sama dipilih lebih dari sekali.';

/** Whether no id appears twice in `ids`. */
export const hasNoRepeats = (ids: readonly unknown[]) => new Set(ids).size === ids.length;

/**
 * A list of record ids, each at most once: a repeated id would insert one row twice (a unique violation, so
 * a 500) or count one record twice.
 */
export const idList = (message: string = ID_MESSAGE) =>
  z.array(strictId(message)).refine(hasNoRepeats, REPEATED_ID_MESSAGE);
