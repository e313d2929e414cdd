import { setupTestApp, type TestContext } from '../../../test/helpers';
import { createMidtransGateway } from './gateway';
import {
  createMidtransSimulator,
  type MidtransSimulator,
  SIMULATOR_CORE_URL,
  SIMULATOR_IRIS_URL,
} from './simulator';
import { type PaymentGateway, ProviderError } from './types';

let t: TestContext;
let sim: MidtransSimulator;
let gw: Required<PaymentGateway>;

beforeAll(async () => {
  // The bank side moves payouts only when told (advance), so each step can be checked.
  sim = createMidtransSimulator({
    notificationPath: '/simulator/midtrans/expire_due',
    sweepMs: 0,
    processPayouts: false,
  });
  t = await setupTestApp({ midtransSimulator: sim });
  gw = t.app.ctx.payments as Required<PaymentGateway>;
});
afterAll(async () => {
  await sim.idle();
  await t.close();
});

const advance = (ref: string, fail = false) =>
  t.app.inject({
    method: 'POST',
    url: `/simulator/midtrans/iris/api/v1/payouts/${ref}/advance`,
    headers: { authorization: `Basic ${Buffer.from(`${sim.irisKey}:`).toString('base64')}` },
    payload: { fail },
  });

const payout = (amount: number) => ({
  beneficiaryName: 'Yayasan Al Ikhlas',
  beneficiaryAccount: '1234567890',
  beneficiaryBank: 'bca',
  beneficiaryEmail: 'bendahara@example.id',
  amount,
  notes: 'Pencairan PSB November',
});

describe('Iris payouts', () => {
  it('walks queued → approved → processed → completed and lists the payout by date', async () => {
    const from = new Date(Date.now() - 60_000);
    const [created] = await gw.createPayouts([payout(2_500_000)]);
    expect(created).toMatchObject({ status: 'queued', referenceNo: expect.stringMatching(/^[0-9a-f]{20}$/) });
    const ref = created!.referenceNo;
    expect(await gw.getPayout(ref)).toMatchObject({
      status: 'queued',
      amount: 2_500_000,
      beneficiaryAccount: '1234567890',
    });

    await gw.approvePayouts([ref]);
    expect((await gw.getPayout(ref))?.status).toBe('approved');
    expect((await advance(ref)).json()).toMatchObject({ status: 'processed' });
    expect((await advance(ref)).json()).toMatchObject({ status: 'completed' });
    expect((await advance(ref)).statusCode).toBe(409);

    const listed = await gw.listPayouts({ from, to: new Date(Date.now() + 60_000) });
    expect(listed.find((p) => p.referenceNo === ref)).toMatchObject({
      status: 'completed',
      amount: 2_500_000,
      beneficiaryName: 'Yayasan Al Ikhlas',
      notes: 'Pencairan PSB November',
    });
    expect(await gw.listPayouts({ from: new Date('2020-01-01'), to: new Date('2020-01-02') })).toEqual([]);
  });

  it('fails a processed payout, rejects only queued ones, and knows nothing of strangers', async () => {
    const [a, b] = await gw.createPayouts([payout(100_000), payout(200_000)]);
    await gw.approvePayouts([a!.referenceNo]);
    await advance(a!.referenceNo);
    expect((await advance(a!.referenceNo, true)).json()).toMatchObject({ status: 'failed' });
    const rejected = await t.app.inject({
      method: 'POST',
      url: '/simulator/midtrans/iris/api/v1/payouts/reject',
      headers: { authorization: `Basic ${Buffer.from(`${sim.irisKey}:`).toString('base64')}` },
      payload: { reference_nos: [a!.referenceNo, b!.referenceNo], reject_reason: 'salah rekening' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await gw.getPayout(a!.referenceNo))?.status).toBe('failed');
    expect((await gw.getPayout(b!.referenceNo))?.status).toBe('rejected');
    expect(await gw.getPayout('0000')).toBeNull();
  });

  it('answers a retried request with the same idempotency key with the first result', async () => {
    const key = `payout-${Date.now()}`;
    const first = await gw.createPayouts([payout(300_000)], key);
    const second = await gw.createPayouts([payout(300_000)], key);
    expect(second).toEqual(first);
  });

  it('refuses bad payouts and a wrong Iris key', async () => {
    const bad = await gw
      .createPayouts([{ ...payout(0), beneficiaryAccount: 'abc' }])
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ProviderError);
    expect(bad).toMatchObject({ statusCode: '400', uncertain: false });
    const wrong = createMidtransGateway({
      serverKey: sim.serverKey,
      coreUrl: SIMULATOR_CORE_URL,
      irisUrl: SIMULATOR_IRIS_URL,
      irisKey: 'IRIS-wrong',
      transport: sim.transport,
      kind: 'simulator',
    });
    await expect(wrong.listPayouts({ from: new Date(), to: new Date() })).rejects.toMatchObject({
      statusCode: '401',
    });
    // The payment server key is not the Iris key.
    const noIris = createMidtransGateway({
      serverKey: sim.serverKey,
      coreUrl: SIMULATOR_CORE_URL,
      transport: sim.transport,
      kind: 'simulator',
    });
    await expect(noIris.listPayouts({ from: new Date(), to: new Date() })).rejects.toBeInstanceOf(
      ProviderError,
    );
  });
});
