import { orderIdPrefix } from '../../modules/payments';
import type { PoolClient } from '../pool';
import { bulkInsert, nextIds } from './bulk';
import type { FeeType, Frame } from './frame';
import { type BillPlan, entryBill, entryInstallments, otherBill, registrationBill } from './plan';
import type { Random } from './random';
import type { SeasonRegistrant } from './registrants';

export interface BillTally {
  /** Bills per plan: draft (not published), published, expired (published, its VA expired), partial, paid. */
  plans: Record<BillPlan, number>;
  /** Published bills: what they total, what is paid. */
  billed: number;
  paid: number;
  installmentsPaid: number;
  /**
   * The part of the above that belongs to withdrawn registrants (their bills stay; they leave the live lists).
   * Of their bills the money figures count only those paid in full: `paidBills`, `paidBilled` (their total, all
   * paid) and `paidBillInstallments`.
   */
  ofWithdrawn: {
    bills: number;
    paidBills: number;
    billed: number;
    paid: number;
    installmentsPaid: number;
    paidBilled: number;
    paidBillInstallments: number;
  };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const STATE: Record<BillPlan, string> = {
  draft: 'draft',
  published: 'published',
  expired: 'published',
  partial: 'partially_paid',
  paid: 'paid',
};
const between = (a: Date, b: Date, share: number) =>
  new Date(a.getTime() + (b.getTime() - a.getTime()) * share);
const isoDay = (d: Date) => new Date(d.getTime() + 7 * HOUR).toISOString().slice(0, 10);

/** When a bill of each kind is made: on registration, on acceptance, on re-registration. */
function billMoments(r: SeasonRegistrant, kind: 'registration' | 'entry' | 'other', now: Date) {
  const at = (action: string) => r.steps.find((s) => s.action === action)?.at;
  if (kind === 'registration')
    return { made: new Date(r.created.getTime() + 10 * 60_000), paidBy: at('submit') ?? now };
  const accepted = at('accept')!;
  if (kind === 'entry') return { made: accepted, paidBy: at('re_register') ?? now };
  const reRegistered = at('re_register') ?? accepted;
  return { made: reRegistered, paidBy: now };
}

/**
 * Bills of the season as the payments module leaves them: detail lines from the period's fee setup,
 * installments that add up to the total, a settled charge (or a staff approval) for every paid installment,
 * an expired charge where a VA ran out, the header's paid amount and state following its installments, and a
 * payment_history row for every change.
 */
export async function insertBills(
  client: PoolClient,
  f: Frame,
  registrants: SeasonRegistrant[],
  rnd: Random,
  now: Date,
): Promise<BillTally> {
  const [registration, ...rest] = f.types;
  const entry = rest.find((t) => t.installments);
  const others = rest.filter((t) => t !== entry);
  const wanted: {
    r: SeasonRegistrant;
    type: FeeType;
    plan: BillPlan;
    kind: 'registration' | 'entry' | 'other';
  }[] = [];
  for (const r of registrants) {
    if (registration)
      wanted.push({ r, type: registration, plan: registrationBill(r.status, rnd), kind: 'registration' });
    const e = entry && entryBill(r.status, rnd);
    if (entry && e) wanted.push({ r, type: entry, plan: e, kind: 'entry' });
    for (const type of others) {
      const o = otherBill(r.status, rnd);
      if (o) wanted.push({ r, type, plan: o, kind: 'other' });
    }
  }
  const bills = wanted.flatMap((w) => {
    const setting = w.type.byPeriod.get(w.r.place.periodId);
    const lines = setting?.lines.filter((l) => l.classId === null || l.classId === w.r.place.classId) ?? [];
    const total = lines.reduce((s, l) => s + l.amount, 0);
    if (!setting || total === 0) return [];
    const count = w.type.installments ? entryInstallments(rnd) : 1;
    const plan = w.plan === 'partial' && count < 2 ? 'published' : w.plan;
    return [{ ...w, plan, setting, lines, total, count }];
  });

  const headerIds = await nextIds(client, 'registrant_header_payments', bills.length);
  const installmentIds = await nextIds(
    client,
    'registrant_installment_payments',
    bills.reduce((s, b) => s + b.count, 0),
  );
  const tally: BillTally = {
    plans: { draft: 0, published: 0, expired: 0, partial: 0, paid: 0 },
    billed: 0,
    paid: 0,
    installmentsPaid: 0,
    ofWithdrawn: {
      bills: 0,
      paidBills: 0,
      billed: 0,
      paid: 0,
      installmentsPaid: 0,
      paidBilled: 0,
      paidBillInstallments: 0,
    },
  };
  const headers: unknown[][] = [];
  const details: unknown[][] = [];
  const installments: unknown[][] = [];
  const charges: { row: unknown[] }[] = [];
  const history: unknown[][] = [];
  let nextInstallment = 0;

  bills.forEach((b, bi) => {
    const id = headerIds[bi]!;
    const { r, setting } = b;
    const { made, paidBy } = billMoments(r, b.kind, now);
    const published = b.plan === 'draft' ? null : new Date(made.getTime() + 5 * 60_000);
    const due = setting.dueDate ?? isoDay(new Date(made.getTime() + 30 * DAY));
    tally.plans[b.plan] += 1;
    for (const l of b.lines)
      details.push([f.tenantId, id, r.place.schoolId, 'component', l.paymentId, l.name, l.amount, made]);
    history.push([f.tenantId, id, r.place.schoolId, 'created', 'draft', 'draft', f.staffId, made]);
    if (published)
      history.push([
        f.tenantId,
        id,
        r.place.schoolId,
        'published',
        'draft',
        'published',
        f.staffId,
        published,
      ]);

    const paidCount = b.plan === 'paid' ? b.count : b.plan === 'partial' ? rnd.int(1, b.count - 1) : 0;
    const part = Math.floor(b.total / b.count);
    let paid = 0;
    let state = published ? 'published' : 'draft';
    let lastPaid: Date | null = null;
    for (let seq = 1; seq <= b.count; seq++) {
      const instId = installmentIds[nextInstallment++]!;
      const amount = seq === b.count ? b.total - part * (b.count - 1) : part;
      const instDue = isoDay(
        new Date(new Date(`${due}T00:00:00+07:00`).getTime() - (b.count - seq) * 30 * DAY),
      );
      const channel = rnd.pick(setting.channels.filter((c) => c !== 'qris').concat(['bca']));
      const paidNow = seq <= paidCount;
      // Paid ones spread between publication and the moment they had to be paid by, in order.
      const at = paidNow
        ? between(published!, paidBy, ((seq / (paidCount + 1)) * (1 + rnd.next())) / 2)
        : null;
      const viaProvider = paidNow && rnd.chance(0.8);
      const manual = paidNow && !viaProvider;
      installments.push([
        f.tenantId,
        instId,
        id,
        r.place.schoolId,
        seq,
        amount,
        instDue,
        at,
        viaProvider ? 'provider' : manual ? 'manual' : null,
        manual ? f.staffId : null,
        manual ? rnd.pick(['cash', 'transfer']) : null,
        manual ? 'Dibayar di loket sekolah' : null,
        made,
      ]);
      if (at) {
        paid += amount;
        lastPaid = at;
        const asked = new Date(at.getTime() - 20 * 60_000);
        const expires = new Date(asked.getTime() + setting.expiryHours * HOUR);
        if (viaProvider)
          charges.push({
            row: [instId, id, r.place.schoolId, r.userId, channel, amount, 'settlement', asked, at, expires],
          });
        const to = paid === b.total ? 'paid' : 'partially_paid';
        const by = manual ? f.staffId : null;
        const action = manual ? 'manual_payment' : 'provider_payment';
        history.push([f.tenantId, id, r.place.schoolId, action, state, to, by, at]);
        state = to;
      } else if (b.plan === 'expired' && seq === paidCount + 1) {
        // An expired VA: the parent asked for a number and let it run out.
        const asked = between(published!, now, 0.3);
        const expires = new Date(asked.getTime() + setting.expiryHours * HOUR);
        if (expires < now)
          charges.push({
            row: [instId, id, r.place.schoolId, r.userId, channel, amount, 'expire', asked, null, expires],
          });
      }
    }
    if (published) {
      tally.billed += b.total;
      tally.paid += paid;
    }
    tally.installmentsPaid += paidCount;
    if (r.status === 'withdrawn') {
      const w = tally.ofWithdrawn;
      w.installmentsPaid += paidCount;
      if (published) {
        w.bills += 1;
        w.paidBills += b.plan === 'paid' ? 1 : 0;
        w.billed += b.total;
        w.paid += paid;
      }
      if (published && b.plan === 'paid') {
        w.paidBilled += b.total;
        w.paidBillInstallments += paidCount;
      }
    }
    headers.push([
      f.tenantId,
      id,
      r.id,
      r.place.schoolId,
      b.type.id,
      STATE[b.plan],
      b.total,
      paid,
      due,
      `{${setting.channels.join(',')}}`,
      setting.expiryHours,
      setting.showAtGraduation,
      published,
      state === 'paid' ? lastPaid : null,
      f.staffId,
      made,
      lastPaid ?? published ?? made,
    ]);
  });

  await bulkInsert(
    client,
    'registrant_header_payments',
    [
      ['tenant_id', 'int'],
      ['id', 'int'],
      ['registrant_id', 'int'],
      ['school_id', 'int'],
      ['mst_type_payment_id', 'int'],
      ['state', 'text'],
      ['total_amount', 'int8'],
      ['paid_amount', 'int8'],
      ['due_date', 'date'],
      ['channels', 'text', 'text[]'],
      ['expiry_hours', 'int'],
      ['show_at_graduation', 'bool'],
      ['published_at', 'timestamptz'],
      ['paid_at', 'timestamptz'],
      ['created_by', 'int'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
    headers,
  );
  await bulkInsert(
    client,
    'registrant_detail_payments',
    [
      ['tenant_id', 'int'],
      ['header_id', 'int'],
      ['school_id', 'int'],
      ['kind', 'text'],
      ['mst_payment_id', 'int'],
      ['name', 'text'],
      ['amount', 'int8'],
      ['created_at', 'timestamptz'],
    ],
    details,
  );
  await bulkInsert(
    client,
    'registrant_installment_payments',
    [
      ['tenant_id', 'int'],
      ['id', 'int'],
      ['header_id', 'int'],
      ['school_id', 'int'],
      ['seq', 'int2'],
      ['amount', 'int8'],
      ['due_date', 'date'],
      ['paid_at', 'timestamptz'],
      ['paid_via', 'text'],
      ['approved_by', 'int'],
      ['approval_method', 'text'],
      ['approval_reason', 'text'],
      ['created_at', 'timestamptz'],
    ],
    installments,
  );
  const chargeIds = await nextIds(client, 'payment_charges', charges.length);
  const prefix = orderIdPrefix(f.tenantId);
  await bulkInsert(
    client,
    'payment_charges',
    [
      ['tenant_id', 'int'],
      ['id', 'int8'],
      ['order_id', 'text'],
      ['purpose', 'text'],
      ['installment_id', 'int'],
      ['header_id', 'int'],
      ['school_id', 'int'],
      ['user_id', 'int'],
      ['channel', 'text'],
      ['amount', 'int8'],
      ['fee_amount', 'int8'],
      ['status', 'text'],
      ['created_at', 'timestamptz'],
      ['settled_at', 'timestamptz'],
      ['expires_at', 'timestamptz'],
      ['va_number', 'text'],
      ['transaction_id', 'text'],
      ['updated_at', 'timestamptz'],
    ],
    charges.map(({ row }, i) => {
      const [instId, headerId, schoolId, userId, channel, amount, status, created, settled, expires] = row;
      const id = chargeIds[i]!;
      return [
        f.tenantId,
        id,
        `${prefix}${id}`,
        'installment',
        instId,
        headerId,
        schoolId,
        userId,
        channel,
        amount,
        4000,
        status,
        created,
        settled,
        expires,
        `8808${String(id).padStart(12, '0')}`,
        `sim-${f.tenantId}-${id}`,
        settled ?? expires,
      ];
    }),
  );
  await client.query(
    `UPDATE registrant_installment_payments i SET paid_charge_id = c.id FROM payment_charges c
     WHERE i.tenant_id = $1 AND c.tenant_id = $1 AND c.installment_id = i.id AND c.status = 'settlement'
       AND c.id = ANY($2::int8[])`,
    [f.tenantId, chargeIds],
  );
  await bulkInsert(
    client,
    'payment_history',
    [
      ['tenant_id', 'int'],
      ['header_id', 'int'],
      ['school_id', 'int'],
      ['action', 'text'],
      ['from_state', 'text'],
      ['to_state', 'text'],
      ['user_id', 'int'],
      ['created_at', 'timestamptz'],
    ],
    history,
  );
  return tally;
}
