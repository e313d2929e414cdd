import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, type RemoteName, routeFor } from '@psb/contracts';

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

const isRemote = (name: string): name is RemoteName => (REMOTES as readonly string[]).includes(name);

/** Reads a JSON file again only when it changed on disk (a deployment rewrites the registry in place). */
function jsonByMtime<T>() {
  const cache = new Map<string, { mtimeMs: number; value: T }>();
  return async (file: string): Promise<T | undefined> => {
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat) return undefined;
    const hit = cache.get(file);
    if (hit?.mtimeMs === stat.mtimeMs) return hit.value;
    const value = JSON.parse(await fs.promises.readFile(file, 'utf8')) as T;
    cache.set(file, { mtimeMs: stat.mtimeMs, value });
    return value;
  };
}

/**
 * `Link` hints for the remote that draws a page: its manifest (preload), its entry script and its route map
 * (prefetch: into the HTTP cache, where these immutable files are found when the shell asks for them; a
 * failed script preload would be reused by Chromium for the later script tag, so "Coba lagi" after a network
 * failure could never load the remote without a reload).
 * The shell learns the same from the registry only after its own scripts have loaded and run; announced with
 * the HTML, these requests travel during that time instead of after it (three round trips fewer before the
 * page's code is in, on a phone line). The server does not know whether the visitor is signed in, so a page
 * the guard will refuse may preload a few kilobytes it does not use. Only remotes served from this origin
 * (`/mfe/…` entries) are announced.
 */
export function routePreloadLinks(mfeDir: string) {
  const readRegistry = jsonByMtime<{ remotes?: Record<string, { entry?: unknown }> }>();
  const readManifest = jsonByMtime<Manifest>();
  return async (urlPath: string): Promise<string | undefined> => {
    const remote = routeFor(urlPath)?.remote;
    if (!remote || !isRemote(remote)) return undefined;
    const entry = (await readRegistry(path.join(mfeDir, 'registry.json')))?.remotes?.[remote]?.entry;
    if (typeof entry !== 'string' || !entry.startsWith('/mfe/') || entry.includes('..')) return undefined;
    const manifest = await readManifest(path.join(mfeDir, entry.slice('/mfe/'.length)));
    const base = path.posix.dirname(entry);
    const file = (name: string) => path.posix.join(base, name);
    const links = [`<${entry}>; rel=preload; as=fetch; crossorigin=anonymous`];
    const remoteEntry = manifest?.metaData?.remoteEntry;
    if (remoteEntry?.name)
      links.push(
        `<${file(path.posix.join(remoteEntry.path ?? '', remoteEntry.name))}>; rel=prefetch; as=script`,
      );
    const routes = manifest?.exposes?.find((e) => e.name === 'routes');
    for (const js of routes?.assets?.js?.sync ?? []) links.push(`<${file(js)}>; rel=prefetch; as=script`);
    return links.join(', ');
  };
}
