import type { Action, ModuleName, RoleModule, User } from '@psb/contracts';
import type { SchoolScope, TenantConn } from './db/tenant-db';

/**
 * Access declaration every /api route carries in `config.access`:
 *  - 'public': anyone;
 *  - 'user': any signed-in account, either audience;
 *  - { module, action }: staff (admin audience) whose role has that role_modules flag (superadmin: all).
 */
export type Access = 'public' | 'user' | { module: ModuleName; action: Action };

export interface Tenant {
  id: number;
  slug: string;
  name: string;
  themeColor: string;
  /** Origin for links in this tenant's e-mails when PUBLIC_URL is not set. */
  publicOrigin?: string | null;
}

export type Audience = 'user' | 'admin';

export interface AuthContext {
  user: User;
  roleModules: RoleModule[];
  audience: Audience;
  jti: string;
  /** Expiry of the presented token (seconds since epoch). */
  exp: number;
  /** When the presented token was issued (seconds since epoch): every token is issued for a password just given. */
  signedInAt: number;
  tokenVersion: number;
  /** The password was chosen by staff: until the holder replaces it, only routes marked
   * `allowDuringPasswordChange` answer (see the permissions plugin). */
  mustChangePassword: boolean;
  /**
   * Schools a staff caller may see (its role's role_schools), or null for every school: superadmin, a role
   * without role_schools rows, and every parent (user-audience) request. Bound to each of the request's
   * database connections, where row-level security enforces it.
   */
  schools: SchoolScope;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Still reachable while the caller must replace a temporary password (read own profile, sign out). */
    allowDuringPasswordChange?: boolean;
    /**
     * A read (staff or the parent's own) whose caller's sign-in check travels in the read's own round-trip (one instead of two) when
     * this token passed a check before; the answer waits for the check (see the auth plugin).
     */
    checkWithRead?: boolean;
  }
  interface FastifyRequest {
    /** Set for /api routes by the tenant plugin. */
    tenant: Tenant;
    /** Set by the auth plugin when the route needs a signed-in caller. */
    auth: AuthContext | null;
    /** Runs queries bound to the request's tenant and the caller's school scope (row-level security). */
    db<T>(fn: (c: TenantConn) => Promise<T>): Promise<T>;
    /** Like db, in one transaction. */
    tx<T>(fn: (c: TenantConn) => Promise<T>): Promise<T>;
    /**
     * Like db, for reads that may be a moment behind (reports, the dashboard): on the replica while it is
     * usable (DATABASE_REPLICA_URL), else on the primary. Never for what the caller just wrote.
     */
    read<T>(fn: (c: TenantConn) => Promise<T>): Promise<T>;
  }
}
