import { BILL_MSG, type ChargeView, OFFER_MSG } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError } from '../../../lib/http-error';
import { awaitsSignature } from '../../registrants';
import { type openChargeFrom, openChargeOf } from './still-open';
import type { ChargeRequest, ChargeTarget } from './types';

const digits = (s: string) => s.replace(/\D/g, '');

/** Locks an installment and describes its charge (or returns the still-open one). */
export function prepareInstallment(c: TenantConn, t: ChargeTarget) {
  return installmentRows(c, [t.installmentId]).then(async ([row]) => {
    // The re-registration bill is paid only after the enrolment agreement is signed.
    if (row?.show_at_graduation && (await awaitsSignature(c, row.registrant_id)))
      throw new HttpError(409, OFFER_MSG.notSigned);
    return describeInstallmentCharge(t, row, await openChargeOf(c, { installmentId: t.installmentId }));
  });
}

/** The installments to charge with what a charge needs of their bill, registrant and parent, locked. */
export function installmentRows(c: TenantConn, ids: number[]) {
  return c.db
    .selectFrom('registrant_installment_payments as i')
    .innerJoin('registrant_header_payments as h', (j) =>
      j.onRef('h.tenant_id', '=', 'i.tenant_id').onRef('h.id', '=', 'i.header_id'),
    )
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'h.tenant_id').onRef('r.id', '=', 'h.registrant_id'),
    )
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
    )
    .innerJoin('mst_type_payments as tp', (j) =>
      j.onRef('tp.tenant_id', '=', 'h.tenant_id').onRef('tp.id', '=', 'h.mst_type_payment_id'),
    )
    .select([
      'i.id',
      'i.amount',
      'i.paid_at',
      'i.seq',
      'h.id as header_id',
      'h.state',
      'h.school_id',
      'h.channels',
      'h.expiry_hours',
      'h.fixed_va',
      'h.show_at_graduation',
      'h.registrant_id',
      'r.name as registrant_name',
      'r.registration_number',
      'r.user_id',
      'u.email',
      'u.phone_number',
      'tp.name as type_name',
    ])
    .where('i.tenant_id', '=', c.tenantId)
    .where('i.id', 'in', ids)
    .where('h.deleted_at', 'is', null)
    .forUpdate('i')
    .execute();
}

type InstallmentRow = Awaited<ReturnType<typeof installmentRows>>[number];

/** Checks the installment may be paid and describes its charge (or returns the still-open one). */
export async function describeInstallmentCharge(
  t: ChargeTarget,
  row: InstallmentRow | undefined,
  { open, reuse }: ReturnType<typeof openChargeFrom>,
): Promise<{ existing: ChargeView } | ChargeRequest> {
  if (!row) throw new HttpError(404, 'Cicilan tidak ditemukan.');
  if (row.state === 'draft') throw new HttpError(409, BILL_MSG.notPublished);
  if (row.state === 'cancelled') throw new HttpError(409, BILL_MSG.cancelled);
  if (row.paid_at) throw new HttpError(409, BILL_MSG.installmentPaid);
  const channels = row.channels;
  const channel = t.channel ?? open?.channel ?? channels[0]!;
  if (!channels.includes(channel)) throw new HttpError(400, BILL_MSG.channelNotOffered);
  const existing = await reuse(channel);
  if (existing) return { existing };
  const amount = Number(row.amount);
  return {
    purpose: 'installment',
    channel,
    amount,
    close: open ? open.order_id : null,
    installmentId: row.id,
    headerId: row.header_id,
    schoolId: row.school_id,
    userId: t.userId ?? row.user_id,
    expiryHours: row.expiry_hours,
    customVa: row.fixed_va ? digits(row.registration_number).slice(-10) : undefined,
    customer: {
      name: row.registrant_name ?? row.registration_number,
      email: row.email ?? undefined,
      phone: row.phone_number ?? undefined,
    },
    items: [
      {
        id: `inst-${t.installmentId}`,
        name: `${row.type_name} ${row.seq > 1 ? `cicilan ${row.seq}` : ''}`.trim(),
        price: amount,
        quantity: 1,
      },
    ],
  };
}
