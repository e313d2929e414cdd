import crypto from 'node:crypto';
import {
  ASSISTED_MSG,
  type AssistedAccount,
  type AssistedRegistration,
  type AssistedResult,
  REGISTRANT_MSG,
} from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import type { TenantConn } from '../../../db/tenant-db';
import { writeAudit } from '../../../lib/audit';
import { HttpError, notFound } from '../../../lib/http-error';
import { staffMay } from '../../../lib/staff-may';
import { temporaryPassword } from '../../../lib/temporary-password';
import type { ServiceContext } from '../../../service-context';
import type { AuthContext } from '../../../types';
import { activatePlaceholder, insertParent, uniqueViolation } from '../../auth';
import { lockPlace, periodForRegistration } from '../parent/repository';
import { nextRegistrationNumber } from '../registration-number';
import { writeHistory } from '../status';
import { accountsByContact, insertAssisted, lockWithOwner, moveToAccount, schoolName } from './repository';

const fail = (status: number, message: string, field?: string) =>
  new HttpError(status, message, field ? { [field]: message } : undefined);

/** Staff holding insert on Calon Murid; anyone else is refused before any work. */
export function assertMayRegister(auth: AuthContext) {
  if (auth.audience !== 'admin') throw new HttpError(403, ASSISTED_MSG.notStaff);
  if (!staffMay(auth, 'Calon Murid', 'insert')) throw new HttpError(403, ASSISTED_MSG.forbidden);
}

interface Contact {
  name: string;
  email: string | null;
  phone: string | null;
}

const contactOf = (b: { parent_name: string; email: string; phone_number: string }): Contact => ({
  name: b.parent_name,
  email: b.email || null,
  phone: b.phone_number || null,
});

/**
 * The parent account with this e-mail/phone, when there is one. Two different accounts holding the two
 * contacts, or a staff account holding one, are refused: staff must not guess which person is meant.
 */
async function existingParent(c: TenantConn, contact: Contact) {
  const found = await accountsByContact(c.db, c.tenantId, contact.email, contact.phone);
  if (found.length > 1)
    throw new HttpError(
      409,
      'Email dan No. HP tersebut milik dua akun yang berbeda. Gunakan salah satu saja.',
    );
  const account = found[0];
  if (account && account.role !== 'user')
    throw fail(409, ASSISTED_MSG.staffContact, contact.email ? 'email' : 'phone_number');
  return account;
}

/** A new password and its hash, made before the transaction (argon2 is slow and must not hold locks). */
async function newSecret(app: FastifyInstance) {
  const password = temporaryPassword();
  return { password, hash: await app.ctx.hasher.hash(password) };
}

/**
 * Staff register a walk-in parent's child in ONE transaction under the parent flow's rules: the period of the
 * school and open today, the class quota locked FOR UPDATE and counted (the last place goes to one request
 * only), a registration number from the tenant's counter. The account: an existing parent account with that
 * e-mail/phone, else a new one with a temporary password (returned this once; only its hash is kept; the
 * parent must change it on first sign-in) — or, without an account, an owner nobody can sign in as until
 * staff give it contacts (PUT /registrant/account/:id). History and audit name the staff member.
 */
