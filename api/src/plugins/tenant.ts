import { DEFAULT_TENANT, isTenantSlug, tenantFromHost } from '@psb/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { kyselyOnPool } from '../db/kysely';
import type { Pool } from '../db/pool';
import type { Replica } from '../db/replica';
import { ScopeChanged, withTenant, withTenantTx } from '../db/tenant-db';
import { HttpError } from '../lib/http-error';
import type { Tenant } from '../types';

export interface TenantOptions {
  pool: Pool;
  /** Where `req.read` goes while it is usable (else the primary). */
  replica?: Replica | null;
  /** The tenant served for localhost, IP addresses and single-label hosts (DEFAULT_TENANT). */
  defaultTenant?: string;
  /** How long a slug → tenant lookup is reused. */
  ttlMs?: number;
}

export const UNKNOWN_TENANT_MESSAGE = 'Yayasan tidak ditemukan. Periksa kembali alamat yang Anda buka.';

declare module 'fastify' {
  interface FastifyInstance {
    /** The request's tenant; null when the host or X-Tenant names a tenant that does not exist (or is disabled). */
    resolveTenant(req: FastifyRequest): Promise<Tenant | null>;
  }
}

/** Adds `token` to the response's Vary header unless it is listed already. */
export function addVary(reply: FastifyReply, token: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const listed = current.split(',').map((v) => v.trim().toLowerCase());
  if (listed.includes(token.toLowerCase()) || listed.includes('*')) return;
  reply.header('vary', current ? `${current}, ${token}` : token);
}

/**
 * Resolves the request's tenant: `X-Tenant` header (for tools) or else the first label of the Host. Hosts
 * without a tenant label (localhost, IP addresses, single labels) get the default tenant; a label naming no
 * tenant is a 404 — never another foundation's data. Lookups are cached per process for a few seconds because
 * they happen on every request. That is safe with several instances: a new tenant is visible everywhere within
 * the TTL, a disabled one disappears within it, and the cached fields (id, slug, name, theme, link origin) are
 * not security decisions — authorisation always checks the token's tenant id against this id and reads users
 * live.
 */
export default fp(
  async function tenant(
    app: FastifyInstance,
    { pool, replica = null, defaultTenant = DEFAULT_TENANT, ttlMs = 30_000 }: TenantOptions,
  ) {
    const cache = new Map<string, { tenant: Tenant | null; expires: number }>();
    const db = kyselyOnPool(pool);

    async function lookup(slug: string): Promise<Tenant | null> {
      const now = Date.now();
      const hit = cache.get(slug);
      if (hit && hit.expires > now) return hit.tenant;
      const row = await db
        .selectFrom('tenants')
        .select(['id', 'slug', 'name', 'theme_color', 'public_origin'])
        .where('slug', '=', slug)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      const found = row
        ? {
            id: row.id,
            slug: row.slug,
            name: row.name,
            themeColor: row.theme_color,
            publicOrigin: row.public_origin,
          }
        : null;
      // Random hosts must not grow the map without bound.
      if (cache.size > 1000) cache.clear();
      cache.set(slug, { tenant: found, expires: now + ttlMs });
      return found;
    }

    app.decorate('resolveTenant', async (req: FastifyRequest) => {
      const header = req.headers['x-tenant'];
      const requested = typeof header === 'string' ? header.trim().toLowerCase() : '';
      const slug = requested && isTenantSlug(requested) ? requested : tenantFromHost(req.host, '');
      return lookup(slug || defaultTenant);
    });

    app.decorateRequest<Tenant | null>('tenant', null);
    // Bound to the caller's school scope once the auth plugin knows the caller (see 0006_school_scope.sql).
    app.decorateRequest('db', async function <
      T,
    >(this: FastifyRequest, fn: Parameters<typeof withTenant<T>>[2]): Promise<T> {
      try {
        return await withTenant(pool, this.tenant.id, fn, this.auth?.schools ?? null, this.pendingCheck);
      } catch (err) {
        // The caller's check, travelling with the read, found other schools: read again under those.
        if (err instanceof ScopeChanged)
          return withTenant(pool, this.tenant.id, fn, this.auth?.schools ?? null);
        throw err;
      }
    });
    // Reads that may be a moment behind: the replica while it is usable, else the primary like req.db.
    app.decorateRequest('read', async function <
      T,
    >(this: FastifyRequest, fn: Parameters<typeof withTenant<T>>[2]) {
      const on = replica && (await replica.usable()) ? replica.pool : pool;
      return withTenant(on, this.tenant.id, fn, this.auth?.schools ?? null);
    });
    app.decorateRequest('tx', function <T>(this: FastifyRequest, fn: Parameters<typeof withTenant<T>>[2]) {
      return withTenantTx(pool, this.tenant.id, fn, this.auth?.schools ?? null);
    });

    app.addHook('onRequest', async (req, reply) => {
      // Only api routes (they all declare access) need a tenant; static files do not pay for it.
      if (!req.routeOptions.config?.access) return;
      // The answer depends on X-Tenant; the Host is part of every cache key already.
      addVary(reply, 'X-Tenant');
      const found = await app.resolveTenant(req);
      if (!found) throw new HttpError(404, UNKNOWN_TENANT_MESSAGE);
      req.tenant = found;
    });
  },
  { name: 'tenant' },
);
