import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupTestApp, type TestContext } from '../../../test/helpers';
import { createMidtransGateway } from './gateway';
import { createMidtransSimulator, type MidtransSimulator, SIMULATOR_CORE_URL } from './simulator';
import { chargeRequest } from './testing';
import { httpTransport, type MidtransRequest } from './transport';
import { ProviderError } from './types';

/** A stand-in for api.midtrans.com on a local port: records requests, answers what `answer` returns. */
interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let server: http.Server;
let origin: string;
const seen: Seen[] = [];
let answer: (s: Seen) => { status: number; body: string } | null = () => ({ status: 200, body: '{}' });

let t: TestContext;
let sim: MidtransSimulator;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(s);
      const a = answer(s);
      if (a) res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
      // null: never answer (a hanging Midtrans).
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sim = createMidtransSimulator({
    serverKey: 'SB-Mid-server-same',
    notificationPath: '/simulator/midtrans/expire_due',
  });
  t = await setupTestApp({ midtransSimulator: sim });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await sim.idle();
  await t.close();
});

const overHttp = (timeoutMs = 10_000) =>
  createMidtransGateway({
    serverKey: 'SB-Mid-server-same',
    coreUrl: origin,
    transport: httpTransport({ timeoutMs }),
    kind: 'midtrans',
  });

describe('the http transport', () => {
  it('sends the same request the simulator gets: path, Basic auth, JSON without charset, body', async () => {
    const viaSim: MidtransRequest[] = [];
    const simGateway = createMidtransGateway({
      serverKey: 'SB-Mid-server-same',
      coreUrl: SIMULATOR_CORE_URL,
      transport: (req) => {
        viaSim.push(req);
        return sim.transport(req);
      },
      kind: 'simulator',
    });
    const req = chargeRequest('permata', { customVaNumber: '8123456789' });
    const simAnswer = await simGateway.charge(req);
    answer = () => ({ status: 200, body: JSON.stringify(simAnswer.raw) });
    const real = await overHttp().charge(req);
    expect(real).toEqual(simAnswer);

    const got = seen.at(-1)!;
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/v2/charge');
    expect(got.headers.authorization).toBe(`Basic ${Buffer.from('SB-Mid-server-same:').toString('base64')}`);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers.accept).toBe('application/json');
    expect(got.body).toBe(viaSim[0]!.body);
    expect(JSON.parse(got.body)).toMatchObject({
      payment_type: 'bank_transfer',
      bank_transfer: { bank: 'permata', va_number: '8123456789' },
      transaction_details: { order_id: req.orderId, gross_amount: 150_000 },
      custom_expiry: {
        expiry_duration: 60,
        unit: 'minute',
        order_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+0700$/),
      },
    });
    expect(viaSim[0]!.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: got.headers.authorization,
    });
  });

  it('asks status with GET and no body; a 404 body means "unknown order"', async () => {
    answer = () => ({
      status: 404,
      body: JSON.stringify({ status_code: '404', status_message: "Transaction doesn't exist." }),
    });
    expect(await overHttp().status('PSB-1/x')).toBeNull();
    const got = seen.at(-1)!;
    expect(got).toMatchObject({ method: 'GET', path: '/v2/PSB-1%2Fx/status', body: '' });
    expect(got.headers['content-type']).toBeUndefined();
  });

  it('reads the verdict from the body, even under HTTP 200', async () => {
    answer = () => ({
      status: 200,
      body: JSON.stringify({ status_code: '406', status_message: 'duplicate order' }),
    });
    await expect(overHttp().charge(chargeRequest('bca'))).rejects.toMatchObject({
      statusCode: '406',
      uncertain: false,
    });
  });

  it('treats 5xx, unreadable answers, timeouts and refused connections as an unknown outcome', async () => {
    answer = () => ({ status: 502, body: '<html>bad gateway</html>' });
    await expect(overHttp().charge(chargeRequest('bca'))).rejects.toMatchObject({ uncertain: true });
    answer = () => ({ status: 200, body: 'not json' });
    await expect(overHttp().cancel('x')).rejects.toMatchObject({ uncertain: true });
    answer = () => null;
    const timedOut = await overHttp(300)
      .expire('x')
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(ProviderError);
    expect(timedOut).toMatchObject({ uncertain: true });
    // A port that just stopped listening refuses the connection.
    const gone = http.createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const port = (gone.address() as AddressInfo).port;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    const closed = createMidtransGateway({
      serverKey: 'k',
      coreUrl: `http://127.0.0.1:${port}`,
      transport: httpTransport(),
      kind: 'midtrans',
    });
    await expect(closed.status('x')).rejects.toMatchObject({ uncertain: true });
  });
});
