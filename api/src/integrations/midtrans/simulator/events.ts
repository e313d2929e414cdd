import { notificationSignature } from '../signature';
import type { MidtransSimulator } from './index';
import { expireDueOrders, notificationCodeOf, orderAnswer, type SimOrder } from './orders';

const MESSAGES: Record<string, string> = {
  pending: 'midtrans payment notification',
  settlement: 'midtrans payment notification',
  expire: 'midtrans payment notification',
  cancel: 'midtrans payment notification',
};

/** The notification Midtrans POSTs for an order in its current state, signed with the real formula. */
export function notificationBody(order: SimOrder, serverKey: string): Record<string, unknown> {
  const code = notificationCodeOf(order.status);
  const body = orderAnswer(order, code, MESSAGES[order.status] ?? 'midtrans payment notification');
  body.signature_key = notificationSignature(order.order_id, code, String(body.gross_amount), serverKey);
  return body;
}

/** Queues the notifications of these order states: groups go one after another, a group's bodies at once. */
export function notify(sim: MidtransSimulator, groups: SimOrder[][]): void {
  sim.notifier.send(groups.map((g) => g.map((o) => notificationBody(o, sim.serverKey))));
}

/** Expires what is due and tells the merchant, as Midtrans does within its SLA; returns how many. */
export async function expireDue(sim: MidtransSimulator): Promise<number> {
  const expired = await expireDueOrders(sim.db);
  if (expired.length > 0) notify(sim, [expired]);
  return expired.length;
}
