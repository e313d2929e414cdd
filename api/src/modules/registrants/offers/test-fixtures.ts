/** Fixtures of the offers api tests (jest only). */
import crypto from 'node:crypto';
import type { ParentOffer } from '@psb/contracts';
import type { AppPerFile } from '../../../../test/app-per-file';
import { api, call, type TestContext } from '../../../../test/helpers';
import { type openPeriod, registrantIn } from '../../../../test/parent-journey';

type Period = Awaited<ReturnType<typeof openPeriod>>;

/** A registrant of a new parent ("Ibu Uji") in the period, moved to "verified" as staff would. */
export async function verifiedRegistrant(t: TestContext, p: Period) {
  const { id, parent } = await registrantIn(t, p);
  await t.ownerPool.query(
    `UPDATE registrants SET status = 'verified', is_submit = true, is_verified = true, locked = true,
       submitted_at = now(), name = $2 WHERE id = $1`,
    [id, `Murid ${crypto.randomBytes(3).toString('hex')}`],
  );
  return { id, parent };
}

/** An accepted and a reserve result status, with names unique to the test. */
export async function resultStatuses(t: TestContext, tenantId: number) {
  const tag = crypto.randomBytes(3).toString('hex');
  const add = async (name: string, accepted: boolean, reserve: boolean) => {
    const { rows } = await t.ownerPool.query<{ id: number }>(
      `INSERT INTO mst_accepted_statuses (tenant_id, name, is_accepted, is_reserve) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [tenantId, name, accepted, reserve],
    );
    return { id: rows[0]!.id, name };
  };
  return {
    accepted: await add(`Lulus ${tag}`, true, false),
    reserve: await add(`Cadangan ${tag}`, false, true),
  };
}

type Family = { id: number; parent: { token: string } };

/** The offer calls of the tests: staff publish a result; the parent reads, signs or declines the offer. */
export function offerCalls(t: AppPerFile, parentName: string) {
  return {
    async publish(id: number, statusId: number) {
      const res = await call(t.app, {
        method: 'POST',
        url: api(`/registrant/publish/${id}`),
        token: t.admin,
        payload: { mst_accepted_status_id: statusId },
      });
      if (res.status !== 200) throw new Error(`publish: ${res.status} ${JSON.stringify(res.body)}`);
    },
    async offerOf(r: Family) {
      const res = await call(t.app, {
        method: 'GET',
        url: api(`/registrant/offer/${r.id}`),
        token: r.parent.token,
      });
      if (res.status !== 200) throw new Error(`offer: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data as ParentOffer;
    },
    sign: (r: Family, full_name = parentName, consent: unknown = true) =>
      call(t.app, {
        method: 'POST',
        url: api(`/registrant/offer/${r.id}/sign`),
        token: r.parent.token,
        payload: { full_name, consent },
      }),
    decline: (r: Family) =>
      call(t.app, {
        method: 'POST',
        url: api(`/registrant/offer/${r.id}/decline`),
        token: r.parent.token,
        payload: { reason: 'Diterima di sekolah lain', note: 'Dekat rumah' },
      }),
  };
}

/** A re-registration bill (shown at graduation) of Rp1.500.000 for the registrant, of a new payment type. */
export async function reRegistrationBill(t: AppPerFile, r: Family, tenantId: number) {
  const { rows } = await t.ownerPool.query<{ id: number }>(
    'INSERT INTO mst_type_payments (tenant_id, name, code) VALUES ($1, $2, $2) RETURNING id',
    [tenantId, `Daftar Ulang ${crypto.randomBytes(3).toString('hex')}`],
  );
  const res = await call(t.app, {
    method: 'POST',
    url: api(`/registrant/payment/${r.id}`),
    token: t.admin,
    payload: { mst_type_payment_id: rows[0]!.id, cost: 1_500_000, is_submit: true, show_at_graduation: true },
  });
  if (res.status !== 201) throw new Error(`bill: ${res.status} ${JSON.stringify(res.body)}`);
  const billId = (res.body.data as { id: number }).id;
  const bill = await call(t.app, {
    method: 'GET',
    url: api(`/registrant_header_payment/${billId}`),
    token: t.admin,
  });
  return {
    billId,
    installmentId: (bill.body.data as { installments: { id: number }[] }).installments[0]!.id,
  };
}
