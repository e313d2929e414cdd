import {
  DEFAULT_OFFER_TEMPLATES,
  formatDateTime,
  OFFER_MESSAGE_KINDS,
  type OfferMessageKind,
  type OfferTemplate,
  renderOfferMessage,
} from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { savedTemplates, saveTemplate, writeOutbox } from '../../content';
import { agreementValues } from './agreement';

/** The events of an offer a family is told about (the template key is `offer_<event>`). */
export type OfferEvent = OfferMessageKind extends `offer_${infer E}` ? E : never;

/** Every offer message's text as the school has it (its saved text, else the default). */
export async function offerTemplates(c: TenantConn) {
  const saved = await savedTemplates(c, OFFER_MESSAGE_KINDS);
  return OFFER_MESSAGE_KINDS.map((kind) => {
    const own = saved.get(kind);
    return { kind, ...(own ?? DEFAULT_OFFER_TEMPLATES[kind]), is_default: own === undefined };
  });
}

export const saveOfferTemplate = (c: TenantConn, kind: OfferMessageKind, t: OfferTemplate) =>
  saveTemplate(c, kind, t);

/**
 * Writes the family's message about the offer to the outbox in the caller's transaction (the caller kicks the
 * delivery after the commit), in the school's text for the event. One message per offer and event — per
 * deadline too unless `once` is given instead (a staff reminder is once a day, the reminders before the
 * deadline once per offer): asking twice writes one. Answers whether a message was written.
 */
export async function offerMessage(
  c: TenantConn,
  offerId: number,
  event: OfferEvent,
  extra: { once?: string; receipt?: string } = {},
) {
  const o = await c.db
    .selectFrom('offers')
    .select(['id', 'deadline_at', 'registrant_id', 'school_id'])
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', offerId)
    .executeTakeFirst();
  const v = o && (await agreementValues(c, o.registrant_id));
  if (!o || !v) return false;
  const kind: OfferMessageKind = `offer_${event}`;
  const t = (await savedTemplates(c, [kind])).get(kind) ?? DEFAULT_OFFER_TEMPLATES[kind];
  const values = {
    nama: v.name ?? v.registration_number ?? 'calon murid',
    nama_orang_tua: v.parent_name,
    no_pendaftaran: v.registration_number ?? '',
    sekolah: v.school_name,
    batas: formatDateTime(o.deadline_at),
    bukti: extra.receipt ?? '',
  };
  return writeOutbox(c, {
    userId: v.user_id,
    schoolId: o.school_id,
    template: kind,
    data: {
      registrant_id: o.registrant_id,
      offer_id: o.id,
      ...(extra.receipt && { receipt: extra.receipt }),
    },
    subject: renderOfferMessage(t.subject, values).trim(),
    body: renderOfferMessage(t.body, values).trim(),
    dedupKey: `offer:${o.id}:${event}:${extra.once ?? new Date(o.deadline_at).toISOString()}`,
  });
}
