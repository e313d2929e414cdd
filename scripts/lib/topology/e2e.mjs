// The parent journey e2e spec in Debian's Chromium, driven through the topology's balancer instead of a
// server of its own (E2E_BASE_URL), its output kept in a log under the topology's folder.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { root } from '../workspace.mjs';

const SPEC = 'tests/parent-journey.spec.ts';

/** Resolves { ok, summary, log }: `summary` is Playwright's closing lines ("3 passed (1.2m)"). */
export function runParentJourneySpec(url, dir) {
  const log = path.join(dir, 'e2e-parent-journey.log');
  const out = createWriteStream(log);
  const child = spawn(
    'pnpm',
    // No retry: the spec redeems the demo's own vouchers, which a second try would find used.
    [
      '--filter',
      '@psb/e2e',
      'exec',
      'playwright',
      'test',
      SPEC,
      '--retries=0',
      `--output=${dir}/e2e-results`,
    ],
    {
      cwd: root,
      // CI: the longer time limits of a busy machine, and the plain list reporter.
      env: { ...process.env, E2E_BASE_URL: url, CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let tail = '';
  const keep = (chunk) => {
    out.write(chunk);
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      out.end();
      const summary = tail
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => /^\d+ (passed|failed|flaky|skipped|did not run)/.test(l))
        .join(', ');
      resolve({ ok: code === 0, summary: summary || `exit ${code}`, log });
    });
  });
}
