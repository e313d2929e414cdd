import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../../lib/audit';
import { recountUsedQuota } from '../../registrants';

/** Recounts the used places of the caller's class quotas (optionally of one period), audited; rows changed. */
export function refreshUsedQuota(req: FastifyRequest, periodId: number | null): Promise<number> {
  return req.tx(async (c) => {
    const changed = await recountUsedQuota(c.db, c.tenantId, periodId);
    await writeAudit(c, {
      userId: req.auth!.user.id,
      action: 'refresh_quota',
      resource: 'class_period',
      recordId: periodId,
      before: null,
      after: { school_period_id: periodId, changed },
    });
    return changed;
  });
}
