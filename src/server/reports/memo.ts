import { shared } from '../costing/scope.ts';

/**
 * Answers kept in memory for things that never change once stored (a dataset version, a
 * proposal version): the work is done once, and requests that arrive while it runs wait for
 * the same result. A failure is not kept. The least recently used answer goes first.
 */
export class Memo<V> {
  private readonly kept = new Map<string, Promise<V>>();

  constructor(private readonly size: number) {}

  get(key: string, make: () => Promise<V>): Promise<V> {
    const hit = this.kept.get(key);
    if (hit) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit;
    }
    // Not cancelled with the request that started it: others may be waiting for it.
    const made = shared(make);
    this.kept.set(key, made);
    made.catch(() => {
      if (this.kept.get(key) === made) this.kept.delete(key);
    });
    while (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value as string);
    return made;
  }
}
