import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTES, type RemoteName, type RemoteRegistry } from '@psb/contracts/core';
import { registryRequest } from './early';

let current: RemoteRegistry = { remotes: {} };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks registry.json by hand, with the rules of `remoteRegistrySchema` (@psb/contracts): an object
 * `remotes` whose keys are known remote names, each with a string `version` and `entry`; other keys are
 * dropped. The zod schema is not used here because importing it would put zod and every schema of the api
 * contract on the first load of every page.
 */
export function parseRegistry(json: unknown): RemoteRegistry {
  if (!isRecord(json) || !isRecord(json.remotes)) throw new Error('registry: "remotes" is not an object');
  const remotes: RemoteRegistry['remotes'] = {};
  for (const [name, entry] of Object.entries(json.remotes)) {
    if (!(REMOTES as readonly string[]).includes(name)) throw new Error(`registry: unknown remote ${name}`);
    if (!isRecord(entry) || typeof entry.version !== 'string' || typeof entry.entry !== 'string')
      throw new Error(`registry: ${name} needs a string version and entry`);
    remotes[name as RemoteName] = { version: entry.version, entry: entry.entry };
  }
  return { remotes };
}

/** Remotes that are deployed now; the sidebar and RemotePage consult it. */
export function registeredRemotes(): ReadonlySet<RemoteName> {
  return new Set(Object.keys(current.remotes) as RemoteName[]);
}

export function isRegistered(remote: RemoteName): boolean {
  return current.remotes[remote] !== undefined;
}

/**
 * Reads which remote versions are live (the request the entry chunk started, never from cache) and
 * registers them with the federation runtime. A missing or broken registry leaves every remote page on its
 * fallback instead of blanking the app.
 */
export async function loadRegistry(request: Promise<Response> = registryRequest()): Promise<RemoteRegistry> {
  try {
    const response = await request;
    if (!response.ok) throw new Error(`registry: HTTP ${response.status}`);
    current = parseRegistry(await response.json());
  } catch (error) {
    console.error('Daftar modul tidak dapat dibaca', error);
    current = { remotes: {} };
  }
  const entries = Object.entries(current.remotes).flatMap(([name, entry]) =>
    entry ? [{ name, entry: new URL(entry.entry, location.origin).toString() }] : [],
  );
  if (entries.length > 0) registerRemotes(entries);
  return current;
}

/** For tests and tools. */
export function setRegistry(registry: RemoteRegistry) {
  current = registry;
}
