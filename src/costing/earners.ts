import type { FiscalYear } from '../calendar/fiscal-year.ts';
import type { Placement, Unit } from '../district/types.ts';
import type { PositionTerm } from '../proposals/types.ts';
import type { Earner } from './pay.ts';
import { driftFactor, type Prepared } from './prepare.ts';
import { laneKey, type Lane } from './schedule.ts';
import type { Slice } from './positions.ts';

/** Current staff, one earner per pay group, paid all year. */
export function currentEarners(p: Prepared): Earner[] {
  const drift = new Map<string, number>();
  return p.groups.map((g) => ({
    unit: g.unit, role: g.role, lane: g.lane, hoursPerDay: g.hoursPerDay, daysPerYear: g.daysPerYear, hiredFy: g.hiredFy,
    population: 'existing', step: g.step, stepYear: p.base,
    drift: (fy: FiscalYear) => {
      const k = `${g.unit.kind}|${fy}`;
      let f = drift.get(k);
      if (f === undefined) drift.set(k, (f = driftFactor(p, g.unit.kind, fy)));
      return f;
    },
    segments: () => [{ m0: 0, m1: 12, fte: g.fte, headcount: g.headcount }],
  }));
}

/** The new-hire placement for a role: the role's own entry, else the unit's default. */
export function placementFor(p: Prepared, unit: string, role: string): Placement | undefined {
  const table = p.dataset.district.parameters.newHirePlacement;
  const own = table[role];
  if (own && own.unit === unit) return own;
  return table[unit];
}

/**
 * Positions added by one term for one role, all sites together (pay does not depend on the
 * site): placed at the new-hire placement and moving one step a year from when first added.
 */
export function addedEarner(p: Prepared, term: PositionTerm, role: string, slices: Slice[]): Earner {
  const placement = placementFor(p, term.unit, role) as Placement;
  const lane = p.lanes.get(laneKey(placement.unit, placement.schedule, placement.lane)) as Lane;
  const byYear = new Map<FiscalYear, Map<string, { m0: number; m1: number; fte: number }>>();
  let first = Infinity;
  for (const s of slices) {
    first = Math.min(first, s.fy);
    const segs = byYear.get(s.fy) ?? new Map();
    const key = `${s.m0}|${s.m1}`;
    const seg = segs.get(key) ?? { m0: s.m0, m1: s.m1, fte: 0 };
    seg.fte += s.fte;
    segs.set(key, seg);
    byYear.set(s.fy, segs);
  }
  return {
    unit: p.units.get(term.unit) as Unit, role, lane, hoursPerDay: placement.hoursPerDay, daysPerYear: placement.daysPerYear,
    hiredFy: first, population: 'added', step: placement.step, stepYear: first, drift: () => 1, addedBy: term.id,
    segments: (fy) => [...(byYear.get(fy)?.values() ?? [])]
      .sort((a, b) => a.m0 - b.m0)
      .map((s) => ({ ...s, headcount: s.fte / placement.fte })),
  };
}
