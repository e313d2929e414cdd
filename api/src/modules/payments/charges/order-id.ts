/** Order ids name their tenant, so a notification (which carries nothing else) finds its way back. */
export const ORDER_PREFIX = 'PSB';
/** What comes before the charge id in the order ids of a tenant. */
export const orderIdPrefix = (tenantId: number) => `${ORDER_PREFIX}-${tenantId}-`;
const ORDER_ID = /^PSB-([1-9][0-9]{0,9})-([1-9][0-9]{0,18})$/;
export function parseOrderId(orderId: string): { tenantId: number; chargeId: string } | null {
  const m = ORDER_ID.exec(orderId);
  return m ? { tenantId: Number(m[1]), chargeId: m[2]! } : null;
}
