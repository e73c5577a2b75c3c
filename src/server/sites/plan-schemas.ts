/** The shapes of the district's strike-day site plan routes (docs/sites.md, "A strike day and its sites"). */
import { MAX_OTHER_COSTS_CENTS, MAX_SUBSTITUTE_DAY_RATE_CENTS } from '../../strike/days.ts';
import { z } from '@hono/zod-openapi';
import { SITE_STATUSES } from '../../sites/plan-rules.ts';
import { Id, plainLine, plainText } from '../schemas.ts';

const param = (name: string) => Id.openapi({ param: { name, in: 'path' }, example: 12 });
export const SiteDayParams = z.object({ dayId: param('dayId') });
export const SchoolId = z.string().min(1).max(40).regex(/^[A-Za-z0-9._-]+$/, 'must be a school id of the dataset such as E1');
export const SiteParams = z.object({ dayId: param('dayId'), schoolId: SchoolId.openapi({ param: { name: 'schoolId', in: 'path' }, example: 'E1' }) });
export const AdminParams = z.object({ adminId: param('adminId') });

const Date_ = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD such as 2019-01-14');
const Label = plainLine(200).refine((s) => s !== '', 'name the day, such as "Strike day 1"');
const Shares = z.record(z.string().min(1).max(40), z.number().min(0).max(1)).refine((r) => Object.keys(r).length <= 50, 'at most 50 units')
  .openapi({ description: 'share (0–1) of each bargaining unit on strike', example: { UTLA: 1 } });
// Bounded by each use below, with the bounds it names: a bound here too gave two contradictory limits in one answer.
const Dollars = z.number().refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must be dollars with at most 2 decimals, such as 250.50');
/** A substitute's day rate: up to $10,000 (src/strike/days.ts, as `settle strike-impact` takes it). */
const DayRate = Dollars.refine((n) => n >= 0, 'must not be negative: dollars a day per substitute, such as 250.50').refine((n) => Math.round(n * 100) <= MAX_SUBSTITUTE_DAY_RATE_CENTS, `must be at most $${(MAX_SUBSTITUTE_DAY_RATE_CENTS / 100).toLocaleString('en-US')} a day, such as 250.50`);
/** A day's other costs (negative: savings), within ±$1 billion (as `settle strike-impact` takes them). */
const OtherCosts = Dollars.refine((n) => Math.abs(Math.round(n * 100)) <= MAX_OTHER_COSTS_CENTS, `must be from -$${(MAX_OTHER_COSTS_CENTS / 100).toLocaleString('en-US')} to $${(MAX_OTHER_COSTS_CENTS / 100).toLocaleString('en-US')}`);
const Status = z.enum(SITE_STATUSES);
const Hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time HH:MM such as 08:00 or 18:00').openapi({ example: '08:00' });
const Count = (max: number) => z.number().int().min(0).max(max);

export const SiteDayBody = z.object({
  date: Date_, label: Label,
  datasetVersionId: z.number().int().positive().optional().openapi({ description: 'default: the district\'s newest dataset version' }),
  shares: Shares.optional(),
  substituteDayRate: DayRate.nullable().optional().openapi({ description: 'dollars a day per substitute' }),
  otherCosts: OtherCosts.optional().openapi({ description: 'other costs of the day in dollars (negative: other savings)' }),
  ratioLimit: z.number().int().min(1).max(1000).optional().openapi({ description: 'most children per adult present before a site is flagged; default 20' }),
  status: Status.optional().openapi({ description: 'every site\'s status to start with; default instruction' }),
}).strict().openapi('SiteDayNew', { example: { date: '2019-01-14', label: 'Strike day 1', shares: { UTLA: 1 }, substituteDayRate: 250, ratioLimit: 20 } });

export const SiteDayEditBody = z.object({
  label: Label.optional(), shares: Shares.optional(),
  substituteDayRate: DayRate.nullable().optional(),
  otherCosts: OtherCosts.optional(), ratioLimit: z.number().int().min(1).max(1000).optional(), cancelled: z.boolean().optional(),
}).strict().openapi('SiteDayEdit', { example: { label: 'Strike day 1', ratioLimit: 15 } });

export const SiteDaySchema = z.object({
  id: z.number().int(), date: z.string(), label: z.string(), datasetVersionId: z.number().int(), shares: z.record(z.string(), z.number()),
  substituteDayRate: z.number().nullable(), otherCosts: z.number(), ratioLimit: z.number().int(),
  version: z.number().int().openapi({ description: 'one more at every change of the day or a site on it' }),
  publishedVersion: z.number().int().nullable().openapi({ description: 'the version last published; null: never' }),
  unpublishedChanges: z.boolean().optional().openapi({ description: 'true when publishing now would change what the public sees: never published, or changed since by anything but counts (a site administrator\'s children and adults present, an attendance import)' }),
  cancelled: z.boolean(), createdAt: z.string(),
  sites: z.object({ total: z.number().int(), open: z.number().int(), closed: z.number().int(), flagged: z.number().int() }).optional(),
}).openapi('SiteDay');

