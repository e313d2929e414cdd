import { writeAudit } from '../../../lib/audit';
import type { ServiceContext } from '../../../service-context';
import { recountUsedQuota } from '../../registrants';

/** Recounts the used places of the caller's class quotas (optionally of one period), audited; rows changed. */
export function refreshUsedQuota(sc: ServiceContext, periodId: number | null): Promise<number> {
  return sc.tx(async (c) => {
    const changed = await recountUsedQuota(c.db, c.tenantId, periodId);
    await writeAudit(c, {
      userId: sc.auth!.user.id,
      action: 'refresh_quota',
      resource: 'class_period',
      recordId: periodId,
      before: null,
      after: { school_period_id: periodId, changed },
    });
    return changed;
  });
}
