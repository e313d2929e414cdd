/**
 * @jest-environment node
 */
// A real HTTP server on localhost: the client is exercised through real fetch, not a mock of our modules.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useSession } from '../session/sessionStore';
import { createApi } from './client';
import { errorMessage, fieldErrors } from './errors';
import { configureApiClient } from './handlers';
import { useWaitingLine } from './waitingLine';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
let reply: (req: IncomingMessage) => Reply = () => ({ status: 200, body: { success: true } });
const seen: IncomingMessage[] = [];
let server: Server;
let base: string;

const onUnauthorized = jest.fn();
const onServerError = jest.fn();
const onPasswordChangeRequired = jest.fn();

function visit(pathname: string) {
  (globalThis as { location?: unknown }).location = {
    pathname,
    origin: 'http://localhost',
    host: 'localhost',
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const { status, body, headers } = reply(req);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  configureApiClient({ onUnauthorized, onServerError, onPasswordChangeRequired });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  onUnauthorized.mockClear();
  onServerError.mockClear();
  onPasswordChangeRequired.mockClear();
  reply = () => ({ status: 200, body: { success: true } });
  const s = useSession.getState();
  s.clearAll();
  const user = { id: 1, name: 'Budi', email: null, phone_number: '0812345678', role: 'user' };
  s.setUserSession({ user, token: 'user-token', role_modules: [] });
  s.setAdminSession({ user: { ...user, id: 2, role: 'superadmin' }, token: 'admin-token', role_modules: [] });
});

describe('bearer token by area', () => {
  it('sends the admin token on admin pages', async () => {
    visit('/admin/registrant');
    await createApi({ prefix: base }).get('me').json();
    expect(seen[0]?.url).toBe('/api/v1/me');
    expect(seen[0]?.headers.authorization).toBe('Bearer admin-token');
  });

  it('sends the user token elsewhere, including the admin login page itself', async () => {
    for (const page of ['/home', '/admin']) {
      visit(page);
      await createApi({ prefix: base }).get('me').json();
    }
    expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer user-token', 'Bearer user-token']);
  });

  it('sends no header without a session', async () => {
    useSession.getState().clearAll();
    visit('/');
    await createApi({ prefix: base }).get('public/theme').json();
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });
});

describe('401 handling', () => {
  it('clears both sessions and sends the user home on a 401 from a signed-in call', async () => {
    visit('/home');
    reply = () => ({ status: 401, body: { success: false, message: 'Sesi berakhir.' } });
    await expect(createApi({ prefix: base }).get('me').json()).rejects.toThrow();
    expect(useSession.getState()).toMatchObject({ token: null, admin_token: null });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 from a public call (wrong password)', async () => {
    visit('/');
    reply = () => ({ status: 401, body: { success: false, message: 'Email/No. HP atau password salah.' } });
    const error = await createApi({ prefix: base })
      .post('public/login', { json: { username: 'a@b.id', password: 'x' } })
      .json()
      .catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('Email/No. HP atau password salah.');
    expect(useSession.getState().token).toBe('user-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('temporary password', () => {
  it('opens the change form on a 403 with the password-change code, keeping the session', async () => {
    visit('/home');
    reply = () => ({
      status: 403,
      body: { success: false, message: 'Ganti password.', code: 'PASSWORD_CHANGE_REQUIRED' },
    });
    const error = await createApi({ prefix: base })
      .get('registrants')
      .json()
      .catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('Ganti password.');
    expect(onPasswordChangeRequired).toHaveBeenCalledTimes(1);
    expect(useSession.getState().token).toBe('user-token');
  });

  it('treats any other 403 as a plain refusal', async () => {
    visit('/home');
    reply = () => ({ status: 403, body: { success: false, message: 'Anda tidak memiliki akses.' } });
    await expect(createApi({ prefix: base }).get('registrants').json()).rejects.toThrow();
    expect(onPasswordChangeRequired).not.toHaveBeenCalled();
  });
});

describe('server errors', () => {
  it('reports a 5xx on a GET to the registered handler', async () => {
    visit('/home');
    reply = () => ({ status: 503, body: { success: false, message: 'down' } });
    await expect(createApi({ prefix: base }).get('me').json()).rejects.toThrow();
    expect(onServerError).toHaveBeenCalledTimes(1);
  });

  it('does not report a 5xx on a POST (the form shows its own message)', async () => {
    visit('/');
    reply = () => ({ status: 500, body: { success: false, message: 'Gagal menyimpan.' } });
    const error = await createApi({ prefix: base })
      .post('public/register', { json: {} })
      .json()
      .catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('Gagal menyimpan.');
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('reports a GET that gets no answer at all', async () => {
    visit('/home');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      createApi({ prefix: `http://127.0.0.1:${port}/api/v1` })
        .get('me')
        .json(),
    ).rejects.toThrow();
    expect(onServerError).toHaveBeenCalledTimes(1);
  });
});

describe('error bodies', () => {
  it('exposes the message and the field errors of a 400', async () => {
    visit('/');
    reply = () => ({
      status: 400,
      body: { success: false, message: 'Data tidak valid.', errors: { email: 'Email tidak valid.' } },
    });
    const error = await createApi({ prefix: base })
      .post('public/register', { json: {} })
      .json()
      .catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('Data tidak valid.');
    expect(fieldErrors(error)).toEqual({ email: 'Email tidak valid.' });
  });

  it('falls back to a generic Indonesian message', () => {
    expect(errorMessage(new Error('boom'))).toBe('Terjadi kesalahan. Silakan coba lagi.');
    expect(fieldErrors(new Error('boom'))).toEqual({});
  });
});

describe('waiting room', () => {
  it('shows the place in line, asks again with the ticket by itself and hands back the answer after the wait', async () => {
    visit('/');
    const bodies: string[] = [];
    let calls = 0;
    reply = (req) => {
      calls += 1;
      req.on('data', (chunk: Buffer) => bodies.push(chunk.toString()));
      return calls === 1
        ? {
            status: 503,
            headers: { 'retry-after': '1' },
            body: {
              success: false,
              message: 'Anda dalam antrean',
              position: 3,
              estimated_seconds: 2,
              ticket: 'tiket-1',
            },
          }
        : { status: 201, body: { success: true, token: 'baru' } };
    };
    const shown: unknown[] = [];
    const stop = useWaitingLine.subscribe((s) => shown.push(s.wait));
    const answer = await createApi({ prefix: base })
      .post('public/register', { json: { name: 'Budi', password: 'rahasia1' } })
      .json();
    stop();
    expect(answer).toEqual({ success: true, token: 'baru' });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.headers['x-queue-ticket']).toBeUndefined();
    expect(seen[1]!.headers['x-queue-ticket']).toBe('tiket-1');
    // What was typed is sent again unchanged.
    expect(bodies.map((b) => JSON.parse(b))).toEqual([
      { name: 'Budi', password: 'rahasia1' },
      { name: 'Budi', password: 'rahasia1' },
    ]);
    expect(shown[0]).toMatchObject({ position: 3, estimatedSeconds: 2 });
    expect(useWaitingLine.getState().wait).toBeNull();
  });

  it('leaves any other 503 to the caller', async () => {
    visit('/');
    reply = () => ({ status: 503, body: { success: false, message: 'Sibuk' } });
    await expect(createApi({ prefix: base }).post('public/register', { json: {} }).json()).rejects.toThrow();
    expect(seen).toHaveLength(1);
  });
});
