/**
 * A district strike day planted straight into the database (docs/sites.md), for the tests of what
 * reads a day (the cost, the public page) without going through the planning routes, which have
 * their own tests. Rows are what the planning routes leave behind.
 */
import type { Insertable, Kysely } from 'kysely';
import type { IdSource } from '../../src/db/ids.ts';
import type { Database, SiteStatusesTable } from '../../src/db/schema.ts';

export interface PlantSiteStatus {
  schoolId: string;
  name: string;
  address?: string;
  latitude?: number | null;
  longitude?: number | null;
  status: 'instruction' | 'supervision' | 'meals' | 'closed';
  opens?: string | null;
  closes?: string | null;
  capacity?: number | null;
  administrators?: number;
  substitutes?: number;
  volunteers?: number;
  childrenPresent?: number | null;
  adultsPresent?: number | null;
  studentsAttending?: number | null;
  offers?: string;
  languages?: string[];
}

export interface PlantSiteDay {
  organizationId: number;
  datasetVersionId: number;
  /** The person recorded as having made the rows (a district admin). */
  personId: number;
  date: string;
  label?: string;
  shares?: Record<string, number>;
  substituteDayRateCents?: number | null;
  otherCostsCents?: number;
  ratioLimit?: number;
  sites: PlantSiteStatus[];
  at?: string;
}

export async function plantSiteDay(db: Kysely<Database>, ids: IdSource, day: PlantSiteDay): Promise<{ dayId: number }> {
  const at = day.at ?? new Date('2026-01-15T16:00:00.000Z').toISOString();
  const dayId = ids.next(day.organizationId);
  await db.insertInto('site_days').values({
    id: dayId, organization_id: day.organizationId, date: day.date, label: day.label ?? `Strike day ${day.date}`, dataset_version_id: day.datasetVersionId,
    shares: JSON.stringify(day.shares ?? {}), substitute_day_rate_cents: day.substituteDayRateCents ?? null, other_costs_cents: day.otherCostsCents ?? 0,
    ratio_limit: day.ratioLimit ?? 20, version: 1, published_version: null, created_by: day.personId, created_at: at, cancelled_at: null,
  }).execute();
  const rows: Insertable<SiteStatusesTable>[] = day.sites.map((s) => ({
    day_id: dayId, organization_id: day.organizationId, school_id: s.schoolId, name: s.name, address: s.address ?? '', latitude: s.latitude ?? null, longitude: s.longitude ?? null,
    status: s.status, opens: s.opens ?? null, closes: s.closes ?? null, capacity: s.capacity ?? null,
    administrators: s.administrators ?? 0, substitutes: s.substitutes ?? 0, volunteers: s.volunteers ?? 0,
    children_present: s.childrenPresent ?? null, adults_present: s.adultsPresent ?? null, counted_at: s.childrenPresent == null ? null : at,
    students_attending: s.studentsAttending ?? null, offers: s.offers ?? '', languages: JSON.stringify(s.languages ?? []),
    version: 1, updated_by: day.personId, updated_at: at,
  }));
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('site_statuses').values(rows.slice(i, i + 200)).execute();
  return { dayId };
}
