import { lastYear } from './cost.ts';
import { fiscalYearOf, monthsBefore, range, type FiscalYear } from '../calendar/fiscal-year.ts';
import type { Dataset, Placement } from '../district/types.ts';
import { toCents } from '../money/cents.ts';
import type { BonusTerm, HealthTerm, PositionTerm, ProgramTerm, Proposal, Term } from '../proposals/types.ts';
import { statusQuoCents } from './baseline.ts';
import { addedEarners, currentEarners, placementFor, replacementEarners } from './earners.ts';
import { baseRate, payByPrefix, startMonths, toTransform, transformsFor, type Earner, type EarnerTransforms, type Transform } from './pay.ts';
import { addedPositions, groupSlices, type Slice } from './positions.ts';
import { compareLines } from './ledger.ts';
import { healthEligible, healthRate, prepare, type Prepared } from './prepare.ts';
import type { CostKind, Nature } from './result.ts';
import { rateAfter } from './schedule.ts';
import { concreteTerms, earliestEffectiveFy, type ConcreteTerms } from './terms.ts';

/**
 * The costing of one proposal laid out step by step, for exports that rebuild every figure
 * with live formulas (the spreadsheet). It repeats the engine's own walk over earners, years
 * and terms (cost.ts, pay-costs.ts, benefits.ts, programs.ts) with the engine's functions, but
 * keeps the pieces the engine adds up: the parts of each year, the pay under each prefix of
 * the pay terms, who gets each bonus, the employee-years behind each health line. Read-only:
 * nothing here changes how a proposal is costed.
 */
export interface ProposalLayout {
  prepared: Prepared;
  proposal: Proposal;
  terms: ConcreteTerms;
  base: FiscalYear;
  /** Years costed (base year to two after the contract ends). */
  years: FiscalYear[];
  /** Years current staff are paid in (from the earliest retroactive year). */
  earnedYears: FiscalYear[];
  /** Fiscal year of the proposal's date (when retroactive health is paid). */
  paidFy: FiscalYear;
  /** Pay terms in the costing order; transform k − 1 is "pay term k". */
  transforms: Transform[];
  earners: EarnerLayout[];
  payRows: PayRow[];
  bonuses: BonusLayout[];
  health: HealthPart[];
  programs: ProgramPart[];
  /** Every line the proposal can have, whether or not it costs anything now, in the engine's order. */
  lines: LineLayout[];
  /** The term a concrete term was written as (a me-too copy points at the term it copies). */
  origin: (t: Term) => Term;
}

export interface EarnerLayout {
  earner: Earner;
  /** Index of the pay group in `prepared.groups` (current staff; not set for people hired in place of leavers, whose `earner.replacement` says whom they replace). */
  group?: number;
  /** Positions added by a term: the term, role, placement and the fiscal year they are first added. */
  cohort?: { term: PositionTerm; role: string; placement: Placement; fy: FiscalYear };
  reach: EarnerTransforms;
}

/** A stretch of a fiscal year (months from July 1) paid at one rate: a segment cut at effective dates. */
export interface PayPart {
  m0: number;
  m1: number;
  fte: number;
  headcount: number;
  /** Pay terms in force at the start of the part (indexes into `transforms`), in the order they take effect. */
  inForce: number[];
}

export interface PayRow {
  earner: number;
  fy: FiscalYear;
  /** False for a year the engine does not cost (before hire, or staff no pay term reaches), kept for a bonus. */
  costed: boolean;
  parts: PayPart[];
  /** Pay in cents under the first k pay terms, k = 0 … K (as the engine rounds it). */
  pays: number[];
  /** Fiscal year in which the cost of pay term k (index k − 1) is booked (before the base year: not costed). */
  booked: FiscalYear[];
}

export interface BonusLayout {
  term: BonusTerm;
  fy: FiscalYear;
  /** Months into the year of the day it is paid: those in post that day get it. */
  paidMonth: number;
  recipients: { earner: number; people: number; payCents: number; cents: number }[];
}

