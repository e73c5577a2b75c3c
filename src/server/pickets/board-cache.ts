/**
 * The coverage board's JSON, kept between requests. A district-sized strike day (1,700 shifts,
 * 18,500 check-ins) takes about 80 ms of the server's thread to read and figure, and Node takes
 * connections in the order they came: fifty board requests from one organizer at once held
 * every request behind them, the district's and the public's too, for 4-7 s.
 *
 * So the board now (not as of an earlier `at`) is made once and kept for everyone of the union
 * asking, until a change to its day is announced (src/server/pickets/changes.ts: check-ins,
 * sign-ups, shifts, the day; here at once, from other processes when their notice arrives) or it
 * is BOARD_KEEP_MS old, whichever comes first. What changes without an announcement (a site
 * captain named on the roster, the clock moving a shift from due to late) shows within that
 * time; the live board takes 30 s for the same. A board being made when a change is announced
 * is not kept, and a request arriving while one is made waits for the next
 * (src/server/http/shared-read.ts): nobody is answered a board older than their own request's
 * acknowledged changes.
 */
import type { Deps } from '../env.ts';
import { SharedReads } from '../http/shared-read.ts';
import { boardOf } from './board-read.ts';

export const BOARD_KEEP_MS = 2000;

interface Kept { json: string; epoch: string; madeAt: number; clockAt: number }

class BoardCache {
  private readonly kept = new Map<string, Kept>();
  /** Per `org` (anything of the union changed) and `org:day`: how many changes were heard. */
  private readonly epochs = new Map<string, number>();
  private readonly reads = new SharedReads<string>();
  private readonly heard = new Set<number>();

  constructor(private readonly deps: Deps) {}

  changed(organizationId: number, dayId: number | null): void {
    const key = dayId === null ? `${organizationId}` : `${organizationId}:${dayId}`;
    this.epochs.set(key, (this.epochs.get(key) ?? 0) + 1);
    if (dayId !== null) this.kept.delete(key);
    else for (const k of this.kept.keys()) if (k.startsWith(`${organizationId}:`)) this.kept.delete(k);
  }

  json(organizationId: number, dayId: number, at?: Date): Promise<string> {
    const make = (now: Date) => boardOf(this.deps.db, organizationId, dayId, now).then((b) => JSON.stringify(b));
    if (at) return this.reads.read(`${organizationId}:${dayId}:${at.toISOString()}`, () => make(at));
    this.listen(organizationId);
    const key = `${organizationId}:${dayId}`;
    const kept = this.kept.get(key);
    const now = this.deps.now().getTime();
    if (kept && kept.epoch === this.epochOf(organizationId, dayId) && performance.now() - kept.madeAt < BOARD_KEEP_MS && now >= kept.clockAt && now - kept.clockAt < BOARD_KEEP_MS) {
      return Promise.resolve(kept.json);
    }
    return this.reads.read(key, async () => {
      const epoch = this.epochOf(organizationId, dayId);
      const madeAt = performance.now();
      const clock = this.deps.now();
      const json = await make(clock);
      if (epoch === this.epochOf(organizationId, dayId)) this.kept.set(key, { json, epoch, madeAt, clockAt: clock.getTime() });
      return json;
    });
  }

  private epochOf(organizationId: number, dayId: number): string {
    return `${this.epochs.get(`${organizationId}`) ?? 0}/${this.epochs.get(`${organizationId}:${dayId}`) ?? 0}`;
  }

  /** Changes announced by other processes (PostgreSQL) reach this one through the change bus. */
  private listen(organizationId: number): void {
    if (this.heard.has(organizationId) || !this.deps.changes) return;
    this.heard.add(organizationId);
    this.deps.changes.subscribe(organizationId, (c) => this.changed(c.organizationId, c.strikeDayId));
  }
}

const caches = new WeakMap<object, BoardCache>();

function cacheOf(deps: Deps): BoardCache {
  let c = caches.get(deps);
  if (!c) caches.set(deps, (c = new BoardCache(deps)));
  return c;
}

/** The board's JSON now (kept as above), or as of `at` (made for the requests asking for that moment at the same time). */
export function boardJsonOf(deps: Deps, organizationId: number, dayId: number, at?: Date): Promise<string> {
  return cacheOf(deps).json(organizationId, dayId, at);
}

/** A change to these days was committed here: their kept boards are no longer answered (called by `announce`). */
export function boardsChanged(deps: object, organizationId: number, dayIds: Iterable<number>): void {
  const c = caches.get(deps);
  if (c) for (const d of dayIds) c.changed(organizationId, d);
}
