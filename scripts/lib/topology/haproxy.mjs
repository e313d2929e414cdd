// HAProxy in front of the api instances: health checks on /readyz, retries that are safe.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HAPROXY } from './packages.mjs';

export function startHaproxy(root, { port, apiPorts }) {
  const dir = path.join(root, 'haproxy');
  mkdirSync(dir, { recursive: true });
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      // Longer than the parent's payment long poll (25 s).
      '  timeout server 60s',
      '  retries 3',
      '  option redispatch 1',
      // A request that never reached an instance is always retried elsewhere; one an instance died while
      // answering only when it is idempotent (GET, HEAD, PUT: the autosave) — a POST is never sent twice.
      '  retry-on conn-failure empty-response response-timeout',
      'frontend psb',
      `  bind 127.0.0.1:${port}`,
      '  option forwardfor',
      '  http-request disable-l7-retry unless METH_GET || METH_HEAD || METH_PUT',
      '  default_backend api',
      'backend api',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      '  default-server inter 500ms fall 2 rise 2',
      ...apiPorts.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check`),
      '',
    ].join('\n'),
  );
  return spawn(HAPROXY, ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
}
