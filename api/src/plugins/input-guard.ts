import { hasNoRepeats, ID_MESSAGE, isIdText, REPEATED_ID_MESSAGE } from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

export const CONTROL_CHAR_MESSAGE = 'Data mengandung karakter kontrol yang tidak diizinkan.';
export const BROKEN_TEXT_MESSAGE = 'Teks mengandung karakter yang tidak valid.';
export const NULL_BODY_MESSAGE = 'Data yang dikirim tidak boleh kosong (null).';

/** Every C0 control and DEL: PostgreSQL refuses NUL in text, and none of them belongs in a field. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** In JSON string values tab, line feed and carriage return are kept: addresses, answers, announcements. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/**
 * Half of a UTF-16 surrogate pair without the other half (JSON's `"\ud800"`): it has no UTF-8 form, so it
 * would reach PostgreSQL as U+FFFD, silently changing the text. A whole pair (an emoji) is one code point.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The dotted path of the first string (or key) in `value` matching `bad`, or null. Iterative, so a deeply
 * nested body cannot overflow the stack.
 */
export function findControl(value: unknown, bad: RegExp, keyBad: RegExp = ANY_CONTROL): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (bad.test(v)) return at || '_';
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) stack.push([item, at ? `${at}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        const path = at ? `${at}.${k}` : k;
        if (keyBad.test(k)) return path;
        stack.push([item, path]);
      }
    }
  }
  return null;
}

/** The dotted path of the first id list (`ids`, `…_ids`) in the body naming one id twice, or null. */
function findRepeatedIds(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) stack.push([item, at ? `${at}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        const path = at ? `${at}.${k}` : k;
        if ((k === 'ids' || k.endsWith('_ids')) && Array.isArray(item) && !hasNoRepeats(item)) return path;
        stack.push([item, path]);
      }
    }
  }
  return null;
}

const refuse = (field: string, message = CONTROL_CHAR_MESSAGE) =>
  new HttpError(400, message, { [field]: message });
const isIdKey = (key: string) => key === 'id' || key.endsWith('_id');

/**
 * Input rules every route gets before its own validation: no control characters in the path, query or JSON
 * body (tab and line breaks only inside body strings), no half surrogate pairs in any text, no JSON `null` as
 * the whole body, no id listed twice in an id list (`ids`, `…_ids`), and ids in the path or query (`id`,
 * `…_id`) spelled as plain positive integers in range — whatever schema the route itself declares.
 */
export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (req) => {
      const params = (req.params ?? {}) as Record<string, unknown>;
      const query = (req.query ?? {}) as Record<string, unknown>;
      for (const [where, bad] of [
        [params, ANY_CONTROL],
        [query, ANY_CONTROL],
        [req.body, CONTROL_BUT_WHITESPACE],
      ] as const) {
        const control = findControl(where, bad);
        if (control) throw refuse(control);
        const broken = findControl(where, LONE_SURROGATE, LONE_SURROGATE);
        if (broken) throw refuse(broken, BROKEN_TEXT_MESSAGE);
      }
      if (req.body === null) throw refuse('body', NULL_BODY_MESSAGE);
      const repeated = findRepeatedIds(req.body);
      if (repeated) throw refuse(repeated, REPEATED_ID_MESSAGE);
      for (const [key, v] of Object.entries(params)) {
        if (isIdKey(key) && typeof v === 'string' && !isIdText(v)) throw refuse(key, ID_MESSAGE);
      }
      // A blank query id means "no filter" to the lists; anything else is an id or refused.
      for (const [key, v] of Object.entries(query)) {
        const values = Array.isArray(v) ? v : [v];
        if (isIdKey(key) && values.some((x) => typeof x === 'string' && x !== '' && !isIdText(x)))
          throw refuse(key, ID_MESSAGE);
      }
    });
  },
  { name: 'input-guard' },
);