/** The fields a planner sets on one site or many. */
export const SiteSet = z.object({
  status: Status.optional(), opens: Hhmm.nullable().optional(), closes: Hhmm.nullable().optional(),
  capacity: Count(100_000).nullable().optional(), administrators: Count(10_000).optional(), substitutes: Count(10_000).optional(), volunteers: Count(10_000).optional(),
  studentsAttending: Count(100_000).nullable().optional(), offers: plainLine(500).optional(), languages: z.array(plainLine(60).refine((s) => s !== '', 'name the language')).max(30).optional(),
}).strict();
export const SiteEditBody = SiteSet.openapi('SiteEdit', { example: { status: 'supervision', opens: '08:00', closes: '18:00', capacity: 120, substitutes: 4 } });

export const SiteSchema = z.object({
  schoolId: z.string(), name: z.string(), address: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable(),
  status: Status, opens: z.string().nullable(), closes: z.string().nullable(), capacity: z.number().int().nullable(),
  administrators: z.number().int(), substitutes: z.number().int(), volunteers: z.number().int(), studentsAttending: z.number().int().nullable(),
  offers: z.string(), languages: z.array(z.string()), childrenPresent: z.number().int().nullable(), adultsPresent: z.number().int().nullable(), countedAt: z.string().nullable(),
  flagged: z.boolean().openapi({ description: 'more children per adult present than the day\'s ratioLimit' }),
  version: z.number().int().openapi({ description: 'the plan version of this site\'s last change' }), updatedAt: z.string(),
}).openapi('Site');

export const SitesQuery = z.object({
  status: Status.optional().openapi({ param: { name: 'status', in: 'query' } }),
  flagged: z.enum(['true', 'false']).optional().openapi({ param: { name: 'flagged', in: 'query' }, description: 'true: only flagged sites' }),
  q: z.string().max(100).optional().openapi({ param: { name: 'q', in: 'query' }, description: 'part of the site\'s name' }),
  school: SchoolId.optional().openapi({ param: { name: 'school', in: 'query' }, description: 'one school id: that site alone' }),
  limit: z.string().regex(/^[1-9]\d{0,3}$/, 'must be a whole number from 1 to 2000').transform(Number).refine((n) => n <= 2000, 'at most 2000').optional().openapi({ param: { name: 'limit', in: 'query' }, example: '100' }),
  offset: z.string().regex(/^(0|[1-9]\d{0,5})$/, 'must be a whole number from 0 to 999999').transform(Number).optional().openapi({ param: { name: 'offset', in: 'query' }, example: '0' }),
});

/** A page of a site's changes: the latest `limit` (before the plan version `before`, if given). */
export const ChangesQuery = z.object({
  limit: z.string().regex(/^[1-9]\d{0,3}$/, 'must be a whole number from 1 to 1000').transform(Number).refine((n) => n <= 1000, 'must be a whole number from 1 to 1000').optional().openapi({ param: { name: 'limit', in: 'query' }, example: '200' }),
  before: z.string().regex(/^[1-9]\d{0,8}$/, 'must be a plan version, a whole number from 1 (the `earlier` of the last page)').transform(Number).optional().openapi({ param: { name: 'before', in: 'query' }, example: '57' }),
});

export const ChangeSchema = z.object({
  id: z.number().int(), planVersion: z.number().int(), kind: z.string(), before: z.record(z.string(), z.unknown()), after: z.record(z.string(), z.unknown()),
  batch: z.number().int().nullable(), by: z.object({ id: z.number().int(), name: z.string() }), at: z.string(),
}).openapi('SiteChange');

export const BulkBody = z.object({
  set: SiteSet,
  sites: z.union([z.literal('all'), z.array(SchoolId).min(1).max(20_000)]).optional().openapi({ description: '"all" or school ids' }),
  except: z.array(SchoolId).max(20_000).optional().openapi({ description: 'school ids or CDS codes left out' }),
  schoolsCsv: plainText(2_000_000).optional().openapi({ description: 'a CSV whose first column is school ids or CDS codes (instead of sites)' }),
  exceptCsv: plainText(2_000_000).optional().openapi({ description: 'a CSV whose first column is school ids or CDS codes left out (instead of except; a header line is skipped): "every school closed except these 150"' }),
  preview: z.boolean().optional(),
}).strict().openapi('SiteBulkChange', { example: { set: { status: 'closed' }, sites: 'all', except: ['E1', 'M1'], preview: true } });

export const CountsBody = z.object({
  childrenPresent: Count(100_000), adultsPresent: Count(10_000), studentsAttending: Count(100_000).optional(),
  confirm: z.boolean().optional().openapi({ description: 'true: keep a count of children above three times the site\'s capacity and above the school\'s enrollment (otherwise refused, 422 sites.count-unlikely, so a mistyped count does not show the site full to the public)' }),
}).strict()
  .openapi('SiteCounts', { example: { childrenPresent: 84, adultsPresent: 6 } });

export const AdminBody = z.object({ personId: z.number().int().positive(), schoolId: SchoolId }).strict().openapi('SiteAdministratorNew', { example: { personId: 12, schoolId: 'E1' } });
export const AdminSchema = z.object({
  id: z.number().int(), personId: z.number().int(), name: z.string(), email: z.string(), schoolId: z.string(), school: z.string(),
  assignedAt: z.string(), endedAt: z.string().nullable(),
}).openapi('SiteAdministrator');
