/**
 * Built zips of dataset versions, so downloads do not each unzip, parse and zip the stored
 * files again. A version is immutable once stored, so its zip never changes; the key also holds
 * what the zip is made of (id, SHA-256, folder name, date), so a changed row can never be served
 * an old zip. Concurrent requests for one key share one build; builds run one at a time (a
 * reader asking for every version at once queues behind them, instead of starving everyone
 * else's requests); finished zips are kept, least recently used first out, up to a count and a
 * total size. Callers check who may see the version before asking here.
 */
export class ZipCache {
  private readonly kept = new Map<string, Uint8Array>(); // in order of use, oldest first
  private readonly building = new Map<string, Promise<Uint8Array>>();
  private keptBytes = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly maxBytes = 64 * 1024 * 1024, private readonly maxEntries = 256) {}

  /** The zip for `key`: kept, being built, or built now (after the builds queued before it). */
  get(key: string, build: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const hit = this.kept.get(key);
    if (hit) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      return Promise.resolve(hit);
    }
    const pending = this.building.get(key);
    if (pending) return pending;
    const run = this.queue.then(build);
    this.queue = run.catch(() => undefined);
    const shared = run.then(
      (bytes) => {
        this.building.delete(key);
        this.keep(key, bytes);
        return bytes;
      },
      (e: unknown) => {
        this.building.delete(key);
        throw e;
      },
    );
    this.building.set(key, shared);
    return shared;
  }

  private keep(key: string, bytes: Uint8Array): void {
    if (bytes.byteLength > this.maxBytes) return;
    this.kept.set(key, bytes);
    this.keptBytes += bytes.byteLength;
    for (const [k, b] of this.kept) {
      if (this.keptBytes <= this.maxBytes && this.kept.size <= this.maxEntries) break;
      this.kept.delete(k);
      this.keptBytes -= b.byteLength;
    }
  }
}
