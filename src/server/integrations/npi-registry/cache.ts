/**
 * A small time-bounded, size-bounded map. Least recently used entries go first when full, so a burst
 * of one-off lookups cannot push out the NPIs people are actively signing up with.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** `undefined` means "not cached"; a cached `null` is a remembered negative answer. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    // Re-inserting moves the key to the end of Map's insertion order, i.e. most recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V) {
    if (this.ttlMs <= 0 || this.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  clear() {
    this.entries.clear();
  }
}
