import type { Channel, ChargeView } from '@psb/contracts';
import type { Pool } from '../../../db/pool';
import type { TenantConn } from '../../../db/tenant-db';
import type { PaymentGateway } from '../../../integrations/midtrans/types';

export interface PaymentDeps {
  pool: Pool;
  gateway: PaymentGateway;
}

export interface ChargeTarget {
  installmentId: number;
  channel?: Channel | undefined;
  /** Who asked: the parent, or staff (for the record). */
  userId: number | null;
}

/** What a charge collects, as each purpose's preparer describes it (inside its locking transaction). */
export interface ChargeRequest {
  purpose: 'installment' | 'voucher' | 'order';
  installmentId?: number;
  headerId?: number;
  /** The voucher purchase or item order paid by the charge. */
  subjectId?: number;
  schoolId: number | null;
  userId: number;
  channel: Channel;
  /** What is collected before the convenience fee. */
  amount: number;
  expiryHours: number;
  /** Asks the provider for this VA number (the digits of the registration number) on every charge. */
  customVa?: string | undefined;
  customer: { name: string; email?: string | undefined; phone?: string | undefined };
  items: { id: string; name: string; price: number; quantity: number }[];
  /** An open order (other channel, or past its expiry) to close at the provider first. */
  close: string | null;
}

/** A purpose's preparer: locks what is paid for, checks it may be paid, and either returns the still-open
 * charge or describes a new one. It runs again after an old order is closed, so a payment that arrived on
 * the closed order is seen. */
export type PrepareCharge = (c: TenantConn) => Promise<{ existing: ChargeView } | ChargeRequest>;
