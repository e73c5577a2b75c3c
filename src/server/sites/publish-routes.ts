/**
 * Publishing a strike day's plan (docs/sites.md, "Publishing"): the plan as it is now becomes the
 * public one for that day: the sites open for children (hours, capacity, offers, languages), how
 * many are closed, and the meal and partner sites of that date. Never an adult count, the
 * attendance or a person. Saving never publishes; publishing changes no site.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { PublishedDay, PublishedFamilySite, PublishedSite } from '../../sites/public-types.ts';
import { OPEN_STATUSES } from '../../sites/plan-rules.ts';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { conflict } from '../errors.ts';
import { servesDay } from './family-store.ts';
import { errors, ok } from '../schemas.ts';
import { SiteDayParams } from './plan-schemas.ts';
import { datasetOfVersion, district, siteDayOf, type Db, type SiteDayRow } from './plan-store.ts';

const Publication = z.object({
  id: z.number().int(), planVersion: z.number().int(), publishedAt: z.string(), publishedBy: z.object({ id: z.number().int(), name: z.string() }),
  openSites: z.number().int(), closedSites: z.number().int(), familySites: z.number().int(),
}).openapi('SitePublication');

const publish = createRoute({
  method: 'post', path: '/api/sites/days/{dayId}/publish', tags: ['sites'], summary: 'Publish the day\'s plan as it is now: the public page shows it (open sites, closed count, meal and partner sites of the date)',
  request: { params: SiteDayParams },
  responses: { 201: ok(z.object({ publication: Publication, snapshot: z.record(z.string(), z.unknown()) }), 'Published'), ...errors(400, 401, 403, 404, 409) },
});
const list = createRoute({
  method: 'get', path: '/api/sites/days/{dayId}/publications', tags: ['sites'], summary: 'Every publication of a strike day, newest first (the newest is the public one)',
  request: { params: SiteDayParams },
  responses: { 200: ok(z.object({ publications: z.array(Publication) }).openapi('SitePublications'), 'The publications'), ...errors(400, 401, 403, 404) },
});

/** The snapshot the public page shows for the day, from the plan as it is in `db`. */
export async function snapshotOf(db: Db, day: SiteDayRow, at: string): Promise<PublishedDay> {
  const dataset = await datasetOfVersion(db, day.dataset_version_id);
  const rows = await db.selectFrom('site_statuses').select(['school_id', 'name', 'address', 'latitude', 'longitude', 'status', 'opens', 'closes', 'capacity', 'offers', 'languages'])
    .where('day_id', '=', day.id).orderBy('name').orderBy('school_id').execute();
  const open = rows.filter((r) => (OPEN_STATUSES as string[]).includes(r.status));
  const sites: PublishedSite[] = open.map((r) => ({
    schoolId: r.school_id, name: r.name, address: r.address, latitude: r.latitude, longitude: r.longitude, status: r.status as PublishedSite['status'],
    opens: r.opens, closes: r.closes, capacity: r.capacity, offers: r.offers, languages: JSON.parse(r.languages) as string[],
  }));
  const family = await db.selectFrom('family_sites').selectAll().where('organization_id', '=', day.organization_id).where('removed_at', 'is', null).orderBy('name').execute();
  const familySites: PublishedFamilySite[] = family.filter((f) => servesDay(f, day.date)).map((f) => ({
    id: f.id, kind: f.kind as PublishedFamilySite['kind'], partnerKind: f.partner_kind as PublishedFamilySite['partnerKind'], name: f.name, address: f.address,
    latitude: f.latitude, longitude: f.longitude, opens: f.opens, closes: f.closes, mealsPerChild: f.meals_per_child, offers: f.offers, languages: JSON.parse(f.languages) as string[],
  }));
  return {
    date: day.date, label: day.label, district: { name: dataset.district.name, cdsCode: dataset.district.cdsCode }, planVersion: day.version, publishedAt: at,
    closedSites: rows.length - open.length, sites, familySites,
  };
}

export function publishRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(publish, async (c) => {
    const actor = district(c, 'site.publish');
    const deps = c.get('deps');
    const { dayId } = c.req.valid('param');
    const at = deps.now().toISOString();
    const id = deps.ids.next(actor.org.id);
    const snapshot = await deps.db.transaction().execute(async (tx) => {
      // Holds the day's row, so the snapshot is of one plan version.
      await tx.updateTable('site_days').set((eb) => ({ label: eb.ref('label') })).where('id', '=', dayId).where('organization_id', '=', actor.org.id).execute();
      const day = await siteDayOf(tx, actor.org.id, dayId);
      if (day.cancelled_at) throw conflict('sites.day-cancelled', `${day.label} (${day.date}) is cancelled: there is nothing to publish`, 'PATCH /api/sites/days/{dayId} {"cancelled": false}');
      const snap = await snapshotOf(tx, day, at);
      await tx.insertInto('site_publications').values({ id, organization_id: actor.org.id, day_id: day.id, plan_version: day.version, snapshot: JSON.stringify(snap), published_by: actor.person.id, published_at: at }).execute();
      await tx.updateTable('site_days').set({ published_version: day.version }).where('id', '=', day.id).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'site.publish', subject: `site-days/${day.id}`, at });
      return snap;
    });
    const publication = { id, planVersion: snapshot.planVersion, publishedAt: at, publishedBy: { id: actor.person.id, name: actor.person.name }, openSites: snapshot.sites.length, closedSites: snapshot.closedSites, familySites: snapshot.familySites.length };
    return c.json({ publication, snapshot: snapshot as unknown as Record<string, unknown> }, 201);
  });

  app.openapi(list, async (c) => {
    const actor = district(c, 'site.read');
    const db = c.get('deps').db;
    const { dayId } = c.req.valid('param');
    const day = await siteDayOf(db, actor.org.id, dayId);
    const rows = await db.selectFrom('site_publications as p').innerJoin('people as w', 'w.id', 'p.published_by')
      .select(['p.id', 'p.plan_version', 'p.published_at', 'p.snapshot', 'w.id as person_id', 'w.name']).where('p.day_id', '=', day.id).orderBy('p.plan_version', 'desc').orderBy('p.published_at', 'desc').execute();
    return c.json({
      publications: rows.map((r) => {
        const s = JSON.parse(r.snapshot) as PublishedDay;
        return { id: r.id, planVersion: r.plan_version, publishedAt: r.published_at, publishedBy: { id: r.person_id, name: r.name }, openSites: s.sites.length, closedSites: s.closedSites, familySites: s.familySites.length };
      }),
    }, 200);
  });
}
