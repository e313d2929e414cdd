import { sql } from 'kysely';
import type { Db } from '../db/kysely';
import type { ServiceContext } from '../service-context';
import { IDLE_MS, type WaitingLine } from './waiting-room';

let joins = 0;

interface Place {
  rank: number;
  nonce: string;
}

/**
 * The waiting room's line in PostgreSQL (waiting_line), so every api instance counts the same crowd: the door
 * and the position shown are the same whichever instance a parent comes back to. One indexed count per pass
 * of the door, and one statement per refusal; a row per caller refused, removed when it is let in.
 */
export function sharedWaitingLine(req: Pick<ServiceContext, 'tenant' | 'db'>): WaitingLine {
  const lately = sql<Date>`now() - make_interval(secs => ${IDLE_MS / 1000})`;
  /** Those seen lately, or (given a place) those ahead of it: ties of rank by nonce, byte by byte as in memory. */
  const counted = (db: Db, tenantId: number, place: Place | null) => {
    const q = db
      .selectFrom('waiting_line')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('seen_at', '>', lately);
    return place
      ? q.where(
          sql<boolean>`(rank, nonce COLLATE "C") < (${place.rank}::float8, ${place.nonce}::text COLLATE "C")`,
        )
      : q;
  };
  const count = (place: Place | null) =>
    req.db(async ({ db, tenantId }) =>
      Number((await counted(db, tenantId, place).executeTakeFirstOrThrow()).n),
    );
  return {
    ahead: (rank, nonce) => count({ rank, nonce }),
    size: () => count(null),
    join: (rank, nonce) =>
      req.db(async ({ db, tenantId }) => {
        // One statement: the row written and those ahead counted. The count's snapshot does not see the new row,
        // and a caller's own earlier row is never ahead of itself.
        const { n } = await db
          .with('joined', (w) =>
            w
              .insertInto('waiting_line')
              .values({ tenant_id: tenantId, nonce, rank })
              .onConflict((oc) =>
                oc.columns(['tenant_id', 'nonce']).doUpdateSet({ rank, seen_at: sql`now()` }),
              )
              .returning('nonce'),
          )
          .selectFrom(counted(db, tenantId, { rank, nonce }).as('ahead'))
          .select('ahead.n')
          .executeTakeFirstOrThrow();
        // Now and then drop those long gone, so the table stays the size of the crowd.
        if (++joins % 200 === 0)
          await db
            .deleteFrom('waiting_line')
            .where('tenant_id', '=', tenantId)
            .where('seen_at', '<', sql<Date>`now() - interval '10 minutes'`)
            .execute();
        return Number(n);
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
