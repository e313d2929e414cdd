import crypto from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import { isStaffRole, isSuperadmin } from '@psb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authenticatedUserQuery, toUser } from '../lib/accounts';
import { unauthorized } from '../lib/http-error';
import { namedStatement } from '../lib/named-statement';
import type { Audience, AuthContext } from '../types';
import { rolePermissions } from './role-permissions-cache';

/** Claims of our JWTs. */
export interface Claims {
  sub: string;
  /** Tenant id: a token is only good at the tenant that issued it. */
  tid: number;
  aud: Audience;
  jti: string;
  /** users.token_version at issue time; a password change bumps it and so revokes older tokens. */
  tv: number;
  iat?: number;
  exp?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Claims;
    user: Claims;
  }
}

/** Response header naming the caller's permission set; it changes whenever the role's permissions do. */
export const PERMISSIONS_VERSION_HEADER = 'x-permissions-version';

declare module 'fastify' {
  interface FastifyRequest {
    /** `<role id>.<roles.permissions_version>` of the authenticated caller, for PERMISSIONS_VERSION_HEADER. */
    permissionsVersion: string | null;
  }
  interface FastifyInstance {
    /** Verifies the Bearer token and loads the caller (cached on the request); throws 401. */
    authenticate(req: FastifyRequest): Promise<AuthContext>;
    issueToken(claims: {
      userId: number;
      tenantId: number;
      audience: Audience;
      tokenVersion: number;
    }): string;
  }
}

export interface AuthOptions {
  secret: string;
  /** e.g. '12h'. */
  tokenTtl: string;
}

const isClaims = (c: unknown): c is Claims & { exp: number } => {
  const v = c as Partial<Claims>;
  return (
    typeof v?.sub === 'string' &&
    /^\d+$/.test(v.sub) &&
    typeof v.tid === 'number' &&
    (v.aud === 'user' || v.aud === 'admin') &&
    typeof v.jti === 'string' &&
    typeof v.tv === 'number' &&
    typeof v.exp === 'number'
  );
};

/** Built and compiled once per process, prepared once per pooled connection. */
const authStatement = namedStatement('auth', authenticatedUserQuery);

export default fp(
  async function auth(app: FastifyInstance, { secret, tokenTtl }: AuthOptions) {
    await app.register(fastifyJwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: tokenTtl },
      // One verifier for the process (options given per call would build a new one each time), remembering the
      // outcome for recently seen tokens: a client sends the same token with every request. Revocation is still
      // checked in the database on every request.
      verify: { algorithms: ['HS256'], cache: 5000 },
    });

    app.decorate('issueToken', ({ userId, tenantId, audience, tokenVersion }) =>
      app.jwt.sign({
        sub: String(userId),
        tid: tenantId,
        aud: audience,
        jti: crypto.randomUUID(),
        tv: tokenVersion,
      }),
    );

    app.decorateRequest('auth', null);
    app.decorateRequest('permissionsVersion', null);

    // Every authenticated answer tells the client which permission set it was judged by, so a signed-in
    // client notices a role change on its next call and refetches its menu flags without a new login.
    app.addHook('onSend', async (req, reply) => {
      if (req.permissionsVersion) reply.header(PERMISSIONS_VERSION_HEADER, req.permissionsVersion);
    });

    app.decorate('authenticate', async (req: FastifyRequest): Promise<AuthContext> => {
      if (req.auth) return req.auth;
      const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      if (!match?.[1]) throw unauthorized();
      let claims: unknown;
      try {
        claims = app.jwt.verify(match[1]);
      } catch {
        throw unauthorized();
      }
      // A token of tenant B is useless at tenant A, whatever else it says.
      if (!isClaims(claims) || claims.tid !== req.tenant.id) throw unauthorized();
      const c = claims;
      const found = await req.db(async (conn) => {
        // Prepared once per pooled connection: this runs on every authenticated request.
        const [user] = await authStatement(conn, {
          tenantId: c.tid,
          userId: Number(c.sub),
          tokenVersion: c.tv,
          jti: c.jti,
        });
        if (!user) return undefined;
        return {
          user,
          roleModules: await rolePermissions(conn, user.role_id, user.permissions_version),
        };
      });
      if (!found) throw unauthorized();
      const { user: row, roleModules } = found;
      // Admin-audience tokens are only ever issued to staff; refuse one that no longer fits its holder.
      if (c.aud === 'admin' && !isStaffRole(row.role)) throw unauthorized();
      req.permissionsVersion = `${row.role_id}.${row.permissions_version}`;
      req.auth = {
        user: toUser(row),
        roleModules,
        audience: c.aud,
        jti: c.jti,
        exp: c.exp,
        tokenVersion: row.token_version,
        mustChangePassword: row.must_change_password,
        // Role schools limit staff only; a superadmin is never limited.
        schools: c.aud === 'admin' && !isSuperadmin(row.role) ? row.school_ids : null,
      };
      return req.auth;
    });
  },
  { name: 'auth', dependencies: ['tenant'] },
);
