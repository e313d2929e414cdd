import { BILL_MSG, type Channel, type ChargeView } from '@psb/contracts';
import { sql } from 'kysely';
import type { Pool } from '../../db/pool';
import { EVERY_SCHOOL, type SchoolScope, type TenantConn, withTenantTx } from '../../db/tenant-db';
import { type PaymentGateway, ProviderError, type ProviderOrder } from '../../integrations/midtrans/types';
import { feeForChannel } from '../../lib/convenience-fee';
import { HttpError } from '../../lib/http-error';
import { applyProviderOrder } from './settle';

/** Order ids name their tenant, so a notification (which carries nothing else) finds its way back. */
export const ORDER_PREFIX = 'PSB';
/** What comes before the charge id in the order ids of a tenant. */
export const orderIdPrefix = (tenantId: number) => `${ORDER_PREFIX}-${tenantId}-`;
const ORDER_ID = /^PSB-([1-9][0-9]{0,9})-([1-9][0-9]{0,18})$/;
export function parseOrderId(orderId: string): { tenantId: number; chargeId: string } | null {
  const m = ORDER_ID.exec(orderId);
  return m ? { tenantId: Number(m[1]), chargeId: m[2]! } : null;
}

export interface PaymentDeps {
  pool: Pool;
  gateway: PaymentGateway;
}

export interface ChargeTarget {
  installmentId: number;
  channel?: Channel | undefined;
  /** Who asked: the parent, or staff (for the record). */
  userId: number | null;
}

/** What a charge collects, as each purpose's preparer describes it (inside its locking transaction). */
export interface ChargeRequest {
  purpose: 'installment' | 'voucher' | 'order';
  installmentId?: number;
  headerId?: number;
  /** The voucher purchase or item order paid by the charge. */
  subjectId?: number;
  schoolId: number | null;
  userId: number;
  channel: Channel;
  /** What is collected before the convenience fee. */
  amount: number;
  expiryHours: number;
  /** Asks the provider for this VA number (the digits of the registration number) on every charge. */
  customVa?: string | undefined;
  customer: { name: string; email?: string | undefined; phone?: string | undefined };
  items: { id: string; name: string; price: number; quantity: number }[];
  /** An open order (other channel, or past its expiry) to close at the provider first. */
  close: string | null;
}

/** A purpose's preparer: locks what is paid for, checks it may be paid, and either returns the still-open
 * charge or describes a new one. It runs again after an old order is closed, so a payment that arrived on
 * the closed order is seen. */
export type PrepareCharge = (c: TenantConn) => Promise<{ existing: ChargeView } | ChargeRequest>;

const digits = (s: string) => s.replace(/\D/g, '');

/** Opens (or returns the still-open) charge for an installment. */
export function openCharge(deps: PaymentDeps, tenantId: number, scope: SchoolScope, t: ChargeTarget) {
  return openChargeFor(deps, tenantId, scope, (c) => prepareInstallment(c, t));
}

/**
 * Opens a charge for whatever `prepare` describes: the attempt is written and committed before the provider is
 * called, so a crash in between leaves a `creating` row that the reconciler settles by asking the provider.
 * An open charge on another channel, or past its expiry, is closed first.
 */
export async function openChargeFor(
  deps: PaymentDeps,
  tenantId: number,
  scope: SchoolScope,
  prepare: PrepareCharge,
): Promise<ChargeView> {
  const first = await withTenantTx(deps.pool, tenantId, prepare, scope);
  if ('existing' in first) return first.existing;
  if (first.close) await closeAtProvider(deps, tenantId, scope, first.close);
  const recorded = await withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      const p = first.close ? await prepare(c) : first;
      if ('existing' in p) return p;
      return { ...(await recordAttempt(c, p)), request: p };
    },
    scope,
  );
  if ('existing' in recorded) return recorded.existing;
  const order = await chargeAtProvider(deps, tenantId, scope, recorded, recorded.request);
  return withTenantTx(deps.pool, tenantId, (c) => applyProviderOrder(c, order, 'charge'), scope).then(() =>
    chargeById(deps.pool, tenantId, scope, recorded.id),
  );
}

