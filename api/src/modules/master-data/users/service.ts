import { isSuperadmin } from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import { HOOK_MESSAGES } from '../../../lib/messages';
import { temporaryPassword } from '../../../lib/temporary-password';
import type { ServiceContext } from '../../../service-context';
import { setTemporaryPassword } from '../../auth';
import { accountInScope } from '../account-scope';
import { lockUserRole } from './repository';

/**
 * Staff resets an account's password; only a superadmin may reset a superadmin, and a school-limited role only
 * the accounts inside its schools (404 for the rest). Returns the new password.
 */
export async function resetPassword(app: FastifyInstance, sc: ServiceContext, userId: number) {
  const password = temporaryPassword();
  const hash = await app.ctx.hasher.hash(password);
  const actor = sc.auth!.user;
  await sc.tx(async (c) => {
    const target = await lockUserRole(c.db, c.tenantId, userId);
    if (!target || !(await accountInScope(c.db, c.tenantId, userId))) throw notFound();
    if (isSuperadmin(target.role) && !isSuperadmin(actor.role))
      throw new HttpError(403, HOOK_MESSAGES.superadminOnly);
    await setTemporaryPassword(c.db, c.tenantId, userId, hash);
    await writeAudit(c, {
      userId: actor.id,
      action: 'reset_password',
      resource: 'user',
      recordId: userId,
      before: { password_hash: 'x' },
      after: { password_hash: 'y' },
    });
  });
  return password;
}
