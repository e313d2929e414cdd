// Slow phones downloading exports while staff use the console: the request pool must not be held by them.
import http from 'node:http';
import { benchHttp, formatRun } from './http.mjs';

const CHUNK = 16 * 1024;

/**
 * A client that reads an export at about 160 KB/s (one 16 KB chunk every 100 ms), like a phone on a weak
 * connection. Resolves once the response headers are in; `stop()` hangs up.
 */
function slowReader(url, headers) {
  const stats = { status: 0, bytes: 0, done: false };
  let req;
  const started = new Promise((resolve, reject) => {
    req = http.get(url, { headers }, (res) => {
      stats.status = res.statusCode;
      resolve();
      // Paused: nothing is read except the 16 KB taken every 100 ms, so TCP pushes back on the server.
      res.pause();
      const tick = setInterval(() => {
        const n = Math.min(CHUNK, res.readableLength);
        if (n > 0) stats.bytes += res.read(n).length;
        else res.read(0);
        if (res.readableEnded) {
          stats.done = true;
          clearInterval(tick);
        }
      }, 100);
      res.on('close', () => clearInterval(tick));
      res.on('error', () => {});
    });
    req.on('error', reject);
  });
  return { started, stats, stop: () => req.destroy() };
}

/**
 * `readers` slow export downloads in flight while autocannon measures the list route. `exportTransactions`
 * counts the database sessions busy with an export (sampled while the readers download).
 */
export async function benchListWithSlowExports(
  report,
  { exportUrl, listUrl, headers, duration, readers = 20, exportTransactions },
) {
  const t0 = performance.now();
  const clients = Array.from({ length: readers }, () => slowReader(exportUrl, headers));
  await Promise.all(clients.map((c) => c.started.catch(() => {})));
  const ready = ((performance.now() - t0) / 1000).toFixed(1);
  const held = exportTransactions();
  const run = await benchHttp(listUrl, { connections: 50, duration, headers });
  const statuses = clients.map((c) => c.stats.status);
  const ok = clients.filter((c) => c.stats.status === 200);
  const unfinished = ok.filter((c) => !c.stats.done).length;
  const readMb = clients.reduce((n, c) => n + c.stats.bytes, 0) / 1024 / 1024;
  for (const c of clients) c.stop();
  report(
    `GET /mst_classes, 50 conn, while ${readers} slow export readers download`,
    formatRun(run),
    '≥ 2,000 req/s, p99 < 50 ms',
  );
  report(
    `  the ${readers} slow export readers`,
    `${ok.length} answered 200 (statuses ${[...new Set(statuses)].join('/')}) within ${ready} s; ${unfinished} still downloading when the run ended, ${readMb.toFixed(1)} MB read; export transactions open on PostgreSQL during the run: ${await held}`,
  );
}