type RecordedAttempt = Awaited<ReturnType<typeof recordAttempt>>;

/**
 * Asks the provider for a recorded attempt. A refusal closes the attempt (502); an unknown outcome leaves it
 * `creating` for the reconciler, which asks the provider and finishes it (503).
 */
async function chargeAtProvider(
  deps: PaymentDeps,
  tenantId: number,
  scope: SchoolScope,
  recorded: RecordedAttempt,
  p: ChargeRequest,
): Promise<ProviderOrder> {
  try {
    return await deps.gateway.charge({
      orderId: recorded.order_id,
      grossAmount: recorded.gross,
      channel: p.channel,
      customVaNumber: p.customVa,
      expiry: { orderTime: new Date(), minutes: p.expiryHours * 60 },
      customer: p.customer,
      items: [
        ...p.items.map((i) => ({ ...i, name: i.name.slice(0, 50) })),
        ...(recorded.fee > 0 ? [{ id: 'fee', name: 'Biaya Admin', price: recorded.fee, quantity: 1 }] : []),
      ],
    });
  } catch (err) {
    if (err instanceof ProviderError && !err.uncertain) {
      await withTenantTx(
        deps.pool,
        tenantId,
        (c) =>
          c.db
            .updateTable('payment_charges')
            .set({ status: 'error', error_message: err.message.slice(0, 500), updated_at: sql<Date>`now()` })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', recorded.id)
            .where('status', '=', 'creating')
            .execute(),
        scope,
      );
      throw new HttpError(502, `Penyedia pembayaran menolak permintaan: ${err.message}`);
    }
    // Unknown outcome: the row stays `creating`; the reconciler asks the provider and finishes it.
    throw new HttpError(503, BILL_MSG.providerDown);
  }
}

/**
 * Opens a charge for each of many installments (bulk billing), with the same rules as `openCharge`: every
 * attempt is recorded and committed (one transaction for all) before the provider hears of any, the provider
 * calls run `inFlight` at once, and the answers are applied in one transaction. An installment with an open
 * charge to close first goes the single way. Resolves to the installments whose charge is open.
 */
export async function openChargesInBulk(
  deps: PaymentDeps,
  tenantId: number,
  targets: ChargeTarget[],
  inFlight: number,
): Promise<Set<number>> {
  const scope = EVERY_SCHOOL;
  const opened = new Set<number>();
  const single: ChargeTarget[] = [];
  type Attempt = { target: ChargeTarget; recorded: RecordedAttempt; request: ChargeRequest };
  const prepareAll = () =>
    withTenantTx(
      deps.pool,
      tenantId,
      async (c) => {
        const made: Attempt[] = [];
        const fees: FeeCache = new Map();
        const ids = targets.map((t) => t.installmentId);
        const rows = new Map((await installmentRows(c, ids)).map((r) => [r.id, r]));
        const open = new Map(
          (
            await c.db
              .selectFrom('payment_charges')
              .select([...OPEN_CHARGE_COLUMNS, 'installment_id'])
              .where('tenant_id', '=', c.tenantId)
              .where('status', 'in', ['creating', 'pending'])
              .where('installment_id', 'in', ids)
              .execute()
          ).map((o) => [o.installment_id!, o]),
        );
        for (const target of targets) {
          const id = target.installmentId;
          // A refusal (paid, cancelled, …) comes before any write: that installment is left out, the rest go on.
          const p = await describeInstallmentCharge(
            target,
            rows.get(id),
            openChargeFrom(c, open.get(id)),
          ).catch((err) => {
            if (err instanceof HttpError) return null;
            throw err;
          });
          if (!p) continue;
          if ('existing' in p) opened.add(target.installmentId);
          else if (p.close) single.push(target);
          else made.push({ target, recorded: await recordAttempt(c, p, fees), request: p });
        }
        return made;
      },
      scope,
    );
  const attempts = await prepareAll().catch(() => {
    // Something unexpected failed and nothing of the batch was written: each installment the single way.
    opened.clear();
    single.splice(0, single.length, ...targets);
    return [] as Attempt[];
  });
  const answers: { installmentId: number; order: ProviderOrder }[] = [];
  await eachLimited(attempts, inFlight, async (a) => {
    const order = await chargeAtProvider(deps, tenantId, scope, a.recorded, a.request).catch(() => null);
    if (order) answers.push({ installmentId: a.target.installmentId, order });
  });
  const apply = async (c: TenantConn, a: (typeof answers)[number]) => {
    await applyProviderOrder(c, a.order, 'charge');
    opened.add(a.installmentId);
  };
  await withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      for (const a of answers) await apply(c, a);
    },
    scope,
  ).catch(async () => {
    // One answer could not be applied: apply them one by one so the others still count.
    for (const a of answers)
      await withTenantTx(deps.pool, tenantId, (c) => apply(c, a), scope).catch(() => undefined);
  });
  await eachLimited(single, 1, async (target) => {
    await openCharge(deps, tenantId, scope, target).then(
      () => opened.add(target.installmentId),
      () => undefined,
    );
  });
  return opened;
}

