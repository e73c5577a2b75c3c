/**
 * Meal and partner sites in the database (family_sites, 0012_sites.ts): a row as the API shows it,
 * a site as a row, and one site of the organization (removed ones are gone: 404).
 */
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, FamilySitesTable } from '../../db/schema.ts';
import { districtArea, type DistrictArea, type FamilyKind, type FamilySite, type PartnerKind } from '../../sites/family-site.ts';
import type { Context } from 'hono';
import { allowDistrict, type Permission } from '../authz.ts';
import type { Actor, AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { latestDatasetVersion } from '../datasets/store.ts';
import { datasetOfVersion } from './plan-store.ts';
import { todayIn } from '../public/sites-choose.ts';

/** The district's staff only: a union account gets 404, as if there were no such route. */
export const familyActor = (c: Context<AppEnv>, permission: Permission): Actor => allowDistrict(c.get('actor'), permission, c.req.method, c.req.path);

export type Db = Kysely<Database> | Transaction<Database>;
export type FamilyRow = Selectable<FamilySitesTable>;

export function siteOfRow(r: FamilyRow): FamilySite {
  return {
    kind: r.kind as FamilyKind, partnerKind: r.partner_kind as PartnerKind | null, name: r.name, address: r.address, latitude: Number(r.latitude), longitude: Number(r.longitude),
    opens: r.opens, closes: r.closes, dates: JSON.parse(r.dates) as string[], mealsPerChild: r.meals_per_child === null ? null : Number(r.meals_per_child),
    offers: r.offers, languages: JSON.parse(r.languages) as string[],
  };
}

export const familyJson = (r: FamilyRow) => {
  const site = siteOfRow(r);
  return { id: Number(r.id), ...site, servesFrom: site.dates.length === 0 ? todayIn(new Date(r.created_at)) : null, updatedAt: r.updated_at };
};

/** The columns of a site (what PATCH may change). */
export function columnsOf(s: FamilySite) {
  return {
    kind: s.kind, partner_kind: s.partnerKind, name: s.name, address: s.address, latitude: s.latitude, longitude: s.longitude, opens: s.opens, closes: s.closes,
    dates: JSON.stringify(s.dates), meals_per_child: s.mealsPerChild, offers: s.offers, languages: JSON.stringify(s.languages),
  };
}

export function newRow(o: { id: number; organizationId: number; personId: number; at: string; site: FamilySite }): Insertable<FamilySitesTable> & FamilyRow {
  return { id: o.id, organization_id: o.organizationId, ...columnsOf(o.site), created_by: o.personId, created_at: o.at, updated_at: o.at, removed_at: null };
}

/** One site of the organization, not removed; anything else (another organization's, removed, none) 404. */
export async function familySiteOf(db: Db, organizationId: number, id: number): Promise<FamilyRow> {
  const row = await db.selectFrom('family_sites').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).where('removed_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound('meal or partner site', id);
  return row;
}

/** The organization's sites (not removed), by name; of one kind if given. */
export async function listFamilySites(db: Db, organizationId: number, kind?: FamilyKind): Promise<FamilyRow[]> {
  let q = db.selectFrom('family_sites').selectAll().where('organization_id', '=', organizationId).where('removed_at', 'is', null);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('name').orderBy('id').execute();
}

/** The district's area from the schools of its newest dataset (null: no dataset, or no school placed). */
export async function areaOf(db: Db, actor: Actor): Promise<DistrictArea | null> {
  const version = await latestDatasetVersion(db, actor);
  return version === null ? null : districtArea((await datasetOfVersion(db, version)).schools);
}

/**
 * A meal or partner site entered or changed reaches the public page at the next publication of
 * each strike day it is on (a publication is a snapshot, made on purpose): those days' plan
 * versions move on, so the plan page says there is something new to publish. Each list is a
 * site's dates; an empty one is every strike day from `from` (the date the site was entered, in
 * Los Angeles: `servesDay`). (A removed site leaves the public page at once:
 * src/server/public/sites-read.ts.)
 */
export async function familyChangedOn(tx: Transaction<Database>, organizationId: number, dateLists: string[][], from: string): Promise<void> {
  const dates = [...new Set(dateLists.flat())];
  const undated = dateLists.some((d) => d.length === 0);
  if (!undated && dates.length === 0) return;
  await tx.updateTable('site_days').set((eb) => ({ version: eb('version', '+', 1) })).where('organization_id', '=', organizationId).where('cancelled_at', 'is', null)
    .where((eb) => eb.or([...(undated ? [eb('date', '>=', from)] : []), ...(dates.length > 0 ? [eb('date', 'in', dates)] : [])]))
    .execute();
}

/**
 * Whether a meal or partner site serves a strike day: one of its dates; with no dates, every strike
 * day from the date it was entered (in Los Angeles), never an earlier strike's days: the 2023
 * strike's libraries, entered without dates, were on every 2019 day too.
 */
export function servesDay(site: { dates: string; created_at: string }, date: string): boolean {
  const dates = JSON.parse(site.dates) as string[];
  return dates.length === 0 ? date >= todayIn(new Date(site.created_at)) : dates.includes(date);
}
