import type { FiscalYear } from '../calendar/fiscal-year.ts';
import type { Placement, Unit } from '../district/types.ts';
import type { PositionTerm } from '../proposals/types.ts';
import type { Earner } from './pay.ts';
import { driftFactor, type Prepared } from './prepare.ts';
import { laneKey, type Lane } from './schedule.ts';
import type { Slice } from './positions.ts';

const current = new WeakMap<Prepared, Earner[]>();

/** Current staff, one earner per pay group, paid all year (built once per dataset). */
export function currentEarners(p: Prepared): Earner[] {
  const hit = current.get(p);
  if (hit) return hit;
  const drift = new Map<number, number>();
  const driftOf = (kind: Unit['kind'], fy: FiscalYear) => {
    const k = fy * 2 + (kind === 'certificated' ? 0 : 1);
    let f = drift.get(k);
    if (f === undefined) drift.set(k, (f = driftFactor(p, kind, fy)));
    return f;
  };
  const earners = p.groups.map((g): Earner => {
    const whole = [{ m0: 0, m1: 12, fte: g.fte, headcount: g.headcount }];
    return {
      unit: g.unit, role: g.role, lane: g.lane, hoursPerDay: g.hoursPerDay, daysPerYear: g.daysPerYear, hiredFy: g.hiredFy,
      population: 'existing', step: g.step, stepYear: p.base,
      drift: (fy) => driftOf(g.unit.kind, fy),
      segments: () => whole,
    };
  });
  current.set(p, earners);
  return earners;
}

/** The new-hire placement for a role: the role's own entry, else the unit's default. */
export function placementFor(p: Prepared, unit: string, role: string): Placement | undefined {
  const table = p.dataset.district.parameters.newHirePlacement;
  const own = table[role];
  if (own && own.unit === unit) return own;
  return table[unit];
}

type Segment = { m0: number; m1: number; fte: number };

/**
 * Positions added by one term for one role, all sites together (pay does not depend on the
 * site), as one earner per cohort: the positions first added in the same fiscal year, placed
 * at the new-hire placement and moving one step a year from then. When the FTE a term needs
 * falls, the newest positions go first.
 */
export function addedEarners(p: Prepared, term: PositionTerm, role: string, slices: Slice[]): Earner[] {
  const placement = placementFor(p, term.unit, role) as Placement;
  const lane = p.lanes.get(laneKey(placement.unit, placement.schedule, placement.lane)) as Lane;
  const byYear = new Map<FiscalYear, Map<string, Segment>>();
  for (const s of slices) {
    const segs = byYear.get(s.fy) ?? new Map<string, Segment>();
    const key = `${s.m0}|${s.m1}`;
    const seg = segs.get(key) ?? { m0: s.m0, m1: s.m1, fte: 0 };
    seg.fte += s.fte;
    segs.set(key, seg);
    byYear.set(s.fy, segs);
  }
  const years = [...byYear.keys()].sort((a, b) => a - b);
  const cohorts: { fy: FiscalYear; size: number; segments: Map<FiscalYear, Segment[]> }[] = [];
  for (const fy of years) {
    for (const seg of [...(byYear.get(fy) as Map<string, Segment>).values()].sort((a, b) => a.m0 - b.m0)) {
      const have = cohorts.reduce((n, c) => n + c.size, 0);
      if (seg.fte > have + 1e-9) cohorts.push({ fy, size: seg.fte - have, segments: new Map() });
      let left = seg.fte;
      for (const c of cohorts) {
        const fte = Math.min(c.size, Math.max(0, left));
        left -= fte;
        if (fte <= 0) continue;
        const list = c.segments.get(fy) ?? [];
        list.push({ m0: seg.m0, m1: seg.m1, fte });
        c.segments.set(fy, list);
      }
    }
  }
  return cohorts.map((c): Earner => ({
    unit: p.units.get(term.unit) as Unit, role, lane, hoursPerDay: placement.hoursPerDay, daysPerYear: placement.daysPerYear,
    hiredFy: c.fy, population: 'added', step: placement.step, stepYear: c.fy, drift: () => 1, addedBy: term.id, addedVia: term.via,
    segments: (fy) => (c.segments.get(fy) ?? []).map((s) => ({ ...s, headcount: s.fte / placement.fte })),
  }));
}
