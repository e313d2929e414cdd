import type { User } from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../../lib/http-error';
import type { ServiceContext } from '../../../service-context';
import {
  assertUnique,
  createEmailVerification,
  sendVerificationMail,
  uniqueViolation,
} from '../account-contact';
import { sessionUser, updateProfile } from './repository';

/** Name, e-mail and phone of the signed-in account; a new e-mail gets a verification mail. */
export async function changeProfile(
  app: FastifyInstance,
  sc: ServiceContext,
  body: { name: string; email: string; phone_number: string },
): Promise<User> {
  const auth = sc.auth!;
  const email = body.email || null;
  const phone = body.phone_number || null;
  const emailChanged = (email ?? '').toLowerCase() !== (auth.user.email ?? '').toLowerCase();
  let result: { user: User | undefined; token: string | null };
  try {
    result = await sc.tx(async (c) => {
      await assertUnique(c, email, phone, auth.user.id);
      await updateProfile(c.db, c.tenantId, auth.user.id, {
        name: body.name,
        email,
        phone_number: phone,
        unverify: emailChanged,
      });
      const token = emailChanged && email ? await createEmailVerification(c, auth.user.id, email) : null;
      return { user: await sessionUser(c.db, c.tenantId, auth.user.id, auth.tokenVersion, auth.jti), token };
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  if (!result.user) throw unauthorized();
  if (email && result.token) await sendVerificationMail(app, sc, email, body.name, result.token);
  return result.user;
}
