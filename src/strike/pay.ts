import type { FiscalYear } from '../calendar/fiscal-year.ts';
import { statusQuoCents } from '../costing/baseline.ts';
import { currentEarners, replacementEarners } from '../costing/earners.ts';
import { prepare, statutoryRates } from '../costing/prepare.ts';
import type { Dataset, UnitKind } from '../district/types.ts';
import { toCents, type Cents } from '../money/cents.ts';

/** One role of a unit: its members and what one working day of theirs is paid. */
export interface RoleDayPay {
  role: string;
  members: number;
  /** Σ over the role's pay groups of annual status-quo pay ÷ the group's days a year. */
  dailyPayCents: Cents;
  /** dailyPay ÷ members: what the average member of the role is paid for a day. */
  perMemberCents: Cents;
}

/** A bargaining unit's pay for one working day in a fiscal year, under the current contract. */
export interface UnitDayPay {
  unit: string;
  kind: UnitKind;
  members: number;
  dailyPayCents: Cents;
  perMemberCents: Cents;
  /** Employer statutory rates summed (CalSTRS or CalPERS, Social Security, Medicare, …), percent. */
  statutoryPct: number;
  roles: RoleDayPay[];
}

const cache = new WeakMap<Dataset, Map<FiscalYear, UnitDayPay[]>>();

/**
 * Daily pay of every unit in a fiscal year, in units.csv order (roles by name). A pay group's
 * daily pay is its status-quo pay for the year (step and column, as in docs/costing.md) ÷ its
 * days a year; a unit's and a role's are sums over their groups, rounded to cents once.
 */
export function unitDayPay(dataset: Dataset, fy: FiscalYear): UnitDayPay[] {
  let byYear = cache.get(dataset);
  if (!byYear) cache.set(dataset, (byYear = new Map()));
  const hit = byYear.get(fy);
  if (hit) return hit;
  const p = prepare(dataset);
  const earners = [...currentEarners(p), ...replacementEarners(p, fy)];
  const result = dataset.units.map((u): UnitDayPay => {
    const roles = new Map<string, { members: number; daily: number }>();
    for (const e of earners) {
      if (e.unit.id !== u.id) continue;
      const r = roles.get(e.role) ?? { members: 0, daily: 0 };
      const seg = e.segments(fy)[0];
      if (!seg) continue; // hired in place of a leaver after this year
      r.members += seg.headcount;
      r.daily += statusQuoCents(e, fy) / 100 / e.daysPerYear;
      roles.set(e.role, r);
    }
    const byRole = [...roles.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([role, r]) => dayPay(role, r.members, r.daily));
    const { members, dailyPayCents, perMemberCents } = dayPay('', [...roles.values()].reduce((s, r) => s + r.members, 0), [...roles.values()].reduce((s, r) => s + r.daily, 0));
    const pct = statutoryRates(p, u.kind, fy).reduce((s, r) => s + r.pct, 0);
    return { unit: u.id, kind: u.kind, members, dailyPayCents, perMemberCents, statutoryPct: Math.round(pct * 1e4) / 1e4, roles: byRole };
  });
  byYear.set(fy, result);
  return result;
}

function dayPay(role: string, members: number, daily: number): RoleDayPay {
  // People are counted to a ten-thousandth: survivors and replacements are fractions of a group.
  return { role, members: Math.round(members * 1e4) / 1e4, dailyPayCents: toCents(daily), perMemberCents: members > 0 ? toCents(daily / members) : 0 };
}

