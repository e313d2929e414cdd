import { createHashPool } from './hash-pool';
import { createWaitingRoom, type Refusal } from './waiting-room';

const SECRET = 'a-signing-secret-of-at-least-32-characters';
const OPENING = Date.parse('2027-07-01T00:00:00Z');

/** A pool that takes nothing: everyone waits, so the line's order can be read from the positions. */
const fullPool = () => {
  const pool = createHashPool({ concurrency: 1, maxWaitMs: 0, queueMax: 0 });
  void pool.run(() => new Promise(() => {}));
  return pool;
};

describe('waiting room', () => {
  it('keeps first-come-first-served by the first arrival on the signed ticket, on any instance', () => {
    let clock = OPENING + 1000;
    const room = createWaitingRoom(SECRET, fullPool(), () => clock);
    const first = room.admit(null, null)!;
    clock += 10;
    const second = room.admit(null, null)!;
    expect([first.position, second.position]).toEqual([1, 2]);

    // Another instance (same secret) has never seen either: the later arrival still ranks second.
    const other = createWaitingRoom(SECRET, fullPool(), () => clock);
    expect(other.admit(other.read(second.ticket), null)!.position).toBe(1);
    expect(other.admit(other.read(first.ticket), null)!.position).toBe(1);
    expect(other.admit(other.read(second.ticket), null)!.position).toBe(2);

    // A ticket altered by hand is not one: the caller starts at the back.
    const [body, signature] = first.ticket.split('.');
    const forged = `${Buffer.from(JSON.stringify([0, 'x', null])).toString('base64url')}.${signature}`;
    expect(room.read(forged)).toBeNull();
    expect(room.read(`${body}.AAAA`)).toBeNull();
    expect(room.read(first.ticket)).not.toBeNull();
  });

  it('shuffles arrivals before the published opening, all ahead of those after it', () => {
    let clock = OPENING - 5_000;
    const room = createWaitingRoom(SECRET, fullPool(), () => clock);
    const early: Refusal[] = [];
    for (let i = 0; i < 20; i++) {
      early.push(room.admit(null, OPENING)!);
      clock += 100;
    }
    clock = OPENING + 5;
    const late = room.admit(null, OPENING)!;
    expect(late.position).toBe(21);

    const positions = early.map((r) => room.admit(room.read(r.ticket), OPENING)!.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Arrival order is not the order of the line (20! orders; the chance of keeping it is nil).
    expect(positions).not.toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('lets a caller in when nobody waiting is ahead of it beyond what the pool can take', () => {
    let clock = OPENING;
    const pool = createHashPool({ concurrency: 1, maxWaitMs: 0, queueMax: 0 });
    let release!: () => void;
    const held = pool.run(() => new Promise<void>((r) => (release = r)));
    const room = createWaitingRoom(SECRET, pool, () => clock);
    const waiting = room.admit(null, null)!;
    expect(room.stats().waiting).toBe(1);
    release();
    return held.then(() => {
      clock += 10;
      // A newcomer finds the free slot kept for the one who came first.
      expect(room.admit(null, null)?.position).toBe(2);
      expect(room.admit(room.read(waiting.ticket), null)).toBeNull();
      // Those who stop coming back leave the line.
      clock += 60_000;
      expect(room.stats().waiting).toBe(0);
    });
  });
});
