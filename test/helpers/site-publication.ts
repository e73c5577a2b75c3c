/**
 * A publication of a district strike day written straight into the database, as the planning
 * routes' publish writes it (docs/sites.md, "Publishing"): the day's open sites as they are now
 * (`PublishedDay`), for the tests and benchmarks of the public page without the planning routes.
 * `extra` and `siteExtra` add fields a snapshot should never carry, to prove they stay private.
 */
import type { Kysely } from 'kysely';
import type { IdSource } from '../../src/db/ids.ts';
import type { Database } from '../../src/db/schema.ts';
import type { PublishedDay, PublishedFamilySite, PublishedSite } from '../../src/sites/public-types.ts';

export interface PublishSiteDay {
  dayId: number;
  organizationId: number;
  personId: number;
  district?: { name: string; cdsCode: string };
  /** Default: the day's plan version now. */
  planVersion?: number;
  at: string;
  familySites?: PublishedFamilySite[];
  extra?: Record<string, unknown>;
  siteExtra?: Record<string, unknown>;
}

export async function publishSiteDay(db: Kysely<Database>, ids: IdSource, p: PublishSiteDay): Promise<PublishedDay> {
  const d = await db.selectFrom('site_days').selectAll().where('id', '=', p.dayId).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('site_statuses').selectAll().where('day_id', '=', p.dayId).orderBy('school_id').execute();
  const open = rows.filter((r) => r.status !== 'closed');
  const snapshot: PublishedDay = {
    date: d.date, label: d.label, district: p.district ?? { name: 'Tiny Unified', cdsCode: '99999990000000' }, planVersion: p.planVersion ?? d.version, publishedAt: p.at,
    closedSites: rows.length - open.length,
    sites: open.map((r) => ({
      schoolId: r.school_id, name: r.name, address: r.address, latitude: r.latitude, longitude: r.longitude, status: r.status as PublishedSite['status'],
      opens: r.opens, closes: r.closes, capacity: r.capacity, offers: r.offers, languages: JSON.parse(r.languages) as string[], ...p.siteExtra,
    })),
    familySites: p.familySites ?? [],
    ...p.extra,
  };
  await db.insertInto('site_publications').values({
    id: ids.next(p.organizationId), organization_id: p.organizationId, day_id: p.dayId, plan_version: snapshot.planVersion, snapshot: JSON.stringify(snapshot), published_by: p.personId, published_at: p.at,
  }).execute();
  return snapshot;
}
