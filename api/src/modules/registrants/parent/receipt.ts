import type { SubmissionReceipt } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeOutbox } from '../../content';
import { submittedRegistrant } from './repository';

const wibMinute = (at: Date) => {
  const wib = new Date(at.getTime() + 7 * 3600_000).toISOString();
  return `${wib.slice(0, 10).replaceAll('-', '')}${wib.slice(11, 16).replace(':', '')}`;
};

/**
 * The receipt of a submission, written to the outbox in the submitting transaction (so it exists exactly
 * when the submission does) and returned for the screen. The reference names the registration number and the
 * minute (WIB) it was submitted, so staff can find it from what the parent reads out.
 */
export async function submissionReceipt(c: TenantConn, id: number): Promise<SubmissionReceipt> {
  const r = await submittedRegistrant(c.db, c.tenantId, id);
  const at = r.submitted_at ?? new Date();
  const reference = `BKT-${r.registration_number}-${wibMinute(at)}`;
  await writeOutbox(c, {
    userId: r.user_id,
    schoolId: r.school_id,
    template: 'registrant_submitted',
    data: { registrant_id: r.id, reference },
    subject: `Bukti pengiriman data ${r.registration_number}`,
    body: `Data calon murid ${r.name ?? ''} (${r.registration_number}) sudah kami terima. Nomor bukti: ${reference}. Simpan pesan ini sebagai bukti pengiriman.`,
    dedupKey: `registrant-submitted:${r.id}:${at.getTime()}`,
  });
  return { reference, registration_number: r.registration_number, submitted_at: at.toISOString() };
}
