// `pnpm start` / `npm start`: install if needed, build what is stale, then run the one-process server
// (embedded PostgreSQL unless DATABASE_URL is set).
import path from 'node:path';
import { buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { run } from './lib/run.mjs';
import { root } from './lib/workspace.mjs';

await ensureInstalled();
await buildFrontEnds();
const tsx = path.join(root, 'api', 'node_modules', '.bin', 'tsx');
const server = run(tsx, [path.join(root, 'api', 'src', 'server.ts')], { cwd: root });
// The server handles SIGINT/SIGTERM itself (it stops the embedded database); the parent only waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
await server.catch((err) => {
  console.error(err.message);
  process.exit(1);
});
