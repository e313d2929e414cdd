import crypto from 'node:crypto';
import { formatDate } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { fillPlaceholders } from '../../../lib/pdf/document';
import { schoolFormat } from '../../content';
import { joinPlacement, registrantsAsR } from '../placement';

/** The registrant's values the agreement is filled with, and the parent who signs it. */
export function agreementValues(c: TenantConn, registrantId: number) {
  return joinPlacement(registrantsAsR(c.db))
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
    )
    .select([
      'r.id',
      'r.user_id',
      'r.school_id',
      'r.name',
      'r.registration_number',
      's.name as school_name',
      'k.name as class_name',
      'y.name as year_name',
      'u.name as parent_name',
    ])
    .where('r.tenant_id', '=', c.tenantId)
    .where('r.id', '=', registrantId)
    .executeTakeFirst();
}

/**
 * The school's enrolment agreement (its document layout "Perjanjian Daftar Ulang") filled for the registrant:
 * the exact text the parent reads and signs, whose sha-256 the signature keeps.
 */
export async function agreementFor(c: TenantConn, registrantId: number) {
  const v = await agreementValues(c, registrantId);
  if (!v) return null;
  const { data } = await schoolFormat(c, v.school_id, 'agreement');
  const values = {
    nama: v.name ?? '',
    no_pendaftaran: v.registration_number ?? '',
    sekolah: v.school_name,
    kelas: v.class_name,
    tahun_ajaran: v.year_name,
    orang_tua: v.parent_name,
    tanggal: formatDate(new Date()),
  };
  const title = fillPlaceholders(data.title, values).trim();
  const text = fillPlaceholders(data.body, values).trim();
  return {
    title,
    text,
    parentName: v.parent_name,
    registrant: { name: v.name, registration_number: v.registration_number },
  };
}

export const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** Names compared as people type them: case, repeated spaces and the ends do not count. */
export const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLocaleLowerCase('id') ===
  b.trim().replace(/\s+/g, ' ').toLocaleLowerCase('id');
