import { BILL_MSG, type Channel } from '@psb/contracts';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError, notFound } from '../../lib/http-error';
import type { ServiceContext } from '../../service-context';
import { kickDelivery } from '../content';
import { cancelBill, createBill, publishBill } from './bills';
import { openCharge, type PaymentDeps } from './charges';
import { BILLED_TO_FAMILY_SQL } from './counted-bills';
import { paymentMessage } from './messages';
import { receiptPdf } from './receipt';
import { billsVersion, billViews } from './repository';
import type { BillSignals } from './signals';
import { lockBill } from './state';

export const depsOf = (sc: ServiceContext): PaymentDeps => ({
  pool: sc.deps.pool,
  gateway: sc.deps.payments,
});
const scopeOf = (sc: ServiceContext) => sc.auth?.schools ?? null;
const actor = (sc: ServiceContext) => sc.auth?.user.id ?? null;

/** The parent's own registrant, or 404 (someone else's looks exactly like a missing one). */
async function ownRegistrant(sc: ServiceContext, registrantId: number) {
  const r = await sc.db((c) =>
    c.db
      .selectFrom('registrants')
      .select('id')
      .where('tenant_id', '=', c.tenantId)
      .where('id', '=', registrantId)
      .where('user_id', '=', sc.auth!.user.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  );
  if (!r) throw notFound();
}

export async function parentBills(sc: ServiceContext, registrantId: number) {
  await ownRegistrant(sc, registrantId);
  return sc.db(async (c) => {
    const data = await billViews(c, { registrantId, includeDrafts: false });
    const version = await billsVersion(c, registrantId);
    return { success: true as const, version, data };
  });
}

/**
 * Long poll: answers as soon as the registrant's bills differ from `version` (at once when they already do),
 * else after `timeoutMs` with the same bills. A long poll rather than server-sent events because the api's
 * bearer token travels in a header, which EventSource cannot send; and one request per half minute per open
 * page costs less than a stream through the PWA's service worker and proxies.
 */
export async function waitForBills(
  sc: ServiceContext,
  signals: BillSignals,
  registrantId: number,
  version: number,
  timeoutMs: number,
) {
  await ownRegistrant(sc, registrantId);
  const abort = new AbortController();
  sc.onClose(() => abort.abort());
  await signals.wait(sc.tenant.id, registrantId, {
    timeoutMs,
    abort: abort.signal,
    changedAlready: async () => (await sc.db((c) => billsVersion(c, registrantId))) !== version,
  });
  return parentBills(sc, registrantId);
}

/** The parent picks a channel for an installment of their own published bill. */
export async function parentCharge(
  sc: ServiceContext,
  registrantId: number,
  installmentId: number,
  channel?: Channel,
) {
  await ownRegistrant(sc, registrantId);
  const belongs = await sc.db((c) =>
    c.db
      .selectFrom('registrant_installment_payments as i')
      .innerJoin('registrant_header_payments as h', (j) =>
        j.onRef('h.tenant_id', '=', 'i.tenant_id').onRef('h.id', '=', 'i.header_id'),
      )
      .innerJoin('registrants as r', (j) =>
        j.onRef('r.tenant_id', '=', 'h.tenant_id').onRef('r.id', '=', 'h.registrant_id'),
      )
      .select('i.id')
      .where('i.tenant_id', '=', c.tenantId)
      .where('i.id', '=', installmentId)
      .where('h.registrant_id', '=', registrantId)
      // Only what the parent is shown can be paid (an entry fee waits for the acceptance).
      .where(sql.raw<boolean>(BILLED_TO_FAMILY_SQL))
      .executeTakeFirst(),
  );
  if (!belongs) throw notFound('Cicilan tidak ditemukan.');
  return openCharge(depsOf(sc), sc.tenant.id, null, { installmentId, channel, userId: actor(sc) });
}

/** Staff open a charge: the given installment, else the first unpaid one. */
export async function staffCharge(
  sc: ServiceContext,
  billId: number,
  o: { installment_id?: number | undefined; channel?: Channel | undefined },
) {
  const installmentId = o.installment_id ?? (await firstUnpaid(sc, billId));
  return openCharge(depsOf(sc), sc.tenant.id, scopeOf(sc), {
    installmentId,
    channel: o.channel,
    userId: actor(sc),
  });
}

/** Staff open a charge for every unpaid installment of the bill (each its own order). */
export async function staffChargeAll(sc: ServiceContext, billId: number) {
  const ids = await unpaidInstallments(sc, billId);
  if (ids.length === 0)
    await billOrNotFound(sc, billId).then(() => {
      throw new HttpError(409, BILL_MSG.alreadyPaid);
    });
  const out = [];
  for (const id of ids)
    out.push(
      await openCharge(depsOf(sc), sc.tenant.id, scopeOf(sc), { installmentId: id, userId: actor(sc) }),
    );
  return out;
}

async function unpaidInstallments(sc: ServiceContext, billId: number) {
  const rows = await sc.db((c) =>
    c.db
      .selectFrom('registrant_installment_payments')
      .select('id')
      .where('tenant_id', '=', c.tenantId)
      .where('header_id', '=', billId)
      .where('paid_at', 'is', null)
      .orderBy('seq')
      .execute(),
  );
  return rows.map((r) => r.id);
}

async function firstUnpaid(sc: ServiceContext, billId: number) {
  const [id] = await unpaidInstallments(sc, billId);
  if (id === undefined) {
    await billOrNotFound(sc, billId);
    throw new HttpError(409, BILL_MSG.alreadyPaid);
  }
  return id;
}

async function billOrNotFound(sc: ServiceContext, billId: number) {
  const [bill] = await sc.db((c) => billViews(c, { ids: [billId], includeDrafts: true }));
  if (!bill) throw new HttpError(404, 'Tagihan tidak ditemukan.');
  return bill;
}

/** Closes the bill's open charges at the provider, so nothing can be paid on a bill being reset or deleted. */
async function closeOpenCharges(sc: ServiceContext, billId: number) {
  const open = await sc.db((c) =>
    c.db
      .selectFrom('payment_charges')
      .select('order_id')
      .where('tenant_id', '=', c.tenantId)
      .where('header_id', '=', billId)
      .where('status', 'in', ['creating', 'pending'])
      .execute(),
  );
  const { gateway } = depsOf(sc);
  for (const o of open) {
    await gateway.cancel(o.order_id).catch(async () => {
      const now = await gateway.status(o.order_id).catch(() => {
        throw new HttpError(503, BILL_MSG.providerDown);
      });
      if (now && (now.status === 'settlement' || now.status === 'capture'))
        throw new HttpError(409, BILL_MSG.hasPayment);
    });
    await sc.tx((c) =>
      c.db
        .updateTable('payment_charges')
        .set({ status: 'cancel', updated_at: sql<Date>`now()` })
        .where('tenant_id', '=', c.tenantId)
        .where('order_id', '=', o.order_id)
        .where('status', 'in', ['creating', 'pending'])
        .execute(),
    );
  }
}

export async function resetBill(
  sc: ServiceContext,
  billId: number,
  reason: string | undefined,
  archive: boolean,
) {
  await sc.tx((c) =>
    lockBill(c, billId).then((b) => {
      if (b.paid_amount > 0) throw new HttpError(409, BILL_MSG.hasPayment);
    }),
  );
  await closeOpenCharges(sc, billId);
  await sc.tx((c) =>
    cancelBill(c, billId, { action: archive ? 'deleted' : 'reset', reason, userId: actor(sc) }, archive),
  );
}

/**
 * A change of a bill's lines (lines.ts), after the bill's open payment numbers are closed at the provider:
 * their amount would no longer be the bill's. A bill with money on it is refused before anything is closed.
 */
export async function editBillLines<T>(
  sc: ServiceContext,
  billId: number,
  edit: (c: TenantConn) => Promise<T>,
): Promise<T> {
  await sc.tx((c) =>
    lockBill(c, billId).then((b) => {
      if (b.state === 'cancelled') throw new HttpError(409, BILL_MSG.cancelled);
      if (b.paid_amount > 0) throw new HttpError(409, BILL_MSG.linesLocked);
    }),
  );
  await closeOpenCharges(sc, billId);
  return sc.tx(edit);
}

export async function publish(sc: ServiceContext, billId: number, notify: boolean) {
  const changed = await sc.tx((c) =>
    publishBill(c, billId, { action: 'published', userId: actor(sc) }, notify),
  );
  if (!changed) throw new HttpError(409, 'Tagihan sudah diterbitkan.');
  if (notify) void kickDelivery(sc.deps.jobs, sc.tenant.id);
}

export async function sendExpired(sc: ServiceContext, billId: number) {
  const [bill] = await sc.db((c) => billViews(c, { ids: [billId], includeDrafts: true }));
  if (!bill) throw new HttpError(404, 'Tagihan tidak ditemukan.');
  const expired = bill.installments.find((i) => !i.paid_at && i.charge?.is_expired);
  if (!expired?.charge) throw new HttpError(409, BILL_MSG.notExpired);
  await sc.tx((c) => paymentMessage(c, bill, 'expired', String(expired.charge!.id)));
  void kickDelivery(sc.deps.jobs, sc.tenant.id);
}

/** The receipt of the parent's own bill; 404 for anyone else's, 409 while nothing is paid. */
export async function parentReceipt(sc: ServiceContext, billId: number) {
  const [bill] = await sc.db((c) => billViews(c, { ids: [billId], includeDrafts: false }));
  if (!bill) throw notFound();
  await ownRegistrant(sc, bill.registrant_id);
  if (bill.paid_amount === 0) throw new HttpError(409, 'Belum ada pembayaran pada tagihan ini.');
  const file = await receiptPdf(bill, { name: sc.tenant.name, themeColor: sc.tenant.themeColor });
  return { file, name: `Bukti Pembayaran ${bill.type_name} ${bill.registration_number}.pdf` };
}

/** The QR image of a QRIS charge of the parent's own registrant. */
export async function parentQris(sc: ServiceContext, registrantId: number, chargeId: number) {
  await ownRegistrant(sc, registrantId);
  const row = await sc.db((c) =>
    c.db
      .selectFrom('payment_charges as p')
      .innerJoin('registrant_header_payments as h', (j) =>
        j.onRef('h.tenant_id', '=', 'p.tenant_id').onRef('h.id', '=', 'p.header_id'),
      )
      .select('p.qr_string')
      .where('p.tenant_id', '=', c.tenantId)
      .where('p.id', '=', chargeId)
      .where('h.registrant_id', '=', registrantId)
      .executeTakeFirst(),
  );
  if (!row?.qr_string) throw notFound();
  return QRCode.toBuffer(row.qr_string, { type: 'png', margin: 2, width: 320 });
}

/**
 * After a registrant moved (class or period), their unpaid bills are made again from the setup that now
 * applies: each is cancelled (its open payment numbers closed at the provider first) and billed anew with
 * the same type, published again if it was. Bills with money on them stay as they are and are named.
 */
export async function rebillRegistrant(sc: ServiceContext, registrantId: number) {
  const bills = await sc.db((c) =>
    c.db
      .selectFrom('registrant_header_payments')
      .select([
        'id',
        'mst_type_payment_id',
        'state',
        'paid_amount',
        'fixed_va',
        'unique_suffix',
        'show_at_graduation',
      ])
      .where('tenant_id', '=', c.tenantId)
      .where('registrant_id', '=', registrantId)
      .where('deleted_at', 'is', null)
      .where('state', '<>', 'cancelled')
      .execute(),
  );
  if (bills.length === 0) {
    const exists = await sc.db((c) =>
      c.db
        .selectFrom('registrants')
        .select('id')
        .where('tenant_id', '=', c.tenantId)
        .where('id', '=', registrantId)
        .executeTakeFirst(),
    );
    if (!exists) throw notFound('Calon murid tidak ditemukan.');
  }
  const kept: number[] = [];
  const made: number[] = [];
  for (const b of bills) {
    if (Number(b.paid_amount) > 0) {
      kept.push(b.id);
      continue;
    }
    await closeOpenCharges(sc, b.id);
    made.push(
      await sc.tx(async (c) => {
        await cancelBill(
          c,
          b.id,
          { action: 'rebilled', reason: 'Skema pembayaran mengikuti kelas/periode baru', userId: actor(sc) },
          false,
        );
        return createBill(
          c,
          registrantId,
          {
            mst_type_payment_id: b.mst_type_payment_id,
            fixed_va: b.fixed_va,
            unique_suffix: b.unique_suffix,
            show_at_graduation: b.show_at_graduation,
            is_submit: b.state !== 'draft',
          },
          actor(sc),
        );
      }),
    );
  }
  return { made, kept };
}
