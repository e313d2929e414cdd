// `pnpm start` / `npm start`: install if needed, build what is stale (front ends and the compiled api), then
// run the one-process server under node (embedded PostgreSQL unless DATABASE_URL is set).
import path from 'node:path';
import { buildApiServer, buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { run } from './lib/run.mjs';
import { root } from './lib/workspace.mjs';

await ensureInstalled();
await buildFrontEnds();
await buildApiServer();
const server = run(process.execPath, ['--enable-source-maps', path.join(root, 'api', 'dist', 'server.js')], {
  cwd: root,
});
// The server handles SIGINT/SIGTERM itself (it stops the embedded database); the parent only waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
await server.catch((err) => {
  console.error(err.message);
  process.exit(1);
});
