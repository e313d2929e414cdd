// `npm run topology`: the production shape on this machine — PostgreSQL 15 primary + streaming replica,
// PgBouncer in transaction mode, 3 api instances behind HAProxy serving the front ends. Ctrl+C stops it all.
import path from 'node:path';
import { buildApiServer, buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { startTopology } from './lib/topology/index.mjs';
import { root } from './lib/workspace.mjs';

await ensureInstalled();
await buildFrontEnds();
await buildApiServer();
const topology = await startTopology({
  dir: path.resolve(root, process.env.TOPOLOGY_DIR ?? '.topology'),
  port: Number(process.env.TOPOLOGY_PORT ?? 8088),
  basePort: Number(process.env.TOPOLOGY_BASE_PORT ?? 55400),
  instances: Number(process.env.TOPOLOGY_INSTANCES ?? 3),
});
console.log(
  `\nSiap: ${topology.url}/  (HAProxy → ${topology.apis.length} api → PgBouncer → PostgreSQL + replika)`,
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await topology.stop();
    process.exit(0);
  });
