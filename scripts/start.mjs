// `pnpm start` / `npm start`: install if needed, build what is stale (front ends and the compiled api), then
// run the one-process server under node (embedded PostgreSQL unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildApiServer, buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { root } from './lib/workspace.mjs';

await ensureInstalled();
await buildFrontEnds();
await buildApiServer();
const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'api', 'dist', 'server.js')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// The server stops itself on SIGINT/SIGTERM (requests finish, the embedded database stops). Ctrl+C reaches it
// through the terminal's process group; a signal sent to this process alone (a service manager) is passed on.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
server.on('exit', (code, signal) => {
  if (code !== 0) console.error(`Server ended with ${signal ?? `exit code ${code}`}`);
  process.exit(code ?? 1);
});
