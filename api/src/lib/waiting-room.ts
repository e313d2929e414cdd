import crypto from 'node:crypto';
import { waitingMessage } from '@psb/contracts';
import type { HashPool } from './hash-pool';

/**
 * First come, first served at the password steps. A caller refused for capacity gets a ticket holding its
 * first arrival, signed with the server's secret (any instance honours it); coming back with it keeps its
 * place. Arrivals before a registration period's published opening all rank just before the opening, in an
 * order drawn from the secret and the ticket's nonce — refreshing at 07:59:59 or sending a bot gains nothing.
 * Who is waiting now is a `WaitingLine`: the api's is a table every instance shares (plugins/waiting-room), so
 * positions and the door count the same crowd on every instance.
 */
export interface Ticket {
  /** First arrival, ms since epoch. */
  arrivedAt: number;
  nonce: string;
  /** The opening (ms) that was ahead when the ticket was issued, if it was. */
  opensAt: number | null;
}

export interface Refusal {
  position: number;
  estimatedSeconds: number;
  retryAfter: number;
  ticket: string;
  message: string;
}

/** Who is waiting now: callers by rank, each dropping out when not seen for IDLE_MS. */
export interface WaitingLine {
  /** Waiters seen lately ahead of the caller: ranked before it, or of its rank with a lesser nonce. */
  ahead(rank: number, nonce: string): Promise<number>;
  /** Puts the caller in line (or marks it seen again) and answers how many are ahead of it, in one step. */
  join(rank: number, nonce: string): Promise<number>;
  leave(nonce: string): Promise<void>;
  size(): Promise<number>;
}

export interface WaitingRoom {
  /** The presented ticket, if it is one this server signed. */
  read(header: string | undefined): Ticket | null;
  /** Admits the caller when nobody waiting is ahead of it beyond what the pool can take; else its refusal. */
  admit(line: WaitingLine, ticket: Ticket | null, opensAt: number | null): Promise<Refusal | null>;
  /** The refusal of a caller that got in but found the pool full after all (it keeps its ticket). */
  refuse(line: WaitingLine, ticket: Ticket | null, opensAt: number | null): Promise<Refusal>;
  /** Who waits now, and how long the last of them may expect. */
  stats(line: WaitingLine): Promise<{ waiting: number; estimatedSeconds: number }>;
}

/** A waiting caller that has not come back for this long has given up and no longer holds anyone back. */
export const IDLE_MS = 30_000;
/**
 * The longest a waiting caller is asked to stay away: under IDLE_MS, so nobody loses a place by obeying it, and
 * long enough that a crowd of thousands coming back costs the server little.
 */
const MAX_RETRY_AFTER = 20;

/**
 * Whether a place in line comes before (rank, nonce): by rank, then by nonce. A pre-opening draw has about 4,000
 * distinct ranks in its last millisecond, so two callers may share one; the nonce keeps their places apart.
 */
const before = (w: { rank: number; nonce: string }, rank: number, nonce: string) =>
  w.rank < rank || (w.rank === rank && w.nonce < nonce);

/** A line kept in this process: the rules of the room without a database (its unit tests). */
export function memoryLine(now = Date.now): WaitingLine {
  // Sorted by rank; nonces are unique per ticket.
  let line: { rank: number; nonce: string; seen: number }[] = [];
  const sweep = () => {
    const cutoff = now() - IDLE_MS;
    if (line.some((w) => w.seen < cutoff)) line = line.filter((w) => w.seen >= cutoff);
  };
  const leave = (nonce: string) => {
    line = line.filter((w) => w.nonce !== nonce);
  };
  return {
    async ahead(rank, nonce) {
      sweep();
      let n = 0;
      for (const w of line) {
        if (!before(w, rank, nonce)) break;
        n++;
      }
      return n;
    },
    async join(rank, nonce) {
      leave(nonce);
      sweep();
      const at = line.findIndex((w) => !before(w, rank, nonce));
      line.splice(at < 0 ? line.length : at, 0, { rank, nonce, seen: now() });
      return at < 0 ? line.length - 1 : at;
    },
    leave: async (nonce) => leave(nonce),
    async size() {
      sweep();
      return line.length;
    },
  };
}

export function createWaitingRoom(secret: string, pool: HashPool, now = Date.now): WaitingRoom {
  const key = crypto.createHash('sha256').update(`waiting-room:${secret}`).digest();
  const mac = (text: string) => crypto.createHmac('sha256', key).update(text).digest('base64url');

  const sign = (t: Ticket) => {
    const body = Buffer.from(JSON.stringify([t.arrivedAt, t.nonce, t.opensAt])).toString('base64url');
    return `${body}.${mac(body)}`;
  };

  /** Pre-opening arrivals: just before the opening, in the order of a secret draw per ticket. */
  const rankOf = (t: Ticket) => {
    if (t.opensAt === null || t.arrivedAt >= t.opensAt) return t.arrivedAt;
    const draw = crypto.createHmac('sha256', key).update(`draw:${t.nonce}`).digest().readUInt32BE(0);
    return t.opensAt - 1 + draw / 2 ** 32;
  };

  const estimate = (position: number) => {
    const { hashMs, concurrency } = pool.stats();
    return Math.ceil((position * hashMs) / concurrency / 1000);
  };

  const newTicket = (opensAt: number | null): Ticket => {
    const at = now();
    return {
      arrivedAt: at,
      nonce: crypto.randomBytes(12).toString('base64url'),
      opensAt: opensAt !== null && opensAt > at ? opensAt : null,
    };
  };

  const refusal = async (line: WaitingLine, t: Ticket): Promise<Refusal> => {
    const position = (await line.join(rankOf(t), t.nonce)) + 1;
    const estimatedSeconds = estimate(position);
    return {
      position,
      estimatedSeconds,
      retryAfter: Math.min(MAX_RETRY_AFTER, Math.max(1, estimatedSeconds)),
      ticket: sign(t),
      message: waitingMessage(position, estimatedSeconds),
    };
  };

  return {
    read(header) {
      const [body, signature] = (header ?? '').split('.');
      if (!body || !signature) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
      try {
        const [arrivedAt, nonce, opensAt] = JSON.parse(Buffer.from(body, 'base64url').toString()) as [
          number,
          string,
          number | null,
        ];
        return { arrivedAt, nonce, opensAt };
      } catch {
        return null;
      }
    },
    async admit(line, ticket, opensAt) {
      const t = ticket ?? newTicket(opensAt);
      if ((await line.ahead(rankOf(t), t.nonce)) < pool.room()) {
        // Only a ticket holder can be in line: a first arrival let in costs the line nothing.
        if (ticket) await line.leave(t.nonce);
        return null;
      }
      return refusal(line, t);
    },
    refuse: (line, ticket, opensAt) => refusal(line, ticket ?? newTicket(opensAt)),
    async stats(line) {
      const waiting = await line.size();
      return { waiting, estimatedSeconds: estimate(waiting) };
    },
  };
}
