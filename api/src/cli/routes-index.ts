/** `pnpm --filter @psb/api routes:index`: writes api/ROUTES.md from the built app's route table. */
import fs from 'node:fs';
import { ROUTE_INDEX_FILE, routeIndex } from './route-index';

routeIndex().then(
  (text) => {
    fs.writeFileSync(ROUTE_INDEX_FILE, text);
    process.stdout.write(`Route index written to ${ROUTE_INDEX_FILE}\n`);
  },
  (err) => {
    process.stderr.write(`${err?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
