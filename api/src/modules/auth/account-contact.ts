import type { FastifyInstance } from 'fastify';
import { type AliasableExpression, type ExpressionBuilder, sql } from 'kysely';
import type { DatabaseError } from 'pg';
import { linkOrigin } from '../../context';
import type { DB } from '../../db/kysely';
import type { TenantConn } from '../../db/tenant-db';
import { HttpError } from '../../lib/http-error';
import { AUTH_MESSAGES } from '../../lib/messages';
import { randomToken, sha256 } from '../../lib/tokens';
import type { ServiceContext } from '../../service-context';

/**
 * Contacts (e-mail, phone) of accounts: uniqueness and e-mail verification, shared by registration, voucher
 * accounts and the profile.
 */

/** Whether another live account of the tenant (not `exceptUserId`) has the e-mail / phone; false for null. */
function taken(
  eb: ExpressionBuilder<DB, never>,
  tenantId: number,
  exceptUserId: number | null,
  contact: { email: string } | { phone: string } | null,
): AliasableExpression<boolean> {
  if (contact === null) return sql<boolean>`false`;
  return eb
    .exists(
      eb
        .selectFrom('users')
        .select(sql.lit(1).as('one'))
        .where('tenant_id', '=', tenantId)
        .where('deleted_at', 'is', null)
        .$if(exceptUserId !== null, (q) => q.where('id', '!=', exceptUserId!))
        .where((u) =>
          'email' in contact
            ? u(u.fn('lower', ['email']), '=', u.fn('lower', [u.val(contact.email)]))
            : u('phone_number', '=', contact.phone),
        ),
    )
    .$castTo<boolean>();
}

/** 409 for an e-mail or phone already used by another live account of this tenant. */
export async function assertUnique(
  c: TenantConn,
  email: string | null,
  phone: string | null,
  exceptUserId: number | null = null,
): Promise<void> {
  if (email === null && phone === null) return;
  const r = await c.db
    .selectNoFrom((eb) => [
      taken(eb, c.tenantId, exceptUserId, email === null ? null : { email }).as('email_taken'),
      taken(eb, c.tenantId, exceptUserId, phone === null ? null : { phone }).as('phone_taken'),
    ])
    .executeTakeFirstOrThrow();
  if (r.email_taken || r.phone_taken) {
    const errors: Record<string, string> = {};
    if (r.email_taken) errors.email = AUTH_MESSAGES.emailTaken;
    if (r.phone_taken) errors.phone_number = AUTH_MESSAGES.phoneTaken;
    throw new HttpError(409, r.email_taken ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.phoneTaken, errors);
  }
}

/** A concurrent insert can still hit the unique index; answer it like the pre-check does. */
export function uniqueViolation(err: unknown): HttpError | null {
  const e = err as DatabaseError;
  if (e?.code !== '23505') return null;
  if (e.constraint === 'users_email_key')
    return new HttpError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
  if (e.constraint === 'users_phone_key')
    return new HttpError(409, AUTH_MESSAGES.phoneTaken, { phone_number: AUTH_MESSAGES.phoneTaken });
  return null;
}

/** Stores a hashed verification token for `email` and returns the raw one for the link. */
export async function createEmailVerification(c: TenantConn, userId: number, email: string): Promise<string> {
  const token = randomToken();
  await c.db
    .insertInto('email_verifications')
    .values({
      tenant_id: c.tenantId,
      user_id: userId,
      email,
      token_hash: sha256(token),
      expires_at: sql<Date>`now() + interval '7 days'`,
    })
    .execute();
  return token;
}

/** Mail failures are logged, never turned into a failed registration or profile update. */
export async function sendVerificationMail(
  app: FastifyInstance,
  sc: ServiceContext,
  to: string,
  name: string,
  token: string,
) {
  const link = `${linkOrigin(app.ctx, sc)}/verification?token=${encodeURIComponent(token)}`;
  try {
    await app.ctx.mailer.send({
      tenantId: sc.tenant.id,
      to,
      subject: `Verifikasi email akun PSB ${sc.tenant.name}`,
      text: `Halo ${name},\n\nSilakan verifikasi alamat email Anda dengan membuka tautan berikut:\n${link}\n\nTautan berlaku 7 hari.\n\n${sc.tenant.name}`,
    });
  } catch (err) {
    sc.log.error({ err }, 'sending the verification mail failed');
  }
}
