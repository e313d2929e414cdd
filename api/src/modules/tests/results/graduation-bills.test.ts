import crypto from 'node:crypto';
import type { DashboardData } from '@psb/contracts';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';
import { openPeriod } from '../../../../test/parent-journey';
import { registrantRow, resultStatuses, verifiedRegistrant } from './test-fixtures';

jest.setTimeout(180_000);

/**
 * The entry fee ("Tampilkan Saat Kelulusan") billed to a whole period before the announcement is the family's
 * to pay only once the child is accepted: a rejected child's bill is cancelled with a history row, a reserve
 * child's waits unseen and uncounted until the child is accepted.
 */

const t = appPerFile({ dashboardCacheMs: 0 });
const FEE = 2_400_000;

type Registrant = Awaited<ReturnType<typeof verifiedRegistrant>>;

const staffGet = async (url: string) => {
  const res = await call(t.app, { method: 'GET', url: api(url), token: t.admin });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

async function publish(r: Registrant, statusId: number) {
  const res = await call(t.app, {
    method: 'POST',
    url: api(`/registrant/publish/${r.id}`),
    token: t.admin,
    payload: { mst_accepted_status_id: statusId },
  });
  if (res.status !== 200) throw new Error(`publish: ${res.status} ${JSON.stringify(res.body)}`);
}

/** What the parent is shown: the bills of the payment page and those beside the result on the card. */
async function parentSees(r: Registrant) {
  const bills = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_payment/${r.id}`),
    token: r.parent.token,
  });
  const graduation = await call(t.app, {
    method: 'GET',
    url: api(`/registrant/graduation/${r.id}`),
    token: r.parent.token,
  });
  expect([bills.status, graduation.status]).toEqual([200, 200]);
  return {
    bills: (bills.body.data as { id: number }[]).map((b) => b.id),
    card: ((graduation.body.data as { bills: { id: number }[] }).bills ?? []).map((b) => b.id),
  };
}

/** The parent asks for a payment number for an installment of the bill. */
function parentCharge(r: Registrant, installmentId: number) {
  return call(t.app, {
    method: 'POST',
    url: api(`/registrant_payment/${r.id}/charge`),
    token: r.parent.token,
    payload: { installment_id: installmentId, channel: 'bca' },
  });
}

async function signAgreement(r: Registrant) {
  const res = await call(t.app, {
    method: 'POST',
    url: api(`/registrant/offer/${r.id}/sign`),
    token: r.parent.token,
    payload: { full_name: 'Ibu Uji', consent: true },
  });
  expect(res.status).toBe(200);
}

describe('bills shown at graduation', () => {
  it('reach and count for accepted children only; a rejected child’s is cancelled, a reserve child’s waits', async () => {
    const p = await openPeriod(t);
    const s = await resultStatuses(t, p.tenant_id);
    const [accepted, rejected, reserve] = [
      await verifiedRegistrant(t, p),
      await verifiedRegistrant(t, p),
      await verifiedRegistrant(t, p),
    ];
    const { rows } = await t.ownerPool.query<{ id: number }>(
      'INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, $2, $2) RETURNING id',
      [p.tenant_id, `Uang Pangkal ${crypto.randomBytes(3).toString('hex')}`],
    );
    const typeId = rows[0]!.id;
    const outstanding = async () => {
      const report = (await staffGet(`/report/payment_report?mst_type_payment_id=${typeId}`)).data as {
        totals: { outstanding?: number };
      };
      const dashboard = (await staffGet(`/report/dashboard?school_period_id=${p.periodId}`))
        .data as DashboardData;
      // The dashboard's running sums and the report say the same.
      expect(dashboard.money.outstanding).toBe(report.totals.outstanding ?? 0);
      return report.totals.outstanding ?? 0;
    };

    // Staff bill the entry fee for the whole period before the announcement.
    const billOf = new Map<number, number>();
    const installmentOf = new Map<number, number>();
    for (const r of [accepted, rejected, reserve]) {
      const res = await call(t.app, {
        method: 'POST',
        url: api(`/registrant/payment/${r.id}`),
        token: t.admin,
        payload: { mst_type_payment_id: typeId, cost: FEE, is_submit: true, show_at_graduation: true },
      });
      expect(res.status).toBe(201);
      const billId = (res.body.data as { id: number }).id;
      billOf.set(r.id, billId);
      const bill = (await staffGet(`/registrant_header_payment/${billId}`)).data as {
        installments: { id: number }[];
      };
      installmentOf.set(r.id, bill.installments[0]!.id);
    }
    expect(await outstanding()).toBe(0);
    expect(await parentSees(accepted)).toEqual({ bills: [], card: [] });
    expect((await parentCharge(accepted, installmentOf.get(accepted.id)!)).status).toBe(404);

    await publish(accepted, s.accepted.id);
    await publish(rejected, s.rejected.id);
    await publish(reserve, s.reserve.id);
    expect((await registrantRow(t, rejected.id)).status).toBe('rejected');

    // The accepted child: seen on the card and the payment page, payable, counted.
    expect(await parentSees(accepted)).toEqual({
      bills: [billOf.get(accepted.id)],
      card: [billOf.get(accepted.id)],
    });
    // Payable once the parent has signed the enrolment agreement.
    expect((await parentCharge(accepted, installmentOf.get(accepted.id)!)).status).toBe(409);
    await signAgreement(accepted);
    expect((await parentCharge(accepted, installmentOf.get(accepted.id)!)).status).toBe(200);
    expect(await outstanding()).toBe(FEE);

    // The rejected child: nothing to see or pay; the bill is cancelled, and its history says why.
    expect(await parentSees(rejected)).toEqual({ bills: [], card: [] });
    expect((await parentCharge(rejected, installmentOf.get(rejected.id)!)).status).toBe(404);
    const { rows: history } = await t.ownerPool.query(
      `SELECT h.state, ph.action, ph.to_state, ph.reason FROM registrant_header_payments h
       JOIN payment_history ph ON ph.tenant_id = h.tenant_id AND ph.header_id = h.id
       WHERE h.id = $1 ORDER BY ph.id`,
      [billOf.get(rejected.id)],
    );
    expect(history.at(-1)).toEqual({
      state: 'cancelled',
      action: 'cancelled_not_accepted',
      to_state: 'cancelled',
      reason: expect.stringContaining('tidak diterima'),
    });

    // The reserve child: not yet; accepted later from the reserve list, the same bill reaches the family.
    expect(await parentSees(reserve)).toEqual({ bills: [], card: [] });
    expect((await parentCharge(reserve, installmentOf.get(reserve.id)!)).status).toBe(404);
    await publish(reserve, s.accepted.id);
    expect(await parentSees(reserve)).toEqual({
      bills: [billOf.get(reserve.id)],
      card: [billOf.get(reserve.id)],
    });
    expect(await outstanding()).toBe(2 * FEE);
  });
});
