import type { Action, ModuleName, RoleModule, User } from '@psb/contracts';
import type { TenantConn } from './db/tenant-db';

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
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set for /api routes by the tenant plugin. */
    tenant: Tenant;
    /** Set by the auth plugin when the route needs a signed-in caller. */
    auth: AuthContext | null;
    /** Runs queries bound to the request's tenant (row-level security). */
    db<T>(fn: (c: TenantConn) => Promise<T>): Promise<T>;
    /** Like db, in one transaction. */
    tx<T>(fn: (c: TenantConn) => Promise<T>): Promise<T>;
  }
}
