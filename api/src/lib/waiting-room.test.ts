import { createHashPool } from './hash-pool';
import { createWaitingRoom, memoryLine, type Refusal } from './waiting-room';

const SECRET = 'a-signing-secret-of-at-least-32-characters';
const OPENING = Date.parse('2027-07-01T00:00:00Z');

/** A pool that takes nothing: everyone waits, so the line's order can be read from the positions. */
const fullPool = () => {
  const pool = createHashPool({ concurrency: 1, maxWaitMs: 0, queueMax: 0 });
  void pool.run(() => new Promise(() => {}));
  return pool;
};

describe('waiting room', () => {
  it('keeps first-come-first-served by the first arrival on the signed ticket, on any instance', async () => {
    let clock = OPENING + 1000;
    const room = createWaitingRoom(SECRET, fullPool(), () => clock);
    const line = memoryLine(() => clock);
    const first = (await room.admit(line, null, null))!;
    clock += 10;
    const second = (await room.admit(line, null, null))!;
    expect([first.position, second.position]).toEqual([1, 2]);

    // Another instance (same secret) on a line that has seen neither: the later arrival still ranks second.
    const other = createWaitingRoom(SECRET, fullPool(), () => clock);
    const otherLine = memoryLine(() => clock);
    expect((await other.admit(otherLine, other.read(second.ticket), null))!.position).toBe(1);
    expect((await other.admit(otherLine, other.read(first.ticket), null))!.position).toBe(1);
    expect((await other.admit(otherLine, other.read(second.ticket), null))!.position).toBe(2);

    // A ticket altered by hand is not one: the caller starts at the back.
    const [body, signature] = first.ticket.split('.');
    const forged = `${Buffer.from(JSON.stringify([0, 'x', null])).toString('base64url')}.${signature}`;
    expect(room.read(forged)).toBeNull();
    expect(room.read(`${body}.AAAA`)).toBeNull();
    expect(room.read(first.ticket)).not.toBeNull();
  });

  it('shuffles arrivals before the published opening, all ahead of those after it', async () => {
    let clock = OPENING - 5_000;
    const room = createWaitingRoom(SECRET, fullPool(), () => clock);
    const line = memoryLine(() => clock);
    const early: Refusal[] = [];
    for (let i = 0; i < 20; i++) {
      early.push((await room.admit(line, null, OPENING))!);
      clock += 100;
    }
    clock = OPENING + 5;
    const late = (await room.admit(line, null, OPENING))!;
    expect(late.position).toBe(21);

    const positions: number[] = [];
    for (const r of early) positions.push((await room.admit(line, room.read(r.ticket), OPENING))!.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Arrival order is not the order of the line (20! orders; the chance of keeping it is nil).
    expect(positions).not.toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('gives callers of one rank places of their own, by nonce', async () => {
    const line = memoryLine(() => OPENING);
    for (const nonce of ['b', 'c', 'a']) await line.join(OPENING - 0.5, nonce);
    const places = await Promise.all(['a', 'b', 'c'].map((nonce) => line.ahead(OPENING - 0.5, nonce)));
    expect(places).toEqual([0, 1, 2]);
  });

  it('lets a caller in when nobody waiting is ahead of it beyond what the pool can take', async () => {
    let clock = OPENING;
    const pool = createHashPool({ concurrency: 1, maxWaitMs: 0, queueMax: 0 });
    let release!: () => void;
    const held = pool.run(() => new Promise<void>((r) => (release = r)));
    const room = createWaitingRoom(SECRET, pool, () => clock);
    const line = memoryLine(() => clock);
    const waiting = (await room.admit(line, null, null))!;
    expect((await room.stats(line)).waiting).toBe(1);
    release();
    await held;
    clock += 10;
    // A newcomer finds the free slot kept for the one who came first.
    expect((await room.admit(line, null, null))?.position).toBe(2);
    expect(await room.admit(line, room.read(waiting.ticket), null)).toBeNull();
    // Those who stop coming back leave the line.
    clock += 60_000;
    expect((await room.stats(line)).waiting).toBe(0);
  });
});
