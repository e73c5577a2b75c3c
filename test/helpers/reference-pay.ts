/**
 * A small reference calculator for pay terms and bonuses, written from docs/costing.md alone
 * ("The status quo", "Dates", "Pay terms: one after another", "Rounding", "Bonuses and
 * health") and not from the engine's code, to check the engine against on random proposals.
 *
 * Scope: current staff only (no positions), raises, wage floors and dollar bonuses for all
 * staff, all effective or paid on or after the proposal's date (so nothing is retroactive).
 * It returns, for each term and fiscal year, the salary cost and the statutory benefits on it.
 */
import type { Dataset, StaffRow } from '../../src/district/types.ts';

export type RefTerm =
  | { id: string; kind: 'raise'; unit: string; pct: number; effective: string; roles?: string[] }
  | { id: string; kind: 'wage-floor'; unit: string; hourly: number; effective: string }
  | { id: string; kind: 'bonus'; unit: string; amount: number; paid: string };

/** "2019-07-01" → the fiscal year it is in (July 1 – June 30; named by the year it starts). */
function yearOf(date: string): number {
  const [y, m] = date.split('-').map(Number);
  return m >= 7 ? y : y - 1;
}

/** Months of fiscal year fy before a date (0–12): whole months, and the days before it in its month as a fraction. */
function monthsInto(date: string, fy: number): number {
  const [y, m, d] = date.split('-').map(Number);
  const month = (y - fy) * 12 + (m - 7);
  if (month < 0) return 0;
  if (month >= 12) return 12;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return month + (d - 1) / days;
}

/** Half a cent away from zero, like ROUND(x, 2), reading x as the 15 significant digits a spreadsheet shows. */
export function roundCents(dollars: number): number {
  const x = Number((dollars * 100).toPrecision(15));
  return Math.sign(x) * Math.round(Math.abs(x));
}

/** The value of a dated parameter in force on July 1 of fy. */
function onJuly1(values: { from: string; value: number }[], fy: number): number {
  const day = `${fy}-07-01`;
  let v = values[0].value;
  for (const e of values) if (e.from <= day) v = e.value;
  return v;
}

interface Group { rows: StaffRow[]; unit: string; role: string; hourly: boolean; people: number; fte: number; hours: number; days: number; rates: number[]; step: number }

const KIND_ORDER = ['raise', 'hourly-raise', 'flat-amount', 'wage-floor', 'added-hours'];

/**
 * Salary and statutory cents by `${term id}|${fiscal year}`. With `payChange`, also fills in,
 * for each year, the change in rounded pay of current staff under all the pay terms.
 */
