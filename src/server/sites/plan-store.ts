/**
 * Reading a district's strike days and their sites for the routes: who may ask (a union caller
 * gets the 404 of a path with no route), one day or site of the caller's district (another's: 404),
 * the dataset a day was declared on (read once per version and kept), and the answer shapes.
 */
import type { Context } from 'hono';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, SiteDaysTable, SiteStatusesTable } from '../../db/schema.ts';
import { loadDataset } from '../../district/load.ts';
import type { Dataset } from '../../district/types.ts';
import type { Problem } from '../../errors/problem.ts';
import { isFlagged, type SiteFields, type SiteStatusName } from '../../sites/plan-rules.ts';
import { allowDistrict, type Permission } from '../authz.ts';
import { filesFromGzip } from '../costing/work.ts';
import { datasetFilesGz } from '../datasets/store.ts';
import type { Actor, AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { moreThanEnrolled } from './attendance-check.ts';
import { enrollmentBySchool } from './cost-dataset.ts';

export type Db = Kysely<Database> | Transaction<Database>;
export type SiteDayRow = Selectable<SiteDaysTable>;
export type SiteRow = Selectable<SiteStatusesTable>;

/** The signed-in district person holding the permission (a union: 404 as if no route; nobody: 401; other roles: 403). */
export const district = (c: Context<AppEnv>, permission: Permission): Actor => allowDistrict(c.get('actor'), permission, c.req.method, c.req.path);

export async function siteDayOf(db: Db, orgId: number, dayId: number, field = 'dayId'): Promise<SiteDayRow> {
  const row = await db.selectFrom('site_days').selectAll().where('id', '=', dayId).where('organization_id', '=', orgId).executeTakeFirst();
  if (!row) throw new ApiError(404, { code: 'not-found', message: `there is no strike day ${dayId} that you can see`, where: { field }, hint: 'a day id from GET /api/sites/days' });
  return row;
}

export async function siteOf(db: Db, day: SiteDayRow, schoolId: string): Promise<SiteRow> {
  const row = await db.selectFrom('site_statuses').selectAll().where('day_id', '=', day.id).where('school_id', '=', schoolId).executeTakeFirst();
  if (!row) throw new ApiError(404, { code: 'not-found', message: `there is no site "${schoolId.slice(0, 60)}" on ${day.label} (${day.date})`, where: { field: 'schoolId' }, hint: 'a school id from GET /api/sites/days/{dayId}/sites' });
  return row;
}

const datasets = new Map<number, Dataset>();

/** A stored dataset version, read (it was checked when stored) and kept for the last few versions read: a version never changes. */
export async function datasetOfVersion(db: Db, versionId: number): Promise<Dataset> {
  const known = datasets.get(versionId);
  if (known) return known;
  const dataset = loadDataset(filesFromGzip(await datasetFilesGz(db as Kysely<Database>, versionId)));
  if (datasets.size >= 4) datasets.delete(datasets.keys().next().value!);
  datasets.set(versionId, dataset);
  return dataset;
}

/**
 * Students attending set above a school's enrollment in the day's dataset version, refused with
 * the attendance import's words (`attendance.more-than-enrolled`), naming `field`. The dataset is
 * read only when some figure is set.
 */
export async function attendanceProblems(db: Db, day: SiteDayRow, sites: { schoolId: string; name: string; studentsAttending: number | null | undefined }[], field: string): Promise<Problem[]> {
  const set = sites.filter((x) => x.studentsAttending !== null && x.studentsAttending !== undefined);
  if (set.length === 0) return [];
  const enrollment = enrollmentBySchool(await datasetOfVersion(db, day.dataset_version_id));
  return set.flatMap((x) => {
    const enrolled = enrollment.get(x.schoolId) ?? 0;
    const message = moreThanEnrolled(x.studentsAttending!, enrolled, x.name);
    return message === null ? [] : [{ code: 'attendance.more-than-enrolled', message, where: { field }, hint: `{"studentsAttending": ${Math.min(enrolled, 120)}} (at most ${enrolled}, the students enrolled there)` }];
  });
}

/** The planner's fields of a stored site. */
export const fieldsOf = (r: SiteRow): SiteFields => ({
  status: r.status as SiteStatusName, opens: r.opens, closes: r.closes, capacity: r.capacity, administrators: r.administrators, substitutes: r.substitutes,
  volunteers: r.volunteers, studentsAttending: r.students_attending, offers: r.offers, languages: JSON.parse(r.languages) as string[],
});

/** The same as columns, for an update. */
export const columnsOf = (f: Partial<SiteFields>): Partial<SiteRow> => {
  const out: Partial<SiteRow> = {};
  if (f.status !== undefined) out.status = f.status;
  if (f.opens !== undefined) out.opens = f.opens;
  if (f.closes !== undefined) out.closes = f.closes;
  if (f.capacity !== undefined) out.capacity = f.capacity;
  if (f.administrators !== undefined) out.administrators = f.administrators;
  if (f.substitutes !== undefined) out.substitutes = f.substitutes;
  if (f.volunteers !== undefined) out.volunteers = f.volunteers;
  if (f.studentsAttending !== undefined) out.students_attending = f.studentsAttending;
  if (f.offers !== undefined) out.offers = f.offers;
  if (f.languages !== undefined) out.languages = JSON.stringify(f.languages);
  return out;
};

export const siteJson = (r: SiteRow, ratioLimit: number) => ({
  schoolId: r.school_id, name: r.name, address: r.address, latitude: r.latitude, longitude: r.longitude,
  ...fieldsOf(r),
  childrenPresent: r.children_present, adultsPresent: r.adults_present, countedAt: r.counted_at,
  flagged: isFlagged(r.children_present, r.adults_present, ratioLimit, r.status),
  version: r.version, updatedAt: r.updated_at,
});

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

export const dayJson = (d: SiteDayRow) => ({
  id: d.id, date: d.date, label: d.label, datasetVersionId: d.dataset_version_id, shares: JSON.parse(d.shares) as Record<string, number>,
  substituteDayRate: dollars(d.substitute_day_rate_cents), otherCosts: d.other_costs_cents / 100, ratioLimit: d.ratio_limit,
  version: d.version, publishedVersion: d.published_version, cancelled: d.cancelled_at !== null, createdAt: d.created_at,
});

/** Raises the day's version by one (holding its row until the transaction ends, so changes are numbered one at a time); the new version. */
export async function bumpVersion(tx: Transaction<Database>, dayId: number): Promise<number> {
  const r = await tx.updateTable('site_days').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', dayId).returning('version').executeTakeFirstOrThrow();
  return r.version;
}

/** A change to a cancelled day is refused (409). */
export function notCancelled(d: SiteDayRow): void {
  if (d.cancelled_at) throw new ApiError(409, { code: 'sites.day-cancelled', message: `${d.label} (${d.date}) is cancelled: undo the cancellation to change its sites`, hint: 'PATCH /api/sites/days/{dayId} {"cancelled": false}' });
}
