/**
 * The costing threads' waiting line, shared fairly between keys (organizations, the public):
 * each key has its own line, and a free thread takes the next job of the key served least
 * recently, so one key's flood delays another key's job by at most the jobs already running.
 * Each key may have `perKey` jobs waiting, and all keys together `total`; beyond that a job is
 * refused (the route answers 429 with Retry-After) rather than held in memory.
 */
export class FairQueue<T> {
  private readonly lines = new Map<string, T[]>();
  /** When each key was last served (a counter); a key never served goes first. */
  private readonly served = new Map<string, number>();
  private tick = 0;
  private waiting = 0;

  constructor(readonly limits: { perKey: number; total: number }) {}

  get size(): number {
    return this.waiting;
  }

  /** Jobs waiting for `key`. */
  waitingFor(key: string): number {
    return this.lines.get(key)?.length ?? 0;
  }

  /** Adds a job; false (and nothing added) if the key's share or the whole queue is full. */
  push(key: string, item: T): boolean {
    const line = this.lines.get(key) ?? [];
    if (line.length >= this.limits.perKey || this.waiting >= this.limits.total) return false;
    line.push(item);
    this.lines.set(key, line);
    this.waiting++;
    return true;
  }

  /** The next job: the oldest of the key served least recently (among the keys `may` allows). */
  shift(may: (key: string) => boolean = () => true): T | undefined {
    let best: string | undefined;
    let bestAt = Infinity;
    for (const key of this.lines.keys()) {
      if (!may(key)) continue;
      const at = this.served.get(key) ?? -1;
      if (at < bestAt) [best, bestAt] = [key, at];
    }
    if (best === undefined) return undefined;
    const line = this.lines.get(best) as T[];
    const item = line.shift() as T;
    if (line.length === 0) this.lines.delete(best);
    this.served.set(best, ++this.tick);
    // Forget keys long idle (their next job would go first anyway), so the map stays small.
    if (this.served.size > 4096) for (const k of [...this.served.keys()].slice(0, 2048)) if (!this.lines.has(k)) this.served.delete(k);
    this.waiting--;
    return item;
  }

  /** Removes a waiting job (its client left); true if it was waiting. */
  remove(key: string, item: T): boolean {
    const line = this.lines.get(key);
    const i = line ? line.indexOf(item) : -1;
    if (!line || i < 0) return false;
    line.splice(i, 1);
    if (line.length === 0) this.lines.delete(key);
    this.waiting--;
    return true;
  }

  /** Every waiting job, removed (the server is stopping). */
  drain(): T[] {
    const all = [...this.lines.values()].flat();
    this.lines.clear();
    this.waiting = 0;
    return all;
  }
}