export function referenceCost(d: Dataset, terms: RefTerm[], years: number[], options?: { payChange?: Map<number, number> }): Map<string, { salary: number; statutory: number }> {
  const base = d.district.baseFiscalYear;
  // Pay groups: staff sharing unit, role, schedule, column or class, step, hours, days and hire year.
  const groups = new Map<string, Group>();
  for (const r of d.staff) {
    const key = [r.unit, r.role, r.schedule, r.lane, r.step, r.hoursPerDay, r.daysPerYear, r.hired ? yearOf(r.hired) : '-'].join('|');
    const lane = d.schedules.filter((c) => c.unit === r.unit && c.schedule === r.schedule && c.lane === r.lane).sort((a, b) => a.step - b.step);
    const g = groups.get(key) ?? { rows: [], unit: r.unit, role: r.role, hourly: lane[0].basis === 'hourly', people: 0, fte: 0, hours: r.hoursPerDay, days: r.daysPerYear, rates: lane.map((c) => c.rate), step: r.step };
    g.rows.push(r);
    g.people += r.count;
    g.fte += r.fte * r.count;
    groups.set(key, g);
  }
  const kindOf = (u: string) => d.units.find((x) => x.id === u)?.kind as 'certificated' | 'classified';
  const drift = (u: string, fy: number) => {
    let f = 1;
    for (let y = base + 1; y <= fy; y++) f *= 1 + onJuly1(d.district.parameters.columnDrift[kindOf(u)].values, y) / 100;
    return f;
  };
  const statutoryPct = (u: string, fy: number) => Object.values(d.district.parameters.statutory[kindOf(u)]).reduce((s, p) => s + onJuly1(p.values, fy), 0);

  // Pay terms in the costing order: by kind, then effective date, then as written.
  const pay = terms.filter((t) => t.kind !== 'bonus').map((t, i) => ({ t, i }))
    .sort((a, b) => KIND_ORDER.indexOf(a.t.kind) - KIND_ORDER.indexOf(b.t.kind) || ((a.t as { effective: string }).effective < (b.t as { effective: string }).effective ? -1 : (a.t as { effective: string }).effective > (b.t as { effective: string }).effective ? 1 : 0) || a.i - b.i)
    .map((x) => x.t) as Exclude<RefTerm, { kind: 'bonus' }>[];
  const reaches = (t: Exclude<RefTerm, { kind: 'bonus' }>, g: Group) =>
    t.unit === g.unit && (t.kind === 'wage-floor' ? g.hourly : !t.roles || t.roles.includes(g.role));

  /** Unrounded pay of a group in fy under a set of terms, each part of the year at the rate then in force. */
  const payUnder = (g: Group, fy: number, set: Exclude<RefTerm, { kind: 'bonus' }>[]) => {
    const step = Math.min(g.step + (fy - base), g.rates.length);
    const r0 = g.rates[step - 1] * drift(g.unit, fy);
    const mine = set.filter((t) => reaches(t, g));
    // Changes apply in date order (ties: the costing order, which `set` is in).
    const byDate = mine.map((t, i) => ({ t, i, at: monthsInto(t.effective, fy) })).sort((a, b) => (a.t.effective < b.t.effective ? -1 : a.t.effective > b.t.effective ? 1 : a.i - b.i));
    const cuts = [...new Set([0, 12, ...byDate.map((x) => x.at).filter((m) => m > 0 && m < 12)])].sort((a, b) => a - b);
    let total = 0;
    for (let c = 0; c + 1 < cuts.length; c++) {
      let rate = r0;
      for (const { t, at } of byDate) {
        if (at > cuts[c]) continue;
        rate = t.kind === 'raise' ? rate * (1 + t.pct / 100) : Math.max(rate, t.hourly);
      }
      const annual = g.hourly ? rate * g.hours * g.days * g.people : rate * g.fte;
      total += annual * ((cuts[c + 1] - cuts[c]) / 12);
    }
    return total;
  };

  if (options?.payChange) {
    // Σ over pay groups of ROUND(pay under every pay term) − ROUND(status quo pay), by year.
    for (const fy of years) {
      let change = 0;
      for (const g of groups.values()) change += roundCents(payUnder(g, fy, pay)) - roundCents(payUnder(g, fy, []));
      options.payChange.set(fy, change);
    }
  }
  const out = new Map<string, { salary: number; statutory: number }>();
  const add = (id: string, fy: number, salary: number) => {
    const k = `${id}|${fy}`;
    const o = out.get(k) ?? { salary: 0, statutory: 0 };
    o.salary += salary;
    out.set(k, o);
  };
  for (const fy of years) {
    for (const g of groups.values()) {
      // A term's cost: ROUND(pay with it and those before) − ROUND(pay with those before only).
      for (let k = 0; k < pay.length; k++) {
        if (!reaches(pay[k], g)) continue;
        const d1 = roundCents(payUnder(g, fy, pay.slice(0, k + 1))) - roundCents(payUnder(g, fy, pay.slice(0, k)));
        if (d1 !== 0) add(pay[k].id, fy, d1);
      }
    }
    for (const t of terms) {
      if (t.kind !== 'bonus' || yearOf(t.paid) !== fy) continue;
      for (const g of groups.values()) if (g.unit === t.unit) add(t.id, fy, roundCents(g.people * t.amount));
    }
  }
  // Statutory benefits once per line, at the rates of the year it is booked.
  for (const [k, o] of out) {
    const [id, fy] = k.split('|');
    const unit = (terms.find((t) => t.id === id) as RefTerm).unit;
    o.statutory = roundCents((o.salary / 100) * statutoryPct(unit, Number(fy)) / 100);
  }
  return out;
}
