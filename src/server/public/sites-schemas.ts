/** Shapes of the public strike-day answers (for /api/openapi.json) and the date query (docs/sites.md, "Publishing"). */
import { z } from '@hono/zod-openapi';

const Langs = z.array(z.string());
const Hours = { opens: z.string().nullable().openapi({ description: 'local time HH:MM' }), closes: z.string().nullable() };

const Site = z.object({
  schoolId: z.string(), name: z.string(), address: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable(),
  status: z.enum(['instruction', 'supervision', 'meals']), ...Hours, capacity: z.number().int().nullable().openapi({ description: 'children the site can take; null: not set' }),
  offers: z.string(), languages: Langs,
});
const FamilySite = z.object({
  id: z.number().int(), kind: z.enum(['meal', 'partner']), partnerKind: z.enum(['library', 'park', 'recreation', 'other']).nullable(), name: z.string(), address: z.string(),
  latitude: z.number(), longitude: z.number(), opens: z.string(), closes: z.string(), mealsPerChild: z.number().int().nullable(), offers: z.string(), languages: Langs,
});

export const PublicSitesAnswerSchema = z.object({
  days: z.array(z.object({ date: z.string(), label: z.string(), district: z.string(), openSites: z.number().int(), closedSites: z.number().int() }))
    .openapi({ description: 'every published strike day of every district, newest date first' }),
  day: z.object({
    date: z.string(), label: z.string(), district: z.object({ name: z.string(), cdsCode: z.string() }), publishedAt: z.string(),
    closedSites: z.number().int().openapi({ description: 'how many of the district\'s sites are closed that day (sites, not people)' }),
    sites: z.array(Site), familySites: z.array(FamilySite),
  }).nullable().openapi({ description: 'the day shown: the date asked for, else today\'s (Los Angeles), else the next, else the latest; null when nothing is published' }),
}).openapi('PublicSites');

export const PublicLiveSchema = z.object({
  date: z.string().nullable().openapi({ description: 'the date of the day shown (as GET /api/public/sites shows for the same query); null when nothing is published' }),
  publishedAt: z.string().nullable().openapi({ description: 'the time of the publication the statuses belong to' }),
  live: z.record(z.string(), z.enum(['filling', 'full'])).openapi({ description: 'the sites filling or full now, by school id: full (children present ≥ capacity), filling (≥ 80%); every other site of the day shown is open (not listed)' }),
  liveAt: z.string().nullable().openapi({ description: 'the time of the latest count behind the statuses (the publication\'s time before any count)' }),
}).openapi('PublicLive');

export const PublicZipsSchema = z.object({
  zips: z.record(z.string(), z.object({ latitude: z.number(), longitude: z.number() })),
  fromSchools: z.number().int().openapi({ description: 'ZIPs located by the published schools\' addresses (mean of their coordinates)' }),
  fromDirectory: z.number().int().openapi({ description: 'ZIPs from the built-in table of the CDE school directory\'s Los Angeles ZIP centroids' }),
}).openapi('PublicZips');

const DATE = 'must be a date written YYYY-MM-DD, such as 2026-01-15';
export const PublicSitesQuery = z.object({
  date: z.string({ error: DATE }).regex(/^\d{4}-\d{2}-\d{2}$/, DATE)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), `${DATE} (a day that exists)`)
    .optional().openapi({ param: { name: 'date', in: 'query' }, example: '2026-01-15' }),
});
