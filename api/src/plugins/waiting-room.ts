import { QUEUE_TICKET_HEADER } from '@psb/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { registrationCalendar } from '../lib/period-open';
import { sharedWaitingLine } from '../lib/shared-waiting-line';
import { createWaitingRoom, type Refusal, type WaitingRoom } from '../lib/waiting-room';
import type { ServiceContext } from '../service-context';

declare module 'fastify' {
  interface FastifyInstance {
    waitingRoom: WaitingRoom;
    /** Whether a period is open today and the next published opening (kept 30 s per tenant). */
    registrationCalendar(
      caller: Pick<ServiceContext, 'tenant' | 'db'>,
    ): Promise<{ nextOpening: number | null; openNow: boolean }>;
  }
  interface FastifyContextConfig {
    /** Opens a session or an account (a password hash): refused with the waiting room's 503 at capacity. */
    admission?: boolean;
  }
}

const CALENDAR_MS = 30_000;

/** The waiting room's 503: position, estimate, the ticket to come back with, and when to come back. */
export function sendRefusal(reply: FastifyReply, r: Refusal) {
  return reply.status(503).header('retry-after', String(r.retryAfter)).send({
    success: false,
    message: r.message,
    position: r.position,
    estimated_seconds: r.estimatedSeconds,
    ticket: r.ticket,
  });
}

const ticketOf = (app: FastifyInstance, req: FastifyRequest) => {
  const header = req.headers[QUEUE_TICKET_HEADER];
  return app.waitingRoom.read(Array.isArray(header) ? header[0] : header);
};

/**
 * Routes marked `config.admission` pass the waiting room before their handler; a hash refused by the pool
 * after all (the errors plugin calls refuseForCapacity) keeps the caller's place too.
 */
export default fp(
  async function waitingRoom(app: FastifyInstance, { secret }: { secret: string }) {
    app.decorate('waitingRoom', createWaitingRoom(secret, app.ctx.hasher.pool));

    const calendars = new Map<
      number,
      { at: number; value: Promise<{ nextOpening: number | null; openNow: boolean }> }
    >();
    app.decorate('registrationCalendar', (req: Pick<ServiceContext, 'tenant' | 'db'>) => {
      const kept = calendars.get(req.tenant.id);
      if (kept && Date.now() - kept.at < CALENDAR_MS) return kept.value;
      const value = req.db((c) => registrationCalendar(c.db, c.tenantId));
      calendars.set(req.tenant.id, { at: Date.now(), value });
      value.catch(() => calendars.delete(req.tenant.id));
      return value;
    });

    app.addHook('preHandler', async (req, reply) => {
      if (!req.routeOptions.config?.admission) return;
      const { nextOpening } = await app.registrationCalendar(req);
      const refused = await app.waitingRoom.admit(sharedWaitingLine(req), ticketOf(app, req), nextOpening);
      if (refused) return sendRefusal(reply, refused);
    });
  },
  { name: 'waiting-room', dependencies: ['tenant'] },
);

/** For the errors plugin: the pool refused a hash of an admission route after the door let it in. */
export async function refuseForCapacity(req: FastifyRequest, reply: FastifyReply) {
  const app = req.server;
  const opening = await app.registrationCalendar(req).then(
    (c) => c.nextOpening,
    () => null,
  );
  const refused = await app.waitingRoom.refuse(sharedWaitingLine(req), ticketOf(app, req), opening);
  return sendRefusal(reply, refused);
}
