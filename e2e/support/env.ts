import os from 'node:os';
import path from 'node:path';

/** Port of the one-process server the e2e run starts; override with E2E_PORT. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
/**
 * A server already running elsewhere (e.g. the scaled topology behind its balancer): the run starts none of
 * its own and drives this one.
 */
export const E2E_BASE_URL = process.env.E2E_BASE_URL?.replace(/\/+$/, '') || undefined;
export const repoRoot = path.resolve(__dirname, '..', '..');
/** Where the run keeps its database, files and its own copy of the remote registry. */
export const runDir = process.env.E2E_RUN_DIR ?? path.join(os.tmpdir(), 'psb-e2e');
export const mfeDir = path.join(runDir, 'mfe');
/** The run's own copy of the built shell, so a test can publish a new version of it. */
export const shellDir = path.join(runDir, 'shell');
export const stateFile = path.join(runDir, 'state.json');
