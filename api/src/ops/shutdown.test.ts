import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { appPerFile } from '../../test/app-per-file';
import { testConfig, testHasher } from '../../test/helpers';
import { buildApp } from '../app';
import { createPool, type Pool } from '../db/pool';
import { createShutdown } from './shutdown';

let app: FastifyInstance;
let pool: Pool;
let exportPool: Pool;
const t = appPerFile({
  signIn: false,
  beforeClose: async () => {
    if (app.server.listening) await app.close();
    for (const p of [pool, exportPool]) if (!p.ending) await p.end();
  },
});
beforeAll(async () => {
  // An instance of its own (own pools), since the shutdown closes them.
  pool = createPool(t.databaseUrl, { max: 2 });
  exportPool = createPool(t.databaseUrl, { max: 1 });
  app = await buildApp({
    pool,
    exportPool,
    hasher: testHasher,
    config: testConfig(),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});

/** Opens a connection and sends a login request whose body is only half there yet. */
function halfSentLogin(port: number) {
  const body = JSON.stringify({ username: 'tidak.ada@example.id', password: 'salah-sekali', type: 'user' });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => {
    received += d.toString();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  const half = Math.floor(body.length / 2);
  return {
    async start() {
      await connected;
      socket.write(
        `POST /api/v1/public/login HTTP/1.1\r\nHost: demo.localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
      );
    },
    async finish() {
      socket.write(body.slice(half));
      await closed;
      return received;
    },
  };
}

describe('graceful shutdown', () => {
  it('stops accepting, lets the request in flight finish, then closes the pools and exits 0', async () => {
    const { port } = app.server.address() as net.AddressInfo;
    const inFlight = halfSentLogin(port);
    // The request is in flight (headers parsed, body still coming) before the signal arrives.
    const arrived = new Promise<void>((resolve) => app.server.once('request', () => resolve()));
    await inFlight.start();
    await arrived;

    const log: string[] = [];
    let exitCode: number | undefined;
    const shutdown = createShutdown({
      app: () => app,
      pools: [pool, exportPool],
      timeoutMs: 60_000,
      log: (m) => log.push(m),
      exit: (code) => {
        exitCode = code;
      },
    });
    const stopping = shutdown('SIGTERM');
    // A second signal does not start a second stop.
    expect(shutdown('SIGINT')).toBe(stopping);
    await new Promise<void>((resolve) => {
      const check = () => (app.server.listening ? setTimeout(check, 10) : resolve());
      check();
    });
    // New connections are refused while the old request is still running.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(exitCode).toBeUndefined();
    expect(pool.ending).toBe(false);

    const response = await inFlight.finish();
    expect(response).toMatch(/^HTTP\/1\.1 401 /);
    expect(response).toContain('Email/No. HP atau kata sandi salah.');
    await stopping;
    expect(exitCode).toBe(0);
    expect([pool.ending, exportPool.ending]).toEqual([true, true]);
    expect(log).toEqual(['SIGTERM received: finishing requests in flight, then stopping…', 'Stopped.']);
  });
});
