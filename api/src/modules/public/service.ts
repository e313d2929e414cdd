import crypto from 'node:crypto';
import type { PublicStatus, SchoolYear } from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import type { TenantConn } from '../../db/tenant-db';
import { sharedWaitingLine } from '../../lib/shared-waiting-line';
import type { ServiceContext } from '../../service-context';
import { activeYear as findActiveYear, statusMessage as findStatusMessage } from './repository';

export interface CachedBody {
  body: string;
  etag: string;
  expires: number;
}

/**
 * A per-tenant micro-cache for the busiest public page: every visitor of a tenant gets the same bytes, and
 * we already let browsers keep them for 30 s, so serving them from memory for a couple of seconds changes
 * nothing visible while sparing the database most of the load. Concurrent misses share one query. Each
 * instance has its own copy; edits appear everywhere within the TTL. ttlMs 0 disables it.
 */
export function createBodyCache(ttlMs: number) {
  const entries = new Map<number, CachedBody>();
  const pending = new Map<number, Promise<CachedBody>>();
  const toEntry = (body: string): CachedBody => ({
    body,
    etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
    expires: Date.now() + ttlMs,
  });
  return async (tenantId: number, load: () => Promise<string>): Promise<CachedBody> => {
    if (ttlMs <= 0) return toEntry(await load());
    const hit = entries.get(tenantId);
    if (hit && hit.expires > Date.now()) return hit;
    let p = pending.get(tenantId);
    if (!p) {
      p = load()
        .then((body) => {
          const entry = toEntry(body);
          entries.set(tenantId, entry);
          return entry;
        })
        .finally(() => pending.delete(tenantId));
      pending.set(tenantId, p);
    }
    return p;
  };
}

/** The active school year, or null when none is active. */
export async function activeYear(c: TenantConn): Promise<SchoolYear | null> {
  return (await findActiveYear(c)) ?? null;
}

export {
  firstPageJson,
  schoolPeriodsOfActiveYear as publicSchoolPeriods,
  statusMessage,
  themeConfig,
} from './repository';

/**
 * The public status page's answer: registration open or not (kept 30 s, the waiting room's calendar), the
 * waiting room's line now (shared by every instance), and the school's message.
 */
export async function publicStatus(app: FastifyInstance, sc: ServiceContext): Promise<PublicStatus> {
  const [calendar, message] = await Promise.all([app.registrationCalendar(sc), sc.db(findStatusMessage)]);
  const line = await app.waitingRoom.stats(sharedWaitingLine(sc));
  return {
    success: true,
    registration_open: calendar.openNow,
    next_opening: calendar.nextOpening === null ? null : new Date(calendar.nextOpening).toISOString(),
    waiting: line.waiting,
    estimated_seconds: line.estimatedSeconds,
    message,
  };
}
