import { createHash } from 'node:crypto';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError, notFound } from '../../lib/http-error';
import { writeOutbox } from './notifications/outbox';
import { readConfig } from './service';

/**
 * Sends the tenant's test overview (what the test is, how long, what to bring) to one registrant's parent as
 * a message on their channel and in the app's bell. The same text to the same registrant is sent once; after
 * staff change the text it can be sent again. The registrant must be one the caller's schools may see.
 */
export async function sendTestOverview(c: TenantConn, registrantId: number): Promise<'sent' | 'already'> {
  const registrant = await c.db
    .selectFrom('registrants')
    .select(['id', 'user_id', 'school_id', 'name', 'registration_number'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', registrantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!registrant) throw notFound('Calon murid tidak ditemukan.');
  const text = String(await readConfig(c, 'test_overview')).trim();
  if (!text) throw new HttpError(409, 'Ringkasan tes belum diisi. Isi dulu di Pengaturan → Ringkasan Tes.');
  const who = registrant.name ?? registrant.registration_number ?? 'calon murid';
  const version = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const written = await writeOutbox(c, {
    userId: registrant.user_id,
    schoolId: registrant.school_id,
    template: 'test_overview',
    data: { registrant_id: registrant.id },
    subject: `Informasi tes ${who}`,
    body: `Informasi tes untuk ${who}:\n\n${text}`,
    dedupKey: `test-overview:${registrant.id}:${version}`,
  });
  return written ? 'sent' : 'already';
}