/** `fn` over the items, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The open charge of a subject (`where` picks it), still good on `channel`, or what to close first. */
export async function openChargeOf(
  c: TenantConn,
  where: { installmentId: number } | { purpose: 'voucher' | 'order'; subjectId: number },
) {
  let q = c.db
    .selectFrom('payment_charges')
    .select(OPEN_CHARGE_COLUMNS)
    .where('tenant_id', '=', c.tenantId)
    .where('status', 'in', ['creating', 'pending']);
  q =
    'installmentId' in where
      ? q.where('installment_id', '=', where.installmentId)
      : q.where('purpose', '=', where.purpose).where('subject_id', '=', where.subjectId);
  return openChargeFrom(c, await q.orderBy('id', 'desc').executeTakeFirst());
}

const OPEN_CHARGE_COLUMNS = ['id', 'order_id', 'channel', 'status', 'expires_at'] as const;
type OpenCharge = {
  id: string | number;
  order_id: string;
  channel: string;
  status: string;
  expires_at: Date | null;
};

function openChargeFrom(c: TenantConn, open: OpenCharge | undefined) {
  return {
    open,
    /** The still-good charge on `channel`, or null; throws while another attempt is being created. */
    async reuse(channel: Channel) {
      if (
        open &&
        open.status === 'pending' &&
        open.channel === channel &&
        open.expires_at &&
        open.expires_at > new Date()
      )
        return chargeView(c, Number(open.id));
      if (open?.status === 'creating')
        throw new HttpError(409, 'Nomor pembayaran sedang dibuat. Silakan tunggu sebentar lalu muat ulang.');
      return null;
    },
  };
}

function prepareInstallment(c: TenantConn, t: ChargeTarget) {
  return installmentRows(c, [t.installmentId]).then(async ([row]) =>
    describeInstallmentCharge(t, row, await openChargeOf(c, { installmentId: t.installmentId })),
  );
}

