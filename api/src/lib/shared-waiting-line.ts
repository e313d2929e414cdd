import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { IDLE_MS, type WaitingLine } from './waiting-room';

let joins = 0;

/**
 * The waiting room's line in PostgreSQL (waiting_line), so every api instance counts the same crowd: the door
 * and the position shown are the same whichever instance a parent comes back to. One indexed count per pass
 * of the door; a row per caller refused, removed when it is let in.
 */
export function sharedWaitingLine(req: FastifyRequest): WaitingLine {
  const lately = sql<Date>`now() - make_interval(secs => ${IDLE_MS / 1000})`;
  const count = (rank: number | null, nonce: string | null) =>
    req.db(async ({ db, tenantId }) => {
      let q = db
        .selectFrom('waiting_line')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('seen_at', '>', lately);
      // Ties of rank are ordered by nonce, compared byte by byte as the in-memory line compares them.
      if (rank !== null && nonce !== null)
        q = q.where(sql<boolean>`(rank, nonce COLLATE "C") < (${rank}::float8, ${nonce}::text COLLATE "C")`);
      return Number((await q.executeTakeFirstOrThrow()).n);
    });
  return {
    ahead: (rank, nonce) => count(rank, nonce),
    size: () => count(null, null),
    join: (rank, nonce) =>
      req.db(async ({ db, tenantId }) => {
        await db
          .insertInto('waiting_line')
          .values({ tenant_id: tenantId, nonce, rank })
          .onConflict((oc) => oc.columns(['tenant_id', 'nonce']).doUpdateSet({ rank, seen_at: sql`now()` }))
          .execute();
        // Now and then drop those long gone, so the table stays the size of the crowd.
        if (++joins % 200 === 0)
          await db
            .deleteFrom('waiting_line')
            .where('tenant_id', '=', tenantId)
            .where('seen_at', '<', sql<Date>`now() - interval '10 minutes'`)
            .execute();
      }),
    leave: (nonce) =>
      req.db(async ({ db, tenantId }) => {
        await db
          .deleteFrom('waiting_line')
          .where('tenant_id', '=', tenantId)
          .where('nonce', '=', nonce)
          .execute();
      }),
  };
}
