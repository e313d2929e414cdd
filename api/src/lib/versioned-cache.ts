/**
 * Answers kept with the version of the data they were computed from (see `list_versions`): an answer is
 * reused only while the caller has just read that same version, so it is never older than what a fresh read
 * would show. Concurrent callers who read the same version share one computation instead of each doing it.
 * Bounded by entries and by size (the least recently used go first).
 */
export class VersionedCache<T> {
  private entries = new Map<string, { version: number; value: T; size: number }>();
  private running = new Map<string, { version: number; value: Promise<T> }>();
  private size = 0;

  constructor(
    private readonly limits: { entries: number; size: number },
    private readonly sizeOf: (value: T) => number = () => 1,
  ) {}

  /** The answer for `key` at `version`: kept, being computed by another caller, or computed now. */
  async get(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept?.version === version) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.value;
    }
    const shared = this.running.get(key);
    if (shared?.version === version) return shared.value;
    const value = compute();
    this.running.set(key, { version, value });
    try {
      const result = await value;
      this.keep(key, version, result);
      return result;
    } finally {
      if (this.running.get(key)?.value === value) this.running.delete(key);
    }
  }

  private keep(key: string, version: number, value: T) {
    const kept = this.entries.get(key);
    // A slower caller that read an older version does not replace a newer answer.
    if (kept && kept.version > version) return;
    if (kept) this.drop(key);
    const size = this.sizeOf(value);
    if (size > this.limits.size) return;
    this.entries.set(key, { version, value, size });
    this.size += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.entries && this.size <= this.limits.size) break;
      this.drop(oldest);
    }
  }

  private drop(key: string) {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    this.size -= kept.size;
  }
}