/** The installments to charge with what a charge needs of their bill, registrant and parent, locked. */
function installmentRows(c: TenantConn, ids: number[]) {
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
async function describeInstallmentCharge(
  t: ChargeTarget,
  row: InstallmentRow | undefined,
  { open, reuse }: ReturnType<typeof openChargeFrom>,
): Promise<{ existing: ChargeView } | ChargeRequest> {
  if (!row) throw new HttpError(404, 'Cicilan tidak ditemukan.');
  if (row.state === 'draft') throw new HttpError(409, BILL_MSG.notPublished);
  if (row.state === 'cancelled') throw new HttpError(409, BILL_MSG.cancelled);
  if (row.paid_at) throw new HttpError(409, BILL_MSG.installmentPaid);
  const channels = row.channels as Channel[];
  const channel = t.channel ?? (open?.channel as Channel | undefined) ?? channels[0]!;
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

/** The convenience fee of a channel and amount, remembered for the rest of a batch. */
type FeeCache = Map<string, Awaited<ReturnType<typeof feeForChannel>>>;

async function recordAttempt(c: TenantConn, p: ChargeRequest, fees?: FeeCache) {
  const feeKey = `${p.channel}:${p.amount}`;
  const fee = fees?.get(feeKey) ?? (await feeForChannel(c.db, p.channel, p.amount));
  fees?.set(feeKey, fee);
  // The order id carries the row's own id, so both come from one sequence value in one statement.
  const { rows } = await sql<{ id: string; order_id: string }>`
    INSERT INTO payment_charges (tenant_id, id, order_id, purpose, installment_id, header_id, subject_id, school_id,
                                 user_id, channel, amount, fee_amount)
    SELECT ${c.tenantId}::int, x.id, ${orderIdPrefix(c.tenantId)} || x.id, ${p.purpose}, ${p.installmentId ?? null}::int,
           ${p.headerId ?? null}::int, ${p.subjectId ?? null}::int, ${p.schoolId}::int, ${p.userId}::int, ${p.channel},
           ${p.amount}::bigint, ${fee.fee}::bigint
    FROM (SELECT nextval(pg_get_serial_sequence('payment_charges', 'id')) AS id) x
    RETURNING id::text, order_id`.execute(c.db);
  const row = rows[0]!;
  return { id: Number(row.id), order_id: row.order_id, fee: fee.fee, gross: p.amount + fee.fee };
}

/**
 * Closes an open order at the provider before another is opened (a paid one is applied instead; the preparer,
 * run again, then refuses). Also used when a parent cancels a purchase.
 */
export async function closeAtProvider(
  deps: PaymentDeps,
  tenantId: number,
  scope: SchoolScope,
  orderId: string,
) {
  let order: ProviderOrder | null;
  try {
    order = await deps.gateway.cancel(orderId);
  } catch (err) {
    if (!(err instanceof ProviderError) || err.uncertain) throw new HttpError(503, BILL_MSG.providerDown);
    // Refused (e.g. already paid or expired there): what the provider knows now decides.
    order = await deps.gateway.status(orderId).catch(() => {
      throw new HttpError(503, BILL_MSG.providerDown);
    });
  }
  await withTenantTx(
    deps.pool,
    tenantId,
    async (c) => {
      if (order) await applyProviderOrder(c, order, 'charge');
      else
        await c.db
          .updateTable('payment_charges')
          .set({ status: 'cancel', updated_at: sql<Date>`now()` })
          .where('tenant_id', '=', tenantId)
          .where('order_id', '=', orderId)
          .where('status', 'in', ['creating', 'pending'])
          .execute();
    },
    scope,
  );
}

export function chargeById(pool: Pool, tenantId: number, scope: SchoolScope, id: number) {
  return withTenantTx(pool, tenantId, (c) => chargeView(c, id), scope);
}

export const CHARGE_COLUMNS = [
  'id',
  'order_id',
  'channel',
  'status',
  'amount',
  'fee_amount',
  'gross_amount',
  'va_number',
  'biller_code',
  'bill_key',
  'qr_string',
  'expires_at',
  'settled_at',
] as const;

export async function chargeView(c: TenantConn, id: number) {
  const r = await c.db
    .selectFrom('payment_charges')
    .select(CHARGE_COLUMNS)
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return toChargeView(r);
}

type ChargeRow = {
  id: string | number;
  order_id: string;
  channel: string;
  status: string;
  amount: string | number;
  fee_amount: string | number;
  gross_amount: string | number | null;
  va_number: string | null;
  biller_code: string | null;
  bill_key: string | null;
  qr_string: string | null;
  expires_at: Date | null;
  settled_at: Date | null;
};

export function toChargeView(r: ChargeRow) {
  const expired =
    r.status === 'expire' || (r.status === 'pending' && !!r.expires_at && r.expires_at <= new Date());
  return {
    id: Number(r.id),
    order_id: r.order_id,
    channel: r.channel as Channel,
    status: r.status,
    amount: Number(r.amount),
    fee_amount: Number(r.fee_amount),
    gross_amount: Number(r.gross_amount),
    va_number: r.va_number,
    biller_code: r.biller_code,
    bill_key: r.bill_key,
    qr_string: r.qr_string,
    expires_at: r.expires_at?.toISOString() ?? null,
    settled_at: r.settled_at?.toISOString() ?? null,
    is_expired: expired,
  };
}
