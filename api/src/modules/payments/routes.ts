import type { FastifyPluginAsync } from 'fastify';
import { onSubmitted } from '../registrants';
import { autoBill, defineBulkJobs } from './bulk';
import { inboxIdle, pruneInbox, wakeInbox } from './inbox-worker';
import { liveTenantIds, reconcileTenant } from './notification';
import payoutRoutes from './payouts/routes';
import irisNotificationRoutes from './payouts/routes-notification';
import { resendCreatingPayouts } from './payouts/sweep';
import purchaseRoutes from './purchases/routes';
import billLineRoutes from './routes-lines';
import notificationRoutes from './routes-notification';
import { parentPaymentRoutes } from './routes-parent';
import reconciliationRoutes from './routes-reconciliation';
import staffPaymentRoutes from './routes-staff';
import staffCollectionRoutes from './routes-staff-collect';
import { createBillSignals } from './signals';

/** A charge still `creating` this long after it was written is asked about at the provider. */
const CREATING_GRACE_SECONDS = 120;

export interface PaymentRoutesOptions {
  /** How long the parent's long poll waits (tests shorten it). */
  waitMs?: number;
}

/**
 * Registrant bills, charges at the payment provider, its notifications, bulk jobs and the reconciler; vouchers
 * bought online and item orders (purchases/), paid through the same charges.
 */
const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (app, opts) => {
  const { ctx } = app;
  const signals = createBillSignals(ctx.directPool, (m) => app.log.warn(m));
  app.addHook('onClose', () => signals.close());
  await app.register(staffPaymentRoutes);
  await app.register(staffCollectionRoutes);
  await app.register(billLineRoutes);
  await app.register(parentPaymentRoutes(signals, opts.waitMs));
  await app.register(notificationRoutes);
  await app.register(reconciliationRoutes);
  await app.register(payoutRoutes);
  await app.register(irisNotificationRoutes);
  await app.register(purchaseRoutes);
  defineBulkJobs(app);
  ctx.jobs.every('payments.reconcile', '* * * * *', async () => {
    const deps = { pool: ctx.pool, gateway: ctx.payments };
    for (const tenantId of await liveTenantIds(deps)) {
      await reconcileTenant(deps, tenantId, { creatingAfterSeconds: CREATING_GRACE_SECONDS });
      await resendCreatingPayouts(deps, tenantId, CREATING_GRACE_SECONDS);
    }
  });
  // Notifications left in the inbox (a failed row's retry, a process that stopped mid-batch, a lost wake) are
  // applied by this sweep, at start and every minute; applied rows past their keeping time are removed.
  const sweepInbox = async () => {
    const deps = { pool: ctx.pool, gateway: ctx.payments, jobs: ctx.jobs };
    for (const tenantId of await liveTenantIds(deps)) {
      await wakeInbox(deps, tenantId, (m) => app.log.warn(m));
      await pruneInbox(deps, tenantId);
    }
  };
  ctx.jobs.onStarted(sweepInbox);
  // A batch being applied finishes (commits or rolls back) before the pool and the database go away.
  app.addHook('onClose', () => inboxIdle(ctx.pool));
  ctx.jobs.every('payments.inbox', '* * * * *', sweepInbox);
  onSubmitted(ctx, async (tenantId, registrantId) => {
    await autoBill(app, tenantId, registrantId);
  });
  ctx.jobs.every('payments.auto_bill', '* * * * *', async () => {
    for (const tenantId of await liveTenantIds({ pool: ctx.pool, gateway: ctx.payments }))
      await autoBill(app, tenantId);
  });
};

export default paymentRoutes;
