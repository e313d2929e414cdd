import type { ResourceDecl } from '@psb/contracts';
import type { DatabaseError } from 'pg';
import { HttpError, MESSAGES } from '../lib/http-error';

export const ENGINE_MESSAGES = {
  created: 'Data berhasil disimpan.',
  updated: 'Data berhasil diubah.',
  deleted: 'Data berhasil diarsipkan.',
  restored: 'Data berhasil dipulihkan.',
  duplicate: 'Data sudah ada.',
  stillActive: 'Data ini masih aktif.',
  referenceMissing: 'Data terkait tidak ditemukan atau sudah tidak aktif.',
  outOfScope: 'Anda tidak memiliki akses ke data sekolah tersebut.',
  parentArchived: (label: string) =>
    `${label} dari data ini sudah non-aktif. Pulihkan ${label.toLowerCase()} tersebut terlebih dahulu.`,
  pickMissing: (label: string) => `${label} yang dipilih tidak ditemukan.`,
  pickArchived: (label: string) => `${label} yang dipilih sudah non-aktif.`,
} as const;

/**
 * The declared unique key a violation is about. Under row-level security PostgreSQL leaves the key values out
 * of the error detail, so the constraint name decides: the key whose columns all appear in it
 * (`schools_tenant_id_name_key`, `users_email_key`), the longest such key first.
 */
function uniqueFor(decl: ResourceDecl, err: DatabaseError) {
  const text = `${err.constraint ?? ''} ${err.detail ?? ''}`;
  const named = [...decl.uniques]
    .sort((a, b) => b.columns.length - a.columns.length)
    .find((u) => u.columns.every((c) => text.includes(c)));
  return named ?? (decl.uniques.length === 1 ? decl.uniques[0] : undefined);
}

/** Database errors that are the client's doing, as 400/409; anything else is rethrown. */
export function mapPgError(decl: ResourceDecl, err: unknown): unknown {
  const e = err as DatabaseError;
  switch (e?.code) {
    case '23505': {
      const u = uniqueFor(decl, e);
      if (!u) return new HttpError(409, ENGINE_MESSAGES.duplicate);
      const field = u.field ?? u.columns[u.columns.length - 1]!;
      return new HttpError(409, u.message, { [field]: u.message });
    }
    case '23503':
      return new HttpError(409, ENGINE_MESSAGES.referenceMissing);
    case '42501': // a row written outside the caller's schools (the school_scope policy's WITH CHECK)
      return /row-level security/.test(e.message) ? new HttpError(403, ENGINE_MESSAGES.outOfScope) : err;
    case '23514': // check constraint
    case '23502': // not null
    case '22001': // value too long
    case '22003': // numeric out of range
    case '22007': // invalid datetime
    case '22008':
    case '22P02': // invalid text representation
      return new HttpError(400, MESSAGES.invalidData);
    default:
      return err;
  }
}
