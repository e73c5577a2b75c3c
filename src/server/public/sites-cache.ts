/**
 * "Where can my child go today", kept ready for a surge of phones at 6 a.m. (docs/sites.md,
 * "Publishing", "How fresh"): each answer is built once as JSON text with its strong ETag (and
 * gzipped once, by `send`) and served from memory.
 *
 * Freshness, across server processes, without a query per request: at most once a second a
 * process reads the publications state (count and largest id of site_publications, days
 * cancelled; one small query) and, for each day it serves, that day's counts (one indexed read of
 * the day's site_statuses rows). A new publication rebuilds every answer; a site administrator's
 * count changes the answer only if a status changes (open, filling, full) or the count's time does,
 * so an unchanged answer keeps its ETag and a phone's If-None-Match still gets 304. Concurrent
 * requests wait for the one check in flight. A change is therefore public within about a second
 * (plus the answer's max-age of 5 s in a browser or shared cache): under the 10 s the issue asks.
 */
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { liveStatus } from '../../sites/live.ts';
import type { PublicLiveAnswer, PublicSitesAnswer, ShownStatus } from '../../sites/public-types.ts';
import type { Cached } from './record.ts';
import { liveCounts, publicationsState, publishedDays, type ShownDay } from './sites-read.ts';

/** How often (ms) a process looks at the database again. */
export const CHECK_EVERY_MS = 1000;

type Made = { body: string; etag: string };

interface Kept { cached: Cached; dayId: number | null; live: string; checked: number }

export class PublicSitesCache {
  private token = '';
  private days: ShownDay[] = [];
  /** Bumped at every check: a live answer read at an older check reads its day's counts again. */
  private checks = 0;
  private checkedAt = -Infinity;
  private checking: Promise<void> | null = null;
  /** The published days as sent (no live status): rebuilt only when a publication changes them. */
  private readonly stable = new Map<string, { cached: Cached; dayId: number | null }>();
  private readonly lives = new Map<string, Kept>();
  private readonly building = new Map<string, Promise<Cached>>();

  constructor(private readonly db: Kysely<Database>, private readonly made: (value: unknown) => Made) {}

  /** The published days now (read again at most once a second). */
  async published(): Promise<ShownDay[]> {
    if (performance.now() - this.checkedAt >= CHECK_EVERY_MS) {
      this.checking ??= (async () => {
        try {
          const token = await publicationsState(this.db);
          if (token !== this.token) {
            this.days = await publishedDays(this.db);
            this.token = token;
            this.stable.clear();
            this.lives.clear();
          }
          this.checks += 1;
          this.checkedAt = performance.now();
        } finally {
          this.checking = null;
        }
      })();
      await this.checking;
    }
    return this.days;
  }

  /** The published days, if read within the last CHECK_EVERY_MS; else null (call `published`). */
  publishedNow(): ShownDay[] | null {
    return performance.now() - this.checkedAt < CHECK_EVERY_MS ? this.days : null;
  }

  /** The days answer showing `shown` (null: no published day), kept under `key`: it changes only with a publication. */
  answer(key: string, shown: ShownDay | null): Cached {
    const kept = this.stable.get(key);
    if (kept && kept.dayId === (shown?.dayId ?? null)) return kept.cached;
    const answer: PublicSitesAnswer = { days: this.days.map(dayInList), day: shown?.day ?? null };
    const cached = { token: this.token, ...this.made(answer) };
    this.stable.set(key, { cached, dayId: shown?.dayId ?? null });
    return cached;
  }

  /** The live statuses of `shown`'s sites, kept under `key` and read again at each check. */
  async live(key: string, shown: ShownDay | null): Promise<Cached> {
    const now = this.liveNow(key, shown);
    if (now) return now;
    const kept = this.lives.get(key);
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.buildLive(key, shown, kept).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  /** The live answer kept under `key` at the last check, if any; else null (call `live`). */
  liveNow(key: string, shown: ShownDay | null): Cached | null {
    const kept = this.lives.get(key);
    return kept && kept.checked === this.checks && kept.dayId === (shown?.dayId ?? null) ? kept.cached : null;
  }

  private async buildLive(key: string, shown: ShownDay | null, kept: Kept | undefined): Promise<Cached> {
    const checked = this.checks;
    const token = this.token;
    // Only the sites not open are listed: at 6 a.m. nearly every site is, and the answer stays a few
    // hundred bytes for a thousand sites (a phone polls it; 2.2 KB when each site was named).
    const live: Record<string, ShownStatus> = {};
    let liveAt: string | null = null;
    if (shown) {
      const counts = await liveCounts(this.db, shown.dayId);
      liveAt = shown.day.publishedAt;
      for (const s of shown.day.sites) {
        const c = counts.get(s.schoolId);
        const status = liveStatus({ childrenPresent: c?.childrenPresent ?? null, capacity: s.capacity });
        if (status !== 'open') live[s.schoolId] = status;
        if (c?.countedAt && c.countedAt > liveAt) liveAt = c.countedAt;
      }
    }
    const liveKey = JSON.stringify([live, liveAt]);
    let cached: Cached;
    if (kept && kept.dayId === (shown?.dayId ?? null) && kept.live === liveKey && kept.cached.token === token) cached = kept.cached;
    else {
      const answer: PublicLiveAnswer = { date: shown?.day.date ?? null, publishedAt: shown?.day.publishedAt ?? null, live, liveAt };
      cached = { token, ...this.made(answer) };
    }
    if (token === this.token) this.lives.set(key, { cached, dayId: shown?.dayId ?? null, live: liveKey, checked });
    return cached;
  }
}

const dayInList = ({ day }: ShownDay) => ({ date: day.date, label: day.label, district: day.district.name, openSites: day.sites.length, closedSites: day.closedSites });
