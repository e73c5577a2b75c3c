/**
 * Reads what the public sees of the district strike days (docs/sites.md, "Publishing"): the newest
 * publication of every day that is not cancelled (its snapshot, read back field by field so that
 * nothing but the published fields can reach the public, whatever the snapshot holds), and the
 * live counts of one day's sites.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PublicDay, PublishedDay, PublishedFamilySite, PublishedSite } from '../../sites/public-types.ts';
import { servesDay } from '../sites/family-store.ts';

export interface ShownDay { dayId: number; publicationId: number; day: PublicDay }

/** The publications state: changes with every publication, every day cancelled or restored, and every meal or partner site removed or changed. */
export async function publicationsState(db: Kysely<Database>): Promise<string> {
  const r = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('site_publications').select((e) => e.fn.countAll().as('n')).as('pn'),
      eb.selectFrom('site_publications').select((e) => e.fn.max('id').as('m')).as('pm'),
      eb.selectFrom('site_days').select((e) => e.fn.count('cancelled_at').as('n')).as('cn'),
      eb.selectFrom('family_sites').select((e) => e.fn.count('removed_at').as('n')).as('fn'),
      eb.selectFrom('family_sites').select((e) => e.fn.max('updated_at').as('m')).as('fm'),
    ])
    .executeTakeFirst();
  return [...[r?.pn, r?.pm, r?.cn, r?.fn].map((x) => Number(x ?? 0)), r?.fm ?? ''].join('.');
}

/** The newest publication of each day not cancelled (highest plan version, then latest), newest date first. */
export async function publishedDays(db: Kysely<Database>): Promise<ShownDay[]> {
  const rows = await db
    .selectFrom('site_publications as p')
    .innerJoin('site_days as d', 'd.id', 'p.day_id')
    .where('d.cancelled_at', 'is', null)
    .select(['p.id', 'p.day_id', 'p.plan_version', 'p.published_at'])
    .execute();
  const newest = new Map<number, (typeof rows)[number]>();
  for (const r of rows) {
    const kept = newest.get(Number(r.day_id));
    if (!kept || r.plan_version > kept.plan_version || (r.plan_version === kept.plan_version && r.published_at > kept.published_at)) newest.set(Number(r.day_id), r);
  }
  if (newest.size === 0) return [];
  const snapshots = await db.selectFrom('site_publications').select(['id', 'snapshot']).where('id', 'in', [...newest.values()].map((r) => r.id)).execute();
  const days: ShownDay[] = [];
  for (const s of snapshots) {
    const row = [...newest.values()].find((r) => Number(r.id) === Number(s.id))!;
    const day = readSnapshot(s.snapshot);
    // A snapshot that does not read as a published day is left out rather than breaking the page for every day.
    if (day) days.push({ dayId: Number(row.day_id), publicationId: Number(s.id), day });
  }
  await leaveOutNotServing(db, days);
  return days.sort((a, b) => b.day.date.localeCompare(a.day.date) || b.day.publishedAt.localeCompare(a.day.publishedAt));
}

/**
 * A meal or partner site removed since its day was published, or whose dates no longer include
 * that day, is left out at once, without another publication: a family must not be sent to a site
 * that no longer serves (docs/sites.md, "Publishing"). Sites entered or otherwise changed still
 * wait for the next publication.
 */
async function leaveOutNotServing(db: Kysely<Database>, days: ShownDay[]): Promise<void> {
  const ids = [...new Set(days.flatMap((d) => d.day.familySites.map((f) => f.id)).filter((id) => Number.isSafeInteger(id)))];
  const now = new Map<number, { removed: boolean; dates: string; created_at: string }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('family_sites').select(['id', 'removed_at', 'dates', 'created_at']).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) now.set(Number(r.id), { removed: r.removed_at !== null, dates: r.dates, created_at: r.created_at });
  }
  const serves = (id: number, date: string) => {
    const f = now.get(id);
    // A site not found is kept as published (sites are removed by marking them, never deleted).
    return f === undefined || (!f.removed && servesDay(f, date));
  };
  for (const d of days) {
    const kept = d.day.familySites.filter((f) => serves(f.id, d.day.date));
    if (kept.length < d.day.familySites.length) d.day = { ...d.day, familySites: kept };
  }
}

const site = (s: PublishedSite): PublishedSite => ({
  schoolId: s.schoolId, name: s.name, address: s.address, latitude: s.latitude, longitude: s.longitude, status: s.status,
  opens: s.opens, closes: s.closes, capacity: s.capacity, offers: s.offers, languages: s.languages,
});
const familySite = (f: PublishedFamilySite): PublishedFamilySite => ({
  id: f.id, kind: f.kind, partnerKind: f.partnerKind, name: f.name, address: f.address, latitude: f.latitude, longitude: f.longitude,
  opens: f.opens, closes: f.closes, mealsPerChild: f.mealsPerChild, offers: f.offers, languages: f.languages,
});

/** The snapshot with the published fields only (a field added to a snapshot later is not public until listed here). */
export function publishedOnly(d: PublishedDay): PublicDay {
  return {
    date: d.date, label: d.label, district: { name: d.district.name, cdsCode: d.district.cdsCode }, publishedAt: d.publishedAt,
    closedSites: d.closedSites, sites: (d.sites ?? []).map(site), familySites: (d.familySites ?? []).map(familySite),
  };
}

function readSnapshot(text: string): PublicDay | null {
  try {
    const d = publishedOnly(JSON.parse(text) as PublishedDay);
    return typeof d.date === 'string' && typeof d.publishedAt === 'string' && Array.isArray(d.sites) ? d : null;
  } catch {
    return null;
  }
}

/** The latest count of each site of a day (children present, when), as the site administrators reported them. */
export async function liveCounts(db: Kysely<Database>, dayId: number): Promise<Map<string, { childrenPresent: number | null; countedAt: string | null }>> {
  const rows = await db.selectFrom('site_statuses').select(['school_id', 'children_present', 'counted_at']).where('day_id', '=', dayId).execute();
  return new Map(rows.map((r) => [r.school_id, { childrenPresent: r.children_present === null ? null : Number(r.children_present), countedAt: r.counted_at }]));
}
