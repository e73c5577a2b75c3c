/**
 * What the day's cost reads from the database: the district's strike days that are not
 * cancelled, in date order, each with its settings and what the cost needs of its sites.
 * Every query names the district: nothing here crosses organizations.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { dayInputs, type DayInputs } from '../../sites/cost.ts';
import { notFound } from '../errors.ts';

export type Db = Kysely<Database> | Transaction<Database>;

export interface CostDay {
  dayId: number;
  datasetVersionId: number;
  inputs: DayInputs;
}

export async function costDays(db: Db, organizationId: number): Promise<CostDay[]> {
  const days = await db.selectFrom('site_days')
    .select(['id', 'date', 'label', 'dataset_version_id', 'shares', 'substitute_day_rate_cents', 'other_costs_cents'])
    .where('organization_id', '=', organizationId).where('cancelled_at', 'is', null).orderBy('date').execute();
  if (days.length === 0) return [];
  const sites = await db.selectFrom('site_statuses').select(['day_id', 'status', 'students_attending', 'substitutes'])
    .where('organization_id', '=', organizationId).where('day_id', 'in', days.map((d) => d.id)).execute();
  const byDay = new Map<number, { status: string; studentsAttending: number | null; substitutes: number }[]>();
  for (const s of sites) {
    const list = byDay.get(Number(s.day_id)) ?? [];
    list.push({ status: s.status, studentsAttending: s.students_attending === null ? null : Number(s.students_attending), substitutes: Number(s.substitutes) });
    byDay.set(Number(s.day_id), list);
  }
  return days.map((d) => ({
    dayId: d.id,
    datasetVersionId: Number(d.dataset_version_id),
    inputs: dayInputs({
      day: {
        date: d.date, label: d.label, shares: JSON.parse(d.shares) as Record<string, number>,
        substituteDayRateCents: d.substitute_day_rate_cents === null ? null : Number(d.substitute_day_rate_cents), otherCostsCents: Number(d.other_costs_cents),
      },
      sites: byDay.get(d.id) ?? [],
    }),
  }));
}

export interface SiteDayRow {
  id: number;
  date: string;
  datasetVersionId: number;
  cancelled: boolean;
}

/** A strike day of the district, or 404 (another organization's answers the same as none). */
export async function siteDayOf(db: Db, organizationId: number, dayId: number): Promise<SiteDayRow> {
  const d = await db.selectFrom('site_days').select(['id', 'date', 'dataset_version_id', 'cancelled_at'])
    .where('id', '=', dayId).where('organization_id', '=', organizationId).executeTakeFirst();
  if (!d) throw notFound('strike day', dayId);
  return { id: d.id, date: d.date, datasetVersionId: Number(d.dataset_version_id), cancelled: d.cancelled_at !== null };
}