export interface HealthPart {
  key: LineKey;
  line: string;
  /** Health for added positions and health terms are rounded separately (two flushes in the engine). */
  group: 'positions' | 'terms';
  earner: number;
  fy: FiscalYear;
  /** Months of the year before the effective date (0 for added positions). */
  from: number;
  peopleYears: number;
  rate: number;
  /** Where the rate comes from: the district's health and welfare for year `fy`, or the term's amount. */
  source: HealthTerm | 'district';
}

export interface ProgramPart {
  key: LineKey;
  line: string;
  term: ProgramTerm;
  fy: FiscalYear;
  /** Months before the effective date in the year (0 once started; 0 for one-time). */
  monthsBefore: number;
  share: number;
  cents: number;
}

export interface LineKey {
  bookedFy: FiscalYear;
  term: string;
  /** For a me-too clause: the id of the term it passes on; otherwise null. */
  via: string | null;
  kind: CostKind;
  nature: Nature;
  unit: string;
  population: 'existing' | 'added';
  earnedFy: FiscalYear | null;
}

/** What a line adds up, each piece rounded as the engine rounds it. */
export type Contribution =
  /** Σ over pay rows of year `fy` and the line's population of (pay after term k − pay after term k − 1). */
  | { type: 'pay'; k: number; fy: FiscalYear }
  /** Σ over rows of positions added by the term in the line's year of their pay before any pay term. */
  | { type: 'added-salary' }
  /** Σ of the bonus of each recipient (rounded each). */
  | { type: 'bonus'; bonus: number }
  /** round(salary line × Σ statutory rates ÷ 100). */
  | { type: 'statutory'; salary: string }
  /** round(Σ employee-years × rate) over the health parts of the line and group. */
  | { type: 'health'; group: 'positions' | 'terms' }
  /** round(count × amount × share). */
  | { type: 'program'; part: number };

export interface LineLayout {
  id: string;
  key: LineKey;
  contributions: Contribution[];
}

/** The ledger's key for a line (ledger.ts): one line per term, category, nature, unit, population and year earned, by year booked. */
export function lineId(k: LineKey): string {
  return `${k.bookedFy}|${k.term}|${k.via ?? ''}|${k.kind}|${k.nature}|${k.unit}|${k.population}|${k.earnedFy}`;
}

/** The step of the schedule an earner is paid at in a fiscal year (after moving one step a year, within the lane). */
export function stepIn(e: Earner, fy: FiscalYear): number {
  return rateAfter(e.lane, e.step, fy - e.stepYear).step;
}

export { baseRate, statusQuoCents, healthEligible, healthRate };


/** The parts of a year an earner is paid in, cut at the dates the transforms that reach it take effect (as payByPrefix cuts them). */
function partsOf(e: Earner, fy: FiscalYear, reach: EarnerTransforms, starts: number[], transforms: Transform[]): PayPart[] {
  const byDate = reach.byDate;
  const start = byDate.map((t) => starts[t.order]);
  const index = byDate.map((t) => transforms.indexOf(t));
  const parts: PayPart[] = [];
  for (const seg of e.segments(fy)) {
    let cuts = [seg.m0, seg.m1];
    if (reach.applicable.length > 0 && start.some((m) => m > seg.m0 && m < seg.m1)) {
      cuts = [...new Set([seg.m0, seg.m1, ...start.filter((m) => m > seg.m0 && m < seg.m1)])].sort((a, b) => a - b);
    }
    for (let c = 0; c + 1 < cuts.length; c++) {
      const a = cuts[c];
      const inForce = reach.applicable.length === 0 ? [] : index.filter((_, i) => start[i] <= a);
      parts.push({ m0: a, m1: cuts[c + 1], fte: seg.fte, headcount: seg.headcount, inForce });
    }
  }
  return parts;
}

