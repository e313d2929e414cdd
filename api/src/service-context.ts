import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import type { TenantConn } from './db/tenant-db';
import type { AuthContext, Tenant } from './types';

/** Units of work bound to one tenant and the caller's school scope (row-level security). */
export interface TenantUnits {
  /** One unit of work (see `req.db`). */
  db<T>(fn: (c: TenantConn) => Promise<T>): Promise<T>;
  /** One transaction. */
  tx<T>(fn: (c: TenantConn) => Promise<T>): Promise<T>;
  /** Reads that may be a moment behind (the replica while it is usable). */
  read<T>(fn: (c: TenantConn) => Promise<T>): Promise<T>;
}

/**
 * What a service is given instead of the HTTP request, so the same code serves a route and a job: the
 * caller's units of work, who the caller is, the app's shared services and the facts of the caller's
 * connection. Repositories take the `TenantConn` of a unit alone.
 */
export interface ServiceContext extends TenantUnits {
  tenant: Tenant;
  /** Null for public calls. */
  readonly auth: AuthContext | null;
  deps: AppContext;
  /** Where the call came from, for per-IP limits and consent records — never for links. */
  client: { ip: string; userAgent: string | null };
  log: FastifyBaseLogger;
  /** Runs `fn` once the caller hangs up (a long poll stops waiting). */
  onClose(fn: () => void): void;
}

/** The service context of a request (its auth read when used: a read checked with the sign-in sets it late). */
export function contextOf(req: FastifyRequest): ServiceContext {
  return {
    tenant: req.tenant,
    get auth() {
      return req.auth;
    },
    deps: req.server.ctx,
    client: { ip: req.ip, userAgent: req.headers['user-agent'] ?? null },
    log: req.log,
    db: (fn) => req.db(fn),
    tx: (fn) => req.tx(fn),
    read: (fn) => req.read(fn),
    onClose: (fn) => req.raw.once('close', fn),
  };
}
