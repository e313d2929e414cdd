import type { TRANSACTION_STATUSES } from './types';

/**
 * The `status_code` Midtrans sends beside each `transaction_status`, in notifications and in status answers.
 * The signature covers the code but not the status word, so a status is believed only beside its own code:
 * success 200, pending 201, a refusal 202, and an expiry 407 on the status and expire calls (202 in its
 * notification). A cancel reads 200 on the cancel call and 202 in its notification.
 */
const CODES: Record<(typeof TRANSACTION_STATUSES)[number], readonly string[]> = {
  settlement: ['200'],
  capture: ['200'],
  authorize: ['200'],
  refund: ['200'],
  partial_refund: ['200'],
  chargeback: ['200'],
  partial_chargeback: ['200'],
  pending: ['201'],
  deny: ['202'],
  failure: ['202'],
  cancel: ['200', '202'],
  expire: ['202', '407'],
};

/** Whether a status arrived beside a code it is sent with (a status we do not know yet is let through). */
export function statusCodeFits(status: string, code: string): boolean {
  const codes = (CODES as Record<string, readonly string[] | undefined>)[status];
  return codes ? codes.includes(code) : true;
}
