import { type SchoolPaymentOverviewParams, withConvenienceFee } from '@psb/contracts';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../../lib/http-error';
import { activeConvenienceFees, liveConvenienceFee, schoolPaymentOverview } from './repository';

/** The admin overview of school payments: row-level security limits it to the caller's schools. */
export function overview(req: FastifyRequest, q: SchoolPaymentOverviewParams) {
  return req.db((c) => schoolPaymentOverview(c.db, c.tenantId, q));
}

export function publicFees(req: FastifyRequest) {
  return req.db((c) => activeConvenienceFees(c.db));
}

/** Total, fee and grand total of a bill of `total` rupiah under one fee; 404 when the fee is gone. */
export async function calculate(req: FastifyRequest, id: number, total: number) {
  const fee = await req.db((c) => liveConvenienceFee(c.db, id));
  if (!fee) throw notFound();
  return withConvenienceFee(fee, total);
}
