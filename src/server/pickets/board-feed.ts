/**
 * The live boards of one server process: per strike day with open event streams, the board is
 * made once and sent to every stream of that day, whoever watches (every board of a union shows
 * the same figures). After a change announced on the change bus (this process's or, on
 * PostgreSQL, any process's) the board is made again at most every `throttleMs` (500 ms); every
 * `tickMs` (30 s) it is made again anyway, and sent if anything but `asOf` changed, since
 * figures also move with the clock alone (a shift starts, a late check-in, the automatic
 * check-out).
 */
import type { Deps } from '../env.ts';
import type { PicketChange } from './changes.ts';
import { boardJsonOf } from './board-cache.ts';

export const FEED_TIMING = { throttleMs: 500, tickMs: 30_000 };

type Send = (json: string) => void;

interface Feed {
  organizationId: number;
  dayId: number;
  watchers: Set<Send>;
  /** The last board sent, without asOf (to tell whether a tick changed anything). */
  lastShape: string;
  lastSentAt: number;
  /** When the last board was started (a board is started at least `throttleMs` after the last one started and was sent). */
  lastStartedAt: number;
  timer: NodeJS.Timeout | null;
  making: boolean;
  again: boolean;
  tick: NodeJS.Timeout;
  unsubscribe: () => void;
}

const shapeOf = (json: string) => json.replace(/"asOf":"[^"]*"/, '');

export class BoardFeeds {
  private readonly feeds = new Map<string, Feed>();
  private readonly enders = new Set<() => void>();

  constructor(private readonly deps: Deps) {}

  /** Starts sending the day's board to `send` (now, then after every change); returns the stop function. */
  watch(organizationId: number, dayId: number, send: Send): () => void {
    const key = `${organizationId}:${dayId}`;
    let feed = this.feeds.get(key);
    if (!feed) {
      const f: Feed = {
        organizationId, dayId, watchers: new Set(), lastShape: '', lastSentAt: 0, lastStartedAt: 0, timer: null, making: false, again: false,
        tick: setInterval(() => void this.make(f, { onlyIfChanged: true }), FEED_TIMING.tickMs),
        unsubscribe: this.deps.changes?.subscribe(organizationId, (change) => this.heard(f, change)) ?? (() => undefined),
      };
      f.tick.unref();
      this.feeds.set(key, (feed = f));
    }
    const f = feed;
    f.watchers.add(send);
    // The newcomer gets the board at once, made fresh for it.
    void this.boardJson(f).then((json) => { if (json !== null && f.watchers.has(send)) send(json); });
    return () => {
      f.watchers.delete(send);
      if (f.watchers.size === 0 && this.feeds.get(key) === f) {
        this.feeds.delete(key);
        clearInterval(f.tick);
        if (f.timer) clearTimeout(f.timer);
        f.unsubscribe();
      }
    };
  }

  /** Streams that close themselves when the server stops (`endAll`). */
  onEnd(end: () => void): () => void {
    this.enders.add(end);
    return () => this.enders.delete(end);
  }

  /** Ends every open stream (the server is stopping). */
  endAll(): void {
    for (const end of [...this.enders]) end();
  }

  private heard(f: Feed, change: PicketChange): void {
    if (change.strikeDayId !== null && change.strikeDayId !== f.dayId) return;
    if (f.making) {
      f.again = true; // made again once this one is done
      return;
    }
    if (f.timer) return; // already due
    const wait = Math.max(0, Math.max(f.lastSentAt, f.lastStartedAt) + FEED_TIMING.throttleMs - Date.now());
    f.timer = setTimeout(() => {
      f.timer = null;
      void this.make(f, { onlyIfChanged: false });
    }, wait);
  }

  private async make(f: Feed, o: { onlyIfChanged: boolean }): Promise<void> {
    if (f.making) {
      f.again = true;
      return;
    }
    f.making = true;
    if (!o.onlyIfChanged) f.lastStartedAt = Date.now();
    try {
      const json = await this.boardJson(f);
      if (json === null) return;
      const shape = shapeOf(json);
      if (o.onlyIfChanged && shape === f.lastShape) return;
      f.lastShape = shape;
      f.lastSentAt = Date.now();
      for (const send of f.watchers) send(json);
    } finally {
      f.making = false;
      if (f.again) {
        f.again = false;
        this.heard(f, { organizationId: f.organizationId, strikeDayId: f.dayId });
      }
    }
  }

  private async boardJson(f: Feed): Promise<string | null> {
    try {
      return await boardJsonOf(this.deps, f.organizationId, f.dayId);
    } catch (e) {
      this.deps.log(`coverage board ${f.dayId}: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }
}

const perServer = new WeakMap<Deps, BoardFeeds>();

/** This server's live boards (one set per Deps, so several test servers in one process stay apart). */
export function boardFeedsOf(deps: Deps): BoardFeeds {
  let feeds = perServer.get(deps);
  if (!feeds) perServer.set(deps, (feeds = new BoardFeeds(deps)));
  return feeds;
}
