/**
 * The request counts a process keeps in its own memory while Redis cannot answer: a fixed
 * window per key, at most `max` keys. Past the bound the least recently counted key is
 * forgotten first (a Map keeps insertion order; a counted key moves to its end), so a client
 * cycling through many keys (IPv6 /64s, made-up tokens) pushes out only keys idle longer
 * than its own, never every other client's count at once.
 */
export class AloneWindows {
  private readonly windows = new Map<string, { current: number; endsAt: number }>();
  constructor(private readonly max: number) {}

  /** Counts one request of `key` and answers its count and the time left in its window. */
  count(key: string, timeWindow: number, now = Date.now()): { current: number; ttl: number } {
    let window = this.windows.get(key);
    if (window) this.windows.delete(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= this.max) this.windows.delete(this.windows.keys().next().value!);
      window = { current: 0, endsAt: now + timeWindow };
    }
    this.windows.set(key, window);
    window.current += 1;
    return { current: window.current, ttl: window.endsAt - now };
  }

  get size() { return this.windows.size; }
}