/** Lays out the costing of a proposal on a dataset (it must already cost without error). */
export function layoutProposal(dataset: Dataset, proposal: Proposal, opts: { through?: FiscalYear } = {}): ProposalLayout {
  const p = prepare(dataset);
  const terms = concreteTerms(proposal);
  const base = p.base;
  const last = Math.max(lastYear(dataset, proposal), opts.through ?? 0);
  const years = range(base, last);
  const earnedYears = range(earliestEffectiveFy(terms.pay, terms.health, base), last);
  const paidFy = fiscalYearOf(proposal.date);
  const inYears = new Set(years);

  const slices = addedPositions(p, terms.positions, years, () => ({}));
  const transforms = terms.pay.map((t, i) => toTransform(t, i, proposal.date));
  const earners: EarnerLayout[] = currentEarners(p).map((earner, group) => ({ earner, group, reach: transformsFor(earner, transforms) }));
  // People hired in place of leavers (attrition): current staff without a pay group of their own.
  for (const earner of replacementEarners(p, last)) earners.push({ earner, reach: transformsFor(earner, transforms) });
  for (const s of groupSlices(slices)) {
    const placement = placementFor(p, s.term.unit, s.role) as Placement;
    for (const earner of addedEarners(p, s.term, s.role, s.slices)) {
      earners.push({ earner, cohort: { term: s.term, role: s.role, placement, fy: earner.stepYear }, reach: transformsFor(earner, transforms) });
    }
  }

  const starts = new Map<FiscalYear, number[]>();
  const startsIn = (fy: FiscalYear) => {
    let s = starts.get(fy);
    if (!s) starts.set(fy, (s = startMonths(transforms, fy)));
    return s;
  };
  const none: EarnerTransforms = { applicable: [], byDate: [], rank: [], position: [] };
  const rows = new Map<string, PayRow>();
  const rowOf = (i: number, fy: FiscalYear, costed: boolean): PayRow => {
    const key = `${i}|${fy}`;
    let row = rows.get(key);
    if (row) return row;
    const { earner } = earners[i];
    const reach = costed ? earners[i].reach : none;
    const pays = Array.from(payByPrefix(earner, fy, transforms, reach, startsIn(fy)), toCents);
    row = {
      earner: i, fy, costed, parts: partsOf(earner, fy, reach, startsIn(fy), transforms), pays,
      booked: transforms.map((t) => Math.max(fy, t.paidFy)),
    };
    rows.set(key, row);
    return row;
  };
  // The years each earner is costed in, as costPay walks them.
  earners.forEach((el, i) => {
    const e = el.earner;
    if (e.population === 'existing' && el.reach.applicable.length === 0) return;
    for (const fy of e.population === 'existing' ? earnedYears : years) {
      if (e.hiredFy !== null && fy < e.hiredFy) continue;
      if (e.population === 'added' && e.segments(fy).length === 0) continue;
      rowOf(i, fy, true);
    }
  });
  const costedPay = (i: number, fy: FiscalYear): number => {
    const row = rows.get(`${i}|${fy}`);
    if (row?.costed) return row.pays[row.pays.length - 1];
    return earners[i].earner.population === 'existing' ? statusQuoCents(earners[i].earner, fy) : 0;
  };

  // Bonuses (benefits.ts addBonuses): people in post the day paid; a percent of the year's pay after all pay terms.
  const bonuses: BonusLayout[] = terms.bonuses.map((t) => {
    const fy = fiscalYearOf(t.paid);
    const paidMonth = monthsBefore(t.paid, fy);
    const recipients: BonusLayout['recipients'] = [];
    // Paid before the base year: already in the district's books.
    if (fy < base) return { term: t, fy, paidMonth, recipients };
    earners.forEach(({ earner: e }, i) => {
      if (e.unit.id !== t.unit || (t.roles && !t.roles.includes(e.role))) return;
      if (t.employedIn !== undefined && (e.population === 'added' || (e.hiredFy !== null && e.hiredFy > t.employedIn))) return;
      const seg = e.segments(fy).find((s) => s.m0 <= paidMonth && paidMonth < s.m1);
      const people = seg?.headcount ?? 0;
      if (!seg || people === 0) return;
      const payCents = costedPay(i, fy);
      const cents = t.amount !== undefined ? toCents(people * t.amount) : toCents(((payCents / 100) * (t.pct as number)) / 100);
      // The row that shows the pay the bonus is a percent of (status quo when the engine does not cost the year).
      const have = rows.get(`${i}|${fy}`);
      if (!have) rowOf(i, fy, false);
      recipients.push({ earner: i, people, payCents, cents });
    });
    return { term: t, fy, paidMonth, recipients };
  });

  // Health (benefits.ts): employee-years × rate, summed per line and rounded once per line.
  const health: HealthPart[] = [];
  const peopleYears = (e: Earner, fy: FiscalYear, from: number) => {
    let sum = 0;
    for (const s of e.segments(fy)) sum += (Math.max(0, s.m1 - Math.max(s.m0, from)) / 12) * s.headcount;
    return sum;
  };
  earners.forEach(({ earner: e }, i) => {
    if (e.population !== 'added' || !healthEligible(p, e)) return;
    for (const fy of years) {
      const people = peopleYears(e, fy, 0);
      if (people === 0) continue;
      const key: LineKey = { bookedFy: fy, term: e.addedBy as string, via: e.addedVia ?? null, kind: 'health', nature: 'ongoing', unit: e.unit.id, population: 'added', earnedFy: null };
      health.push({ key, line: lineId(key), group: 'positions', earner: i, fy, from: 0, peopleYears: people, rate: healthRate(p, fy), source: 'district' });
    }
  });
  for (const t of terms.health) {
    earners.forEach(({ earner: e }, i) => {
      if (e.unit.id !== t.unit) return;
      const threshold = p.dataset.district.parameters.healthEligibleMinHours[e.unit.kind];
      const newlyEligible = t.partTimeMinHours !== undefined && e.lane.basis === 'hourly' && e.hoursPerDay >= t.partTimeMinHours && e.hoursPerDay < threshold;
      if (t.perEmployee !== undefined ? !healthEligible(p, e) : !newlyEligible) return;
      for (const fy of earnedYears) {
        if (fy < fiscalYearOf(t.effective) || (e.hiredFy !== null && fy < e.hiredFy)) continue;
        const from = monthsBefore(t.effective, fy);
        const people = peopleYears(e, fy, from);
        if (people === 0) continue;
        const booked = Math.max(fy, paidFy);
        if (booked < base) continue; // paid before the base year: already in the district's books
        const key: LineKey = { bookedFy: booked, term: t.id, via: t.via ?? null, kind: 'health', nature: fy < booked ? 'one-time' : 'ongoing', unit: t.unit, population: e.population, earnedFy: fy < booked ? fy : null };
        health.push({ key, line: lineId(key), group: 'terms', earner: i, fy, from, peopleYears: people, rate: t.perEmployee ?? healthRate(p, fy), source: t.perEmployee !== undefined ? t : 'district' });
      }
    });
  }

  // Lines booked after the last year costed are not in the result (nor here).
  const healthShown = health.filter((h) => inYears.has(h.key.bookedFy));

  // Programs (programs.ts).
  const programs: ProgramPart[] = [];
  for (const t of terms.programs) {
    const start = fiscalYearOf(t.effective);
    for (const fy of years) {
      if (t.oneTime ? fy !== start : fy < start) continue;
      const m = t.oneTime ? 0 : monthsBefore(t.effective, fy);
      const share = t.oneTime ? 1 : (12 - m) / 12;
      const key: LineKey = { bookedFy: fy, term: t.id, via: t.via ?? null, kind: 'other', nature: t.oneTime ? 'one-time' : 'ongoing', unit: t.unit, population: 'existing', earnedFy: null };
      programs.push({ key, line: lineId(key), term: t, fy, monthsBefore: m, share, cents: toCents(t.count * t.amount * share) });
    }
  }

  // Lines: every key a cost can be booked under, with what it adds up.
  const lines = new Map<string, LineLayout>();
  const lineFor = (key: LineKey): LineLayout => {
    const id = lineId(key);
    let l = lines.get(id);
    if (!l) lines.set(id, (l = { id, key, contributions: [] }));
    return l;
  };
  const payRows = [...rows.values()].sort((a, b) => a.earner - b.earner || a.fy - b.fy);
  const seen = new Set<string>();
  for (const row of payRows) {
    if (!row.costed) continue;
    const el = earners[row.earner];
    const e = el.earner;
    if (e.population === 'added' && inYears.has(row.fy)) {
      const l = lineFor({ bookedFy: row.fy, term: e.addedBy as string, via: e.addedVia ?? null, kind: 'salary', nature: 'ongoing', unit: e.unit.id, population: 'added', earnedFy: null });
      if (!l.contributions.some((c) => c.type === 'added-salary')) l.contributions.push({ type: 'added-salary' });
    }
    for (let k = 1; k <= transforms.length; k++) {
      const t = transforms[k - 1];
      // A term not in force in any part of the year cannot cost anything that year, whatever the inputs.
      if (!el.reach.applicable.includes(t) || !row.parts.some((part) => part.inForce.includes(k - 1))) continue;
      const booked = row.booked[k - 1];
      // Paid before the base year (already in the books) or after the last year costed: no line.
      if (!inYears.has(booked)) continue;
      const earned = row.fy < booked ? row.fy : null;
      const key: LineKey = { bookedFy: booked, term: t.term.id, via: t.term.via ?? null, kind: 'salary', nature: earned !== null ? 'one-time' : 'ongoing', unit: t.term.unit, population: e.population, earnedFy: earned };
      const l = lineFor(key);
      const mark = `${l.id}#${k}#${row.fy}`;
      if (!seen.has(mark)) {
        seen.add(mark);
        l.contributions.push({ type: 'pay', k, fy: row.fy });
      }
    }
  }
  bonuses.forEach((b, bonus) => {
    if (!inYears.has(b.fy)) return;
    for (const population of ['existing', 'added'] as const) {
      if (!b.recipients.some((r) => earners[r.earner].earner.population === population)) continue;
      lineFor({ bookedFy: b.fy, term: b.term.id, via: b.term.via ?? null, kind: 'salary', nature: 'one-time', unit: b.term.unit, population, earnedFy: null }).contributions.push({ type: 'bonus', bonus });
    }
  });
  for (const l of [...lines.values()]) {
    if (l.key.kind === 'salary') lineFor({ ...l.key, kind: 'statutory' }).contributions.push({ type: 'statutory', salary: l.id });
  }
  for (const h of healthShown) {
    const l = lineFor(h.key);
    if (!l.contributions.some((c) => c.type === 'health' && c.group === h.group)) l.contributions.push({ type: 'health', group: h.group });
  }
  programs.forEach((pp, part) => lineFor(pp.key).contributions.push({ type: 'program', part }));

  const sorted = [...lines.values()].sort((a, b) => a.key.bookedFy - b.key.bookedFy || compareLines(a.key, b.key, terms.order));

  // Concrete terms that are me-too copies point at the term they copy.
  const byId = new Map(proposal.terms.map((t) => [t.id, t]));
  const originCache = new Map<Term, Term>();
  const origin = (t: Term): Term => {
    if (proposal.terms.includes(t)) return t;
    const hit = originCache.get(t);
    if (hit) return hit;
    const owner = byId.get(t.id);
    let found: Term = (t.via !== undefined ? byId.get(t.via) : undefined) ?? t;
    if (found === t && owner?.kind === 'me-too') {
      for (const ref of owner.terms) {
        const o = byId.get(ref);
        if (o && o.kind === t.kind && sameExceptIdentity(o, t)) {
          found = o;
          break;
        }
      }
    }
    originCache.set(t, found);
    return found;
  };

  return { prepared: p, proposal, terms, base, years, earnedYears, paidFy, transforms, earners, payRows, bonuses, health: healthShown, programs, lines: sorted, origin };
}


function sameExceptIdentity(a: Term, b: Term): boolean {
  const strip = (t: Term) => JSON.stringify({ ...t, id: '', unit: '', title: '', via: '' });
  return strip(a) === strip(b);
}

