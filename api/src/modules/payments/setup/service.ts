import { type SchoolPaymentOverviewParams, withConvenienceFee } from '@psb/contracts';
import { notFound } from '../../../lib/http-error';
import type { ServiceContext } from '../../../service-context';
import { activeConvenienceFees, liveConvenienceFee, schoolPaymentOverview } from './repository';

/** The admin overview of school payments: row-level security limits it to the caller's schools. */
export function overview(sc: ServiceContext, q: SchoolPaymentOverviewParams) {
  return sc.db((c) => schoolPaymentOverview(c.db, c.tenantId, q));
}

export function publicFees(sc: ServiceContext) {
  return sc.db((c) => activeConvenienceFees(c.db));
}

/** Total, fee and grand total of a bill of `total` rupiah under one fee; 404 when the fee is gone. */
export async function calculate(sc: ServiceContext, id: number, total: number) {
  const fee = await sc.db((c) => liveConvenienceFee(c.db, id));
  if (!fee) throw notFound();
  return withConvenienceFee(fee, total);
}