export async function registerAssisted(
  app: FastifyInstance,
  sc: ServiceContext,
  auth: AuthContext,
  input: AssistedRegistration,
): Promise<{ message: string; data: AssistedResult }> {
  assertMayRegister(auth);
  const scope = auth.schools;
  if (scope && !scope.includes(input.school_id)) throw notFound();
  const contact = input.mode === 'account' ? contactOf(input) : null;
  // Without an account the owner's password is random and never shown: nobody can sign in with it.
  const secret = contact
    ? await newSecret(app)
    : { password: null, hash: await app.ctx.hasher.hash(crypto.randomBytes(24).toString('hex')) };

  let result: AssistedResult;
  try {
    result = await sc.tx(async (c) => {
      const t = c.tenantId;
      const period = await periodForRegistration(c.db, t, input.school_period_id);
      if (!period) throw fail(400, REGISTRANT_MSG.periodMissing, 'school_period_id');
      if (period.school_id !== input.school_id)
        throw fail(400, REGISTRANT_MSG.periodOtherSchool, 'school_period_id');
      if (!period.open) throw fail(409, REGISTRANT_MSG.periodClosed, 'school_period_id');
      const place = await lockPlace(c.db, t, input.school_period_id, input.mst_class_id);
      if (!place) throw fail(400, REGISTRANT_MSG.classMissing, 'mst_class_id');
      if (place.taken >= place.quota) throw fail(409, REGISTRANT_MSG.quotaFull, 'mst_class_id');

      let account: AssistedAccount;
      const existing = contact && (await existingParent(c, contact));
      if (existing) {
        account = {
          status: 'existing',
          user_id: existing.id,
          name: existing.name,
          username: existing.email ?? existing.phone_number,
          temporary_password: null,
        };
      } else {
        const name = contact?.name ?? `Orang tua ${input.child_name}`.slice(0, 100);
        const userId = await insertParent(c.db, t, {
          name,
          email: contact?.email ?? null,
          phone: contact?.phone ?? null,
          passwordHash: secret.hash,
          mustChangePassword: contact !== null,
          accountPending: contact === null,
        });
        if (userId === undefined) throw new Error(`tenant ${t} has no role "user"`);
        account = contact
          ? {
              status: 'created',
              user_id: userId,
              name,
              username: contact.email ?? contact.phone,
              temporary_password: secret.password,
            }
          : { status: 'none', user_id: userId, name, username: null, temporary_password: null };
      }

      const number = await nextRegistrationNumber(c.db, t, period.year, period.level);
      const id = await insertAssisted(
        c.db,
        t,
        {
          user_id: account.user_id,
          school_id: input.school_id,
          school_period_id: input.school_period_id,
          mst_class_id: input.mst_class_id,
          school_year_id: period.school_year_id,
          registration_number: number,
          name: input.child_name,
          is_internal: input.is_internal,
        },
        { id: place.id, usedQuota: place.taken + 1 },
      );
      const detail = { account: account.status, parent_user_id: account.user_id };
      await writeHistory(c.db, t, {
        registrantId: id,
        action: 'assisted_create',
        from: 'draft',
        to: 'draft',
        detail,
        userId: auth.user.id,
      });
      await writeAudit(c, {
        userId: auth.user.id,
        action: 'assisted_create',
        resource: 'registrants',
        recordId: id,
        before: null,
        after: {
          registration_number: number,
          school_id: input.school_id,
          school_period_id: input.school_period_id,
          mst_class_id: input.mst_class_id,
          is_internal: input.is_internal,
          ...detail,
        },
      });
      return {
        registrant_id: id,
        registration_number: number,
        name: input.child_name,
        school_name: await schoolName(c.db, t, input.school_id),
        account,
      };
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  const message = {
    created: ASSISTED_MSG.createdNewAccount,
    existing: ASSISTED_MSG.createdExistingAccount,
    none: ASSISTED_MSG.createdNoAccount,
  }[result.account.status];
  return { message, data: result };
}

/**
 * An account-less registrant gets its parent: the existing parent account with that e-mail/phone (the
 * registrant moves to it), else its own owner becomes a real account with a temporary password.
 */
export async function attachAccount(
  app: FastifyInstance,
  sc: ServiceContext,
  auth: AuthContext,
  id: number,
  body: { parent_name: string; email: string; phone_number: string },
): Promise<{ message: string; data: AssistedResult }> {
  assertMayRegister(auth);
  const contact = contactOf(body);
  const secret = await newSecret(app);
  let result: AssistedResult;
  try {
    result = await sc.tx(async (c) => {
      const r = await lockWithOwner(c.db, c.tenantId, id);
      if (!r) throw notFound();
      if (!r.account_pending) throw new HttpError(409, ASSISTED_MSG.alreadyHasAccount);
      const existing = await existingParent(c, contact);
      let account: AssistedAccount;
      if (existing) {
        await moveToAccount(c.db, c.tenantId, id, r.user_id, existing.id);
        account = {
          status: 'existing',
          user_id: existing.id,
          name: existing.name,
          username: existing.email ?? existing.phone_number,
          temporary_password: null,
        };
      } else {
        await activatePlaceholder(c.db, c.tenantId, r.user_id, { ...contact, passwordHash: secret.hash });
        account = {
          status: 'created',
          user_id: r.user_id,
          name: contact.name,
          username: contact.email ?? contact.phone,
          temporary_password: secret.password,
        };
      }
      const detail = { account: account.status, parent_user_id: account.user_id };
      await writeAudit(c, {
        userId: auth.user.id,
        action: 'attach_account',
        resource: 'registrants',
        recordId: id,
        before: { user_id: r.user_id },
        after: { user_id: account.user_id, ...detail },
      });
      return {
        registrant_id: r.id,
        registration_number: r.registration_number,
        name: r.name,
        school_name: r.school_name,
        account,
      };
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  const message =
    result.account.status === 'created'
      ? ASSISTED_MSG.accountAttachedNew
      : ASSISTED_MSG.accountAttachedExisting;
  return { message, data: result };
}
