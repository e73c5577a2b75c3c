import type { FiscalYear } from '../calendar/fiscal-year.ts';
import type { Placement, Unit } from '../district/types.ts';
import type { PositionTerm } from '../proposals/types.ts';
import type { Earner } from './pay.ts';
import { driftFactor, type Prepared } from './prepare.ts';
import { laneKey, type Lane } from './schedule.ts';
import type { Slice } from './positions.ts';

const current = new WeakMap<Prepared, Earner[]>();

/** Share of a unit's staff who leave each year (0 to 0.5), from the dataset's `attrition`. */
export function attritionRate(p: Prepared, unit: string): number {
  return (p.dataset.district.parameters.attrition[unit]?.pct ?? 0) / 100;
}

/** FTE and headcount are kept to a millionth, so that a spreadsheet can hold them exactly. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** What is left after `years` years in which a share `rate` leaves each year: (1 − rate)^years, by repeated multiplication. */
export function survival(rate: number, years: number): number {
  let s = 1;
  for (let i = 0; i < years; i++) s *= 1 - rate;
  return s;
}

/**
 * Current staff, one earner per pay group (in the order of `p.groups`), built once per
 * dataset. Where the unit has attrition, a group keeps (1 − rate)^t of its FTE and people t
 * years after the base year; `replacementEarners` are the people hired in their place.
 */
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
    const rate = attritionRate(p, g.unit.id);
    const byYear = new Map<FiscalYear, typeof whole>();
    const segments = rate === 0 ? () => whole : (fy: FiscalYear) => {
      if (fy <= p.base) return whole;
      let segs = byYear.get(fy);
      if (!segs) {
        const left = survival(rate, fy - p.base);
        byYear.set(fy, (segs = [{ m0: 0, m1: 12, fte: round6(g.fte * left), headcount: round6(g.headcount * left) }]));
      }
      return segs;
    };
    return {
      unit: g.unit, role: g.role, lane: g.lane, hoursPerDay: g.hoursPerDay, daysPerYear: g.daysPerYear, hiredFy: g.hiredFy,
      population: 'existing', step: g.step, stepYear: p.base,
      drift: (fy) => driftOf(g.unit.kind, fy),
      segments,
    };
  });
  current.set(p, earners);
  return earners;
}

/** A replacement cohort: the people hired in one year in place of one kind of current staff. */
export interface Replacement {
  unit: string;
  role: string;
  hoursPerDay: number;
  daysPerYear: number;
  /** FTE and people of the current staff they replace, all pay groups of this kind together. */
  fte: number;
  headcount: number;
  rate: number;
  placement: Placement;
}

const replacements = new WeakMap<Prepared, { kinds: Replacement[]; byYear: Map<FiscalYear, Earner[]> }>();

/**
 * The people hired in place of current staff who leave, for each fiscal year after the base
 * year through `last`: one earner per kind of staff (unit, role, hours and days) and year of
 * hire, hired at the new-hire placement for the role and moving one step a year from then.
 * Those who leave in a year are rate × the kind's FTE (everyone in post, replacements too), so
 * the workforce keeps its size: the cohort hired in year k holds rate × (1 − rate)^(t − k) of
 * it in year t. Replacements are current staff for every term (population `existing`). The
 * same objects are returned for the same dataset and year, whatever `last` is.
 */
export function replacementEarners(p: Prepared, last: FiscalYear): Earner[] {
  let r = replacements.get(p);
  if (!r) {
    const kinds = new Map<string, Replacement>();
    for (const g of p.groups) {
      const rate = attritionRate(p, g.unit.id);
      if (rate === 0) continue;
      const key = `${g.unit.id}|${g.role}|${g.hoursPerDay}|${g.daysPerYear}`;
      let k = kinds.get(key);
      if (!k) {
        const placement = placementFor(p, g.unit.id, g.role) as Placement;
        kinds.set(key, (k = { unit: g.unit.id, role: g.role, hoursPerDay: g.hoursPerDay, daysPerYear: g.daysPerYear, fte: 0, headcount: 0, rate, placement }));
      }
      k.fte += g.fte;
      k.headcount += g.headcount;
    }
    replacements.set(p, (r = { kinds: [...kinds.values()], byYear: new Map() }));
  }
  const out: Earner[] = [];
  for (let hired = p.base + 1; hired <= last; hired++) {
    let cohort = r.byYear.get(hired);
    if (!cohort) r.byYear.set(hired, (cohort = r.kinds.map((k) => replacementEarner(p, k, hired))));
    out.push(...cohort);
  }
  return out;
}

function replacementEarner(p: Prepared, k: Replacement, hired: FiscalYear): Earner {
  const lane = p.lanes.get(laneKey(k.placement.unit, k.placement.schedule, k.placement.lane)) as Lane;
  const byYear = new Map<FiscalYear, { m0: number; m1: number; fte: number; headcount: number }[]>();
  return {
    unit: p.units.get(k.unit) as Unit, role: k.role, lane, hoursPerDay: k.hoursPerDay, daysPerYear: k.daysPerYear,
    hiredFy: hired, population: 'existing', step: k.placement.step, stepYear: hired, drift: () => 1, replacement: k,
    segments: (fy) => {
      if (fy < hired) return [];
      let segs = byYear.get(fy);
      if (!segs) {
        const share = k.rate * survival(k.rate, fy - hired);
        byYear.set(fy, (segs = [{ m0: 0, m1: 12, fte: round6(k.fte * share), headcount: round6(k.headcount * share) }]));
      }
      return segs;
    },
  };
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
