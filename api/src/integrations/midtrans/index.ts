import { createMidtransGateway } from './gateway';
import {
  createMidtransSimulator,
  type MidtransSimulator,
  SIMULATOR_CORE_URL,
  SIMULATOR_IRIS_URL,
} from './simulator';
import { httpTransport, MIDTRANS_HOSTS } from './transport';
import type { PaymentGateway } from './types';

export { createMidtransGateway } from './gateway';
export { createMidtransSimulator, type MidtransSimulator, type MidtransSimulatorOptions } from './simulator';
export { default as midtransSimulatorRoutes } from './simulator/plugin';
export * from './types';

export interface MidtransConfig {
  /** The payment Server Key; without it the built-in simulator answers. */
  serverKey?: string | undefined;
  env?: 'sandbox' | 'production' | undefined;
  /** Iris (payouts) API key. */
  irisKey?: string | undefined;
  /** Iris merchant key: checks the Iris-Signature of payout notifications. */
  irisMerchantKey?: string | undefined;
  /** Simulator only: where it POSTs notifications (default: this app, in-process). */
  notificationUrl?: string | undefined;
  /** Simulator only: the key it expects and signs with (kept in DATA_DIR/secrets.json). */
  simulatorServerKey?: string | undefined;
}

/**
 * Real Midtrans when a server key is configured (hosts by MIDTRANS_ENV), else the simulator: same gateway,
 * its requests answered by this app's /simulator/midtrans routes.
 */
export function createPayments(
  config: MidtransConfig,
  simulator?: MidtransSimulator,
): { gateway: PaymentGateway; simulator: MidtransSimulator | null } {
  if (config.serverKey) {
    const hosts = MIDTRANS_HOSTS[config.env ?? 'sandbox'];
    const gateway = createMidtransGateway({
      serverKey: config.serverKey,
      coreUrl: hosts.core,
      irisUrl: hosts.iris,
      irisKey: config.irisKey,
      irisMerchantKey: config.irisMerchantKey,
      transport: httpTransport(),
      kind: 'midtrans',
    });
    return { gateway, simulator: null };
  }
  const sim =
    simulator ??
    createMidtransSimulator({
      serverKey: config.simulatorServerKey,
      notificationUrl: config.notificationUrl,
    });
  const gateway = createMidtransGateway({
    serverKey: sim.serverKey,
    coreUrl: SIMULATOR_CORE_URL,
    irisUrl: SIMULATOR_IRIS_URL,
    irisKey: sim.irisKey,
    irisMerchantKey: sim.irisMerchantKey,
    transport: sim.transport,
    kind: 'simulator',
  });
  return { gateway, simulator: sim };
}
