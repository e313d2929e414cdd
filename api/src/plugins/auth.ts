import crypto from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import { isStaffRole, isSuperadmin } from '@psb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/kysely';
import { type PendingCheck, ScopeChanged, type TenantConn } from '../db/tenant-db';
import { authenticatedUserQuery, toUser } from '../lib/accounts';
import { HttpError, unauthorized } from '../lib/http-error';
import { compiledOnce, namedStatement } from '../lib/named-statement';
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
    /** The caller's sign-in check while it waits to travel with the route's read (see authenticateWithRead). */
    pendingCheck: PendingCheck | null;
    /**
     * Runs the pending check on its own, now: throws its refusal, or 409 when the caller's schools changed
     * after the route had read under the old ones. For answers about to leave without the route's read.
     */
    settlePendingCheck(): Promise<void>;
  }
  interface FastifyInstance {
    /** Verifies the Bearer token and loads the caller (cached on the request); throws 401. */
    authenticate(req: FastifyRequest): Promise<AuthContext>;
    /**
     * For a read that carries the caller's check in its own round-trip: takes the caller as its last passed
     * check of this very token found it, if `admit` accepts that, and leaves the check pending on the request
     * (settled by the read, or before the answer leaves). Returns null when the caller must be checked first.
     */
    authenticateWithRead(req: FastifyRequest, admit: (auth: AuthContext) => void): AuthContext | null;
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
const authStatementText = compiledOnce('auth', authenticatedUserQuery);
type SignedInRow = Awaited<ReturnType<typeof authStatement>>[number];

const checkParams = (c: Claims) => ({
  tenantId: c.tid,
  userId: Number(c.sub),
  tokenVersion: c.tv,
  jti: c.jti,
});

/** A caller as its last passed check found it, and the permission set that check judged by. */
interface Passed {
  auth: AuthContext;
  permissionsVersion: string;
}

/**
 * The last passed check of each recently seen token (signature verified; tenant, user and token id in the
 * key). It only lets a read travel with its own check; it never answers for the database.
 */
const MAX_PASSED = 5000;
const passed = new Map<string, Passed>();
const tokenKey = (c: Claims) => `${c.tid}.${c.sub}.${c.jti}`;

const sameSchools = (a: AuthContext['schools'], b: AuthContext['schools']) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((id, i) => id === b[i]));

/** The caller's sign-in check changed its schools after the route had read under the old ones. */
const RECHECK_MESSAGE = 'Hak akses Anda baru saja berubah. Muat ulang halaman.';

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
    app.decorateRequest('pendingCheck', null);
    app.decorateRequest('settlePendingCheck', async function (this: FastifyRequest) {
      const check = this.pendingCheck;
      if (!check) return;
      const before = this.auth?.schools ?? null;
      // A scope change makes req.db read again; here the read to redo was the route's, so it is refused.
      await this.db(async (conn) =>
        check.settle(conn, await authStatement(conn, checkParams(verifiedClaims(this)))),
      );
      if (!sameSchools(before, this.auth?.schools ?? null)) throw new HttpError(409, RECHECK_MESSAGE);
    });

    /** The verified claims of the request's Bearer token, good at this tenant; throws 401. */
    const verifiedClaims = (req: FastifyRequest): Claims & { exp: number } => {
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
      return claims;
    };

    /** The caller the check's row describes (no row: signed out, deactivated or re-keyed); throws 401. */
    const callerOf = async (
      conn: TenantConn,
      c: Claims & { exp: number },
      row: SignedInRow | undefined,
    ): Promise<Passed> => {
      if (!row) throw unauthorized();
      // Admin-audience tokens are only ever issued to staff; refuse one that no longer fits its holder.
      if (c.aud === 'admin' && !isStaffRole(row.role)) throw unauthorized();
      const roleModules = await rolePermissions(conn, row.role_id, row.permissions_version);
      return {
        permissionsVersion: `${row.role_id}.${row.permissions_version}`,
        auth: {
          user: toUser(row),
          roleModules,
          audience: c.aud,
          jti: c.jti,
          exp: c.exp,
          signedInAt: c.iat ?? 0,
          tokenVersion: row.token_version,
          mustChangePassword: row.must_change_password,
          // Role schools limit staff only; a superadmin is never limited.
          schools: c.aud === 'admin' && !isSuperadmin(row.role) ? row.school_ids : null,
        },
      };
    };

    const accept = (req: FastifyRequest, c: Claims, found: Passed) => {
      req.auth = found.auth;
      req.permissionsVersion = found.permissionsVersion;
      if (passed.size >= MAX_PASSED) passed.clear();
      passed.set(tokenKey(c), found);
      return found.auth;
    };

    /** Runs the check and takes its verdict; a refusal forgets the token's last passed check. */
    const judged = async (req: FastifyRequest, c: Claims & { exp: number }, check: () => Promise<Passed>) => {
      try {
        return accept(req, c, await check());
      } catch (err) {
        passed.delete(tokenKey(c));
        throw err;
      }
    };

    app.decorate('authenticate', async (req: FastifyRequest): Promise<AuthContext> => {
      if (req.auth) return req.auth;
      const c = verifiedClaims(req);
      // Prepared once per pooled connection: this runs on every authenticated request.
      return judged(req, c, () =>
        req.db(async (conn) => callerOf(conn, c, (await authStatement(conn, checkParams(c)))[0])),
      );
    });

    app.decorate('authenticateWithRead', (req: FastifyRequest, admit: (auth: AuthContext) => void) => {
      if (req.auth) return req.auth;
      const c = verifiedClaims(req);
      const last = passed.get(tokenKey(c));
      if (!last) return null;
      try {
        admit(last.auth);
      } catch {
        // A refusal is only ever given on a fresh check (the permission may have been granted since).
        return null;
      }
      req.auth = last.auth;
      req.permissionsVersion = last.permissionsVersion;
      req.pendingCheck = {
        statement: (db: Db) => {
          const { sql, order } = authStatementText(db);
          const params = checkParams(c);
          return { sql, parameters: order.map((k) => params[k]) };
        },
        settle: async (conn, rows) => {
          if (req.pendingCheck === null) return;
          req.pendingCheck = null;
          const fresh = await judged(req, c, () => callerOf(conn, c, rows[0] as SignedInRow | undefined));
          admit(fresh);
          if (!sameSchools(last.auth.schools, fresh.schools)) throw new ScopeChanged();
        },
      };
      return last.auth;
    });

    // Nothing leaves on the word of a last check: a check the route's read did not carry is run here (error
    // answers settle it first, in the errors plugin).
    app.addHook('onSend', async (req, reply) => {
      await req.settlePendingCheck();
      // Every authenticated answer tells the client which permission set it was judged by, so a signed-in
      // client notices a role change on its next call and refetches its menu flags without a new login.
      if (req.permissionsVersion) reply.header(PERMISSIONS_VERSION_HEADER, req.permissionsVersion);
    });
  },
  { name: 'auth', dependencies: ['tenant'] },
);
