import { tenantFromHost } from '@psb/contracts/core';

/**
 * Form drafts kept on the device (typing that must survive a reload or an offline spell) hold children's
 * data, so every key names its tenant and user and all of them go when a session ends (logout, 401):
 * a shared family or school computer keeps nothing of a registrant.
 */
export const DRAFT_PREFIX = 'psb-draft:';
/** Keys written before drafts were scoped to a tenant and user; wiped with the rest. */
const LEGACY_PREFIXES = ['psb-survey-draft:'];

const storageOf = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** `psb-draft:<tenant>:<user>:<form>:<id>`; `userId` null (no session) gives `-`. */
export function deviceDraftKey(
  userId: number | null,
  form: string,
  id: string | number,
  tenant: string = tenantFromHost(globalThis.location?.host),
): string {
  return `${DRAFT_PREFIX}${tenant}:${userId ?? '-'}:${form}:${id}`;
}

/** Removes every draft on the device (all tenants and users: whoever signs in next owns none of them). */
export function clearDeviceDrafts(storage: Storage | undefined = storageOf()): void {
  if (!storage) return;
  const prefixes = [DRAFT_PREFIX, ...LEGACY_PREFIXES];
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key && prefixes.some((p) => key.startsWith(p))) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}
