/**
 * @jest-environment node
 */
// A real HTTP server on localhost stands in for the api: the client is exercised through real fetch.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RoleModule } from '@psb/contracts';
import { createApi } from '../http/client';
import { useSession } from './sessionStore';

const flags = (read: 0 | 1): RoleModule[] => [
  { mst_module_name: 'Hak Akses', read_action: read, insert_action: 0, update_action: 0, delete_action: 0 },
];

let version = '3.1';
let read: 0 | 1 = 0;
const seen: IncomingMessage[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const body = req.url?.endsWith('/me') ? { success: true, role_modules: flags(read) } : { success: true };
    res.writeHead(200, { 'content-type': 'application/json', 'x-permissions-version': version });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  (globalThis as { location?: unknown }).location = {
    pathname: '/admin/dashboard',
    origin: 'http://x',
    host: 'x',
  };
  const user = { id: 2, name: 'Sari', email: null, phone_number: '0812345678', role: 'teacher' };
  useSession.getState().setAdminSession({ user, token: 'admin-token', role_modules: flags(0) });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const meCalls = () => seen.filter((r) => r.url?.endsWith('/me'));
/** The refetch runs after the answer is handed back; wait for its effect, not for a fixed time. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

it('refetches /me with the same token when the version moves, and stores the new flags', async () => {
  const api = createApi({ prefix: base });
  await api.get('mst_classes').json();
  // First version seen in this browser: the flags are read once to be sure.
  await until(() => meCalls().length >= 1);
  expect(meCalls()[0]?.headers.authorization).toBe('Bearer admin-token');

  // Same version: no refetch.
  await api.get('mst_classes').json();

  version = '3.2';
  read = 1;
  await api.get('mst_classes').json();
  await until(() => useSession.getState().admin_role_modules[0]?.read_action === 1);
  expect(meCalls()).toHaveLength(2);
  expect(useSession.getState().admin_role_modules).toEqual(flags(1));
  expect(useSession.getState().role_modules).toEqual([]);
});
