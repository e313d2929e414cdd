import type {
  MidtransNotificationBody,
  PaymentGateway,
  ProviderOrder,
} from '../../integrations/midtrans/types';
import type { ClaimedNotification, InboxOutcome } from './inbox-fast-path';

/** Orders asked about at once. */
const PARALLEL = 16;

/** A pending credits nothing (it only hands an order still being created its VA), so it is taken as sent. */
const needsConfirming = (r: ClaimedNotification) => r.transaction_status !== 'pending';

/**
 * The signature covers the order id, the status code and the amount, not the rest of the body, so a
 * notification is only a reason to ask: every status but pending is replaced by the provider's own answer for
 * its order (GET /v2/{order_id}/status, as Midtrans advises) before it is applied, and the (order, status)
 * recorded is the provider's. An order the provider does not know is closed as 'unconfirmed'; an unreachable
 * provider fails the row, which is tried again later like any failure.
 */
export async function confirmWithProvider(gateway: PaymentGateway, rows: ClaimedNotification[]) {
  const asked = [...new Set(rows.filter(needsConfirming).map((r) => r.order_id))];
  const answers = new Map<string, ProviderOrder | null | Error>();
  for (let i = 0; i < asked.length; i += PARALLEL) {
    await Promise.all(
      asked.slice(i, i + PARALLEL).map(async (orderId) => {
        const answer = await gateway
          .status(orderId)
          .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
        answers.set(orderId, answer);
      }),
    );
  }
  const confirmed: ClaimedNotification[] = [];
  const done = new Map<number, InboxOutcome>();
  const failed = new Map<number, string>();
  for (const row of rows) {
    const answer = needsConfirming(row) ? answers.get(row.order_id) : undefined;
    if (answer === undefined) confirmed.push(row);
    else if (answer instanceof Error)
      failed.set(row.id, `Status pesanan tidak didapat dari penyedia: ${answer.message}`);
    else if (answer === null) done.set(row.id, 'unconfirmed');
    else confirmed.push({ ...row, body: answer.raw as MidtransNotificationBody });
  }
  return { confirmed, done, failed };
}
