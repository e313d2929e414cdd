import { registerRemotes } from '@module-federation/enhanced/runtime';
import { type RemoteName, type RemoteRegistry, remoteRegistrySchema } from '@psb/contracts';

export const REGISTRY_URL = '/mfe/registry.json';

let current: RemoteRegistry = { remotes: {} };

/** Remotes that are deployed now; the sidebar and RemotePage consult it. */
export function registeredRemotes(): ReadonlySet<RemoteName> {
  return new Set(Object.keys(current.remotes) as RemoteName[]);
}

export function isRegistered(remote: RemoteName): boolean {
  return current.remotes[remote] !== undefined;
}

/**
 * Reads which remote versions are live (never from cache: a deployment is one change to this file) and
 * registers them with the federation runtime. A missing or broken registry leaves every remote page on its
 * fallback instead of blanking the app.
 */
export async function loadRegistry(fetchImpl: typeof fetch = fetch): Promise<RemoteRegistry> {
  try {
    const response = await fetchImpl(REGISTRY_URL, { cache: 'no-store' });
    if (!response.ok) throw new Error(`registry: HTTP ${response.status}`);
    current = remoteRegistrySchema.parse(await response.json());
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
