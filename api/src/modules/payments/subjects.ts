import type { TenantConn } from '../../db/tenant-db';
import { settleOrder, settleVoucherPurchase } from './purchases/settle';

/** What a settled (paid: true) or reversed (false) charge does to the purchase it pays for, by purpose. */
export const SUBJECTS: Record<string, (c: TenantConn, subjectId: number, paid: boolean) => Promise<boolean>> =
  {
    voucher: settleVoucherPurchase,
    order: settleOrder,
  };
