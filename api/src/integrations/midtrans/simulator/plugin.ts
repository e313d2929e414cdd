import type { FastifyInstance } from 'fastify';
import coreRoutes from './core-routes';
import type { MidtransSimulator } from './index';
import irisRoutes from './iris-routes';
import payRoutes from './pay';

/**
 * Mounted at /simulator/midtrans, outside /api/v1: these routes declare no access, so neither tenant nor
 * login applies; the Core API and Iris parts check Basic auth with the simulator's keys instead. The app
 * registers this only when no Midtrans server key is configured.
 */
export default async function midtransSimulatorRoutes(
  app: FastifyInstance,
  { simulator }: { simulator: MidtransSimulator },
) {
  await app.register(coreRoutes, { simulator });
  await app.register(payRoutes, { simulator });
  await app.register(irisRoutes, { simulator, prefix: '/iris/api/v1' });
}
