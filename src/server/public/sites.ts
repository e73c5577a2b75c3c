/**
 * "Where can my child go today" (issue 15; docs/sites.md, "Publishing"), readable without signing
 * in: the published strike day shown (the date asked for, else today's in Los Angeles, else the
 * next, else the latest) as published, and every published day for the day picker; each site's
 * live status (open, filling, full) on that day, a small answer of its own that changes all day
 * while the day's answer changes only with a publication (so a phone revalidating it gets a 304);
 * and where each ZIP code is, for "nearest first". No person, no count of
 * children or adults, no attendance. Served from memory (src/server/public/sites-cache.ts) with a
 * strong ETag, 304 on If-None-Match, and gzip made once per answer (`send`, as the public record).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../env.ts';
import { errors, ok } from '../schemas.ts';
import { publicZips } from '../../sites/zip.ts';
import { send } from './routes.ts';
import { made } from './ready.ts';
import { PublicSitesCache } from './sites-cache.ts';
import { dayShown, todayIn } from './sites-choose.ts';
import { PublicLiveSchema, PublicSitesAnswerSchema, PublicSitesQuery, PublicZipsSchema } from './sites-schemas.ts';
import type { Cached } from './record.ts';

const notModified = { 304: { description: 'Not modified since the ETag sent in If-None-Match' } };

const sites = createRoute({
  method: 'get', path: '/api/public/sites', tags: ['public'],
  summary: 'Where can my child go: the strike day shown (?date=, else today, else the next, else the latest) as published, its open sites with hours, meal and partner sites; the live statuses are GET /api/public/sites/live (no sign-in)',
  request: { query: PublicSitesQuery },
  responses: { 200: ok(PublicSitesAnswerSchema, 'The day shown and every published day'), ...notModified, ...errors(400, 404) },
});

const live = createRoute({
  method: 'get', path: '/api/public/sites/live', tags: ['public'],
  summary: 'Each open site\'s status now (open, filling, full) on the day GET /api/public/sites shows for the same ?date=; small, read again each second (no sign-in)',
  request: { query: PublicSitesQuery },
  responses: { 200: ok(PublicLiveSchema, 'The statuses now'), ...notModified, ...errors(400, 404) },
});

const zips = createRoute({
  method: 'get', path: '/api/public/sites/zips', tags: ['public'],
  summary: 'Where each ZIP code is (latitude, longitude), from the published schools\' addresses and the CDE school directory; no outside service (no sign-in)',
  responses: { 200: ok(PublicZipsSchema, 'ZIP code → point'), ...notModified },
});

/** Seconds a browser or shared cache may keep an answer: with the 1 s check, a change is public within 6 s. */
export const SITES_MAX_AGE = 5;
export const LIVE_MAX_AGE = 5;
/** The ZIP code points change only with the published days. */
export const ZIPS_MAX_AGE = 300;

interface PublicSites { cache: PublicSitesCache; zips: { at: ShownDaysRef; cached: Cached } | null }
const kept = new WeakMap<Deps, PublicSites>();
const of = (deps: Deps) => {
  let k = kept.get(deps);
  if (!k) kept.set(deps, (k = { cache: new PublicSitesCache(deps.db, made), zips: null }));
  return k;
};

/** The day shown for `?date=` (or none: today's, else the next, else the latest), and the key its answers are kept under. */
async function shownFor(deps: Deps, date: string | undefined) {
  const { cache } = of(deps);
  return shownIn(deps, cache, await cache.published(), date);
}

function shownIn(deps: Deps, cache: PublicSitesCache, days: ShownDaysRef, date: string | undefined) {
  const today = todayIn(deps.now());
  return { cache, key: date ?? `today ${today}`, shown: dayShown({ days, date, today }) };
}

/**
 * The answers kept for `?date=` when they can be had without waiting (the published days were
 * read within the last second, and for the live answer, its counts at that read); else null, and
 * the async functions below read what is needed. The fast path (fast.ts) answers from these.
 */
export const answersNow = {
  sites(deps: Deps, date: string | undefined): Cached | null {
    const now = shownNow(deps, date);
    return now && now.cache.answer(now.key, now.shown);
  },
  live(deps: Deps, date: string | undefined): Cached | null {
    const now = shownNow(deps, date);
    return now && now.cache.liveNow(now.key, now.shown);
  },
  zips(deps: Deps): Cached | null {
    const k = of(deps);
    return k.zips !== null && k.zips.at === k.cache.publishedNow() ? k.zips.cached : null;
  },
};

function shownNow(deps: Deps, date: string | undefined) {
  const { cache } = of(deps);
  const days = cache.publishedNow();
  if (days === null) return null;
  try {
    return shownIn(deps, cache, days, date);
  } catch {
    return null; // a date with no published day: the route answers its 404
  }
}

/** The answer for `?date=`, shared by the route and the fast path (fast.ts). */
export async function sitesAnswer(deps: Deps, date: string | undefined): Promise<Cached> {
  const { cache, key, shown } = await shownFor(deps, date);
  return cache.answer(key, shown);
}

/** The live statuses for `?date=`, shared by the route and the fast path. */
export async function liveAnswer(deps: Deps, date: string | undefined): Promise<Cached> {
  const { cache, key, shown } = await shownFor(deps, date);
  return cache.live(key, shown);
}

/** Where each ZIP code is: rebuilt only when the published days change (the list is a new array then). */
export async function zipsAnswer(deps: Deps): Promise<Cached> {
  const k = of(deps);
  const days = await k.cache.published();
  if (k.zips?.at !== days) k.zips = { at: days, cached: { token: '', ...made(publicZips(days.flatMap((d) => d.day.sites))) } };
  return k.zips.cached;
}

export function publicSitesRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(sites, async (c) => send(c, await sitesAnswer(c.get('deps'), c.req.valid('query').date), SITES_MAX_AGE));
  app.openapi(live, async (c) => send(c, await liveAnswer(c.get('deps'), c.req.valid('query').date), LIVE_MAX_AGE));
  app.openapi(zips, async (c) => send(c, await zipsAnswer(c.get('deps')), ZIPS_MAX_AGE));
}

type ShownDaysRef = Awaited<ReturnType<PublicSitesCache['published']>>;
