/** `pnpm --filter @psb/api openapi [file]`: writes the OpenAPI document (default dist/openapi.json). */
import fs from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../lib/root';
import { openApiDocument } from './openapi-document';

const file = path.resolve(findRepoRoot(), process.argv[2] ?? 'dist/openapi.json');
openApiDocument().then(
  (doc) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
    process.stdout.write(`OpenAPI document written to ${file}\n`);
  },
  (err) => {
    process.stderr.write(`${err?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
