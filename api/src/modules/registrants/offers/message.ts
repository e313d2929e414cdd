import { formatDateTime } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { writeOutbox } from '../../content';

/** What the family is told about their offer, in the order the offer lives. */
const TEXTS = {
  opened: (name: string, deadline: string) => ({
    subject: 'Penawaran kursi calon murid',
    body: `Selamat, ${name} mendapatkan kursi. Silakan jawab penawaran di aplikasi PSB. Batas daftar ulang: ${deadline}.`,
  }),
  extended: (name: string, deadline: string) => ({
    subject: 'Batas daftar ulang diperpanjang',
    body: `Batas daftar ulang ${name} diperpanjang. Batas daftar ulang: ${deadline}.`,
  }),
  reissued: (name: string, deadline: string) => ({
    subject: 'Penawaran kursi diterbitkan ulang',
    body: `Sekolah menerbitkan ulang penawaran kursi untuk ${name}. Silakan jawab penawaran di aplikasi PSB. Batas daftar ulang: ${deadline}.`,
  }),
  reminder: (name: string, deadline: string) => ({
    subject: 'Pengingat penawaran kursi',
    body: `Penawaran kursi untuk ${name} menunggu jawaban Anda di aplikasi PSB. Batas daftar ulang: ${deadline}.`,
  }),
  expired: (name: string, deadline: string) => ({
    subject: 'Penawaran kursi berakhir',
    body: `Penawaran kursi untuk ${name} berakhir karena batas daftar ulang (${deadline}) terlewati.`,
  }),
} as const;

export type OfferEvent = keyof typeof TEXTS;

/**
 * Writes the family's message about the offer to the outbox in the caller's transaction (the caller kicks the
 * delivery after the commit). One message per offer, event and deadline (and `once`, when given: a staff
 * reminder is once a day): asking twice writes one. Answers whether a message was written.
 */
export async function offerMessage(c: TenantConn, offerId: number, event: OfferEvent, once?: string) {
  const o = await c.db
    .selectFrom('offers as o')
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'o.tenant_id').onRef('r.id', '=', 'o.registrant_id'),
    )
    .select([
      'o.id',
      'o.deadline_at',
      'o.registrant_id',
      'o.school_id',
      'r.user_id',
      'r.name',
      'r.registration_number',
    ])
    .where('o.tenant_id', '=', c.tenantId)
    .where('o.id', '=', offerId)
    .executeTakeFirst();
  if (!o) return false;
  const deadline = formatDateTime(o.deadline_at);
  const text = TEXTS[event](o.name ?? o.registration_number ?? 'calon murid', deadline);
  return writeOutbox(c, {
    userId: o.user_id,
    schoolId: o.school_id,
    template: `offer_${event}`,
    data: { registrant_id: o.registrant_id, offer_id: o.id },
    subject: text.subject,
    body: text.body,
    dedupKey: `offer:${o.id}:${event}:${new Date(o.deadline_at).toISOString()}${once ? `:${once}` : ''}`,
  });
}
