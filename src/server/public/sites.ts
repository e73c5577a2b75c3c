/**
 * "Where can my child go today" (issue 15; docs/sites.md, "Publishing"), readable without signing
 * in: the published strike day shown (the date asked for, else today's in Los Angeles, else the
 * next, else the latest) with each site's live status (open, filling, full), and every published
 * day for the day picker; and where each ZIP code is, for "nearest first". No person, no count of
 * children or adults, no attendance. Served from memory (src/server/public/sites-cache.ts) with a
 * strong ETag, 304 on If-None-Match, and gzip made once per answer (`send`, as the public record).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors, ok } from '../schemas.ts';
import { publicZips } from '../../sites/zip.ts';
import { made, send } from './routes.ts';
import { PublicSitesCache } from './sites-cache.ts';
import { dayShown, todayIn } from './sites-choose.ts';
import { PublicSitesAnswerSchema, PublicSitesQuery, PublicZipsSchema } from './sites-schemas.ts';
import type { Cached } from './record.ts';

const notModified = { 304: { description: 'Not modified since the ETag sent in If-None-Match' } };

const sites = createRoute({
  method: 'get', path: '/api/public/sites', tags: ['public'],
  summary: 'Where can my child go: the strike day shown (?date=, else today, else the next, else the latest), its open sites with hours and live status, meal and partner sites (no sign-in)',
  request: { query: PublicSitesQuery },
  responses: { 200: ok(PublicSitesAnswerSchema, 'The day shown and every published day'), ...notModified, ...errors(400, 404) },
});

const zips = createRoute({
  method: 'get', path: '/api/public/sites/zips', tags: ['public'],
  summary: 'Where each ZIP code is (latitude, longitude), from the published schools\' addresses and the CDE school directory; no outside service (no sign-in)',
  responses: { 200: ok(PublicZipsSchema, 'ZIP code → point'), ...notModified },
});

/** Seconds a browser or shared cache may keep an answer: with the 1 s check, a change is public within 6 s. */
const MAX_AGE = 5;

export function publicSitesRoutes(app: OpenAPIHono<AppEnv>): void {
  let cache: PublicSitesCache | null = null;
  let zipAnswer: { at: ShownDaysRef; cached: Cached } | null = null;
  const of = (c: Context<AppEnv>) => (cache ??= new PublicSitesCache(c.get('deps').db, made));

  app.openapi(sites, async (c) => {
    const { date } = c.req.valid('query');
    const days = await of(c).published();
    const today = todayIn(c.get('deps').now());
    const shown = dayShown({ days, date, today });
    return send(c, await of(c).answer(date ?? `today ${today}`, shown), MAX_AGE);
  });

  app.openapi(zips, async (c) => {
    const days = await of(c).published();
    // Rebuilt only when the published days change (the list is a new array then).
    if (zipAnswer?.at !== days) zipAnswer = { at: days, cached: { token: '', ...made(publicZips(days.flatMap((d) => d.day.sites))) } };
    return send(c, zipAnswer.cached, 300);
  });
}

type ShownDaysRef = Awaited<ReturnType<PublicSitesCache['published']>>;
