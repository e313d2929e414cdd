import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@psb/contracts/core';
import type { ComponentType } from 'react';
import { isRegistered } from '../boot/registry';

/** What every remote's `./routes` module default-exports: page path → page component. */
export type RemoteRouteMap = Record<string, ComponentType>;

export class RemoteUnavailableError extends Error {
  constructor(remote: string, reason: string) {
    super(`${remote}: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

const loading = new Map<RemoteName, Promise<RemoteRouteMap>>();

/**
 * Loads a remote's route map once. The promise stays cached even when it fails, because React's `use` must
 * see the same promise again to deliver its error to the error boundary; a retry calls forgetRemoteRoutes.
 */
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRouteMap> {
  const pending = loading.get(remote);
  if (pending) return pending;
  const promise = isRegistered(remote)
    ? loadRemote<{ default?: RemoteRouteMap }>(`${remote}/routes`).then((module) => {
        if (!module?.default) throw new RemoteUnavailableError(remote, 'no routes exported');
        return module.default;
      })
    : Promise.reject(new RemoteUnavailableError(remote, 'not in the registry'));
  promise.catch(() => {}); // the error reaches the page through `use`; this only marks it as handled
  loading.set(remote, promise);
  return promise;
}

/** Drops a cached (failed) load so the next render loads the remote again. */
export function forgetRemoteRoutes(remote: RemoteName) {
  loading.delete(remote);
}
