import type { MyConsent, OptionalPurpose } from '@psb/contracts';
import { OPTIONAL_PURPOSES, PRIVACY_MSG } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { HttpError } from '../../../lib/http-error';
import { acceptedVersion, currentConsentText, insertConsents, latestAnswers } from './repository';

/** The signed-in parent's consent: the text to agree to now, and their optional answers (off until given). */
export async function myConsent({ db, tenantId }: TenantConn, userId: number): Promise<MyConsent> {
  const [current, accepted, answers] = await Promise.all([
    currentConsentText(db, tenantId),
    acceptedVersion(db, tenantId, userId),
    latestAnswers(db, tenantId, userId),
  ]);
  return {
    current: current ?? null,
    accepted_version: accepted,
    needs_acceptance: !!current && (accepted === null || accepted < current.version),
    optional: {
      promotional: answers.get('promotional')?.granted ?? false,
      photos: answers.get('photos')?.granted ?? false,
    },
  };
}

/**
 * The parent agrees to the version they were shown. A version that is no longer the latest is refused: what
 * they read is not what they would be recorded as agreeing to.
 */
export async function acceptConsent(c: TenantConn, userId: number, version: number, ip: string) {
  const current = await currentConsentText(c.db, c.tenantId);
  if (!current) throw new HttpError(409, PRIVACY_MSG.noText);
  if (current.version !== version)
    throw new HttpError(409, PRIVACY_MSG.staleVersion, { version: PRIVACY_MSG.staleVersion });
  await insertConsents(c.db, c.tenantId, [{ userId, purpose: 'processing', version, granted: true, ip }]);
}

/** Records each optional purpose the parent switched; an unchanged answer writes nothing. */
export async function setOptionalConsents(
  c: TenantConn,
  userId: number,
  wanted: Partial<Record<OptionalPurpose, boolean>>,
  ip: string,
) {
  const answers = await latestAnswers(c.db, c.tenantId, userId);
  const changed = OPTIONAL_PURPOSES.filter(
    (p) => wanted[p] !== undefined && wanted[p] !== (answers.get(p)?.granted ?? false),
  );
  await insertConsents(
    c.db,
    c.tenantId,
    changed.map((purpose) => ({ userId, purpose, granted: wanted[purpose]!, ip })),
  );
}

/**
 * Processing consent given by the act of registering (the account) or of making a registrant: recorded to
 * the text shown at that moment. Nothing is recorded while the foundation has written no text; the parent is
 * asked at the next sign-in once it has.
 */
export async function recordProcessingConsent(
  c: TenantConn,
  userId: number,
  registrantId: number | null,
  ip: string,
) {
  const current = await currentConsentText(c.db, c.tenantId);
  if (!current) return;
  await insertConsents(c.db, c.tenantId, [
    { userId, registrantId, purpose: 'processing', version: current.version, granted: true, ip },
  ]);
}
