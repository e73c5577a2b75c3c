import { fiscalYearOf, fyLabel, monthsBefore, type FiscalYear } from '../calendar/fiscal-year.ts';
import { toCents } from '../money/cents.ts';
import type { BonusTerm, HealthTerm } from '../proposals/types.ts';
import type { Entry, Ledger } from './ledger.ts';
import type { Earner } from './pay.ts';
import type { FullPay } from './pay-costs.ts';
import { healthEligible, healthRate, statutoryRates, type Prepared } from './prepare.ts';

/** Statutory benefits on every salary line, at the employer rates of the year it is booked. */
export function addStatutory(p: Prepared, ledger: Ledger): void {
  for (const e of ledger.entries()) {
    if (e.kind !== 'salary') continue;
    const kind = (p.units.get(e.unit) as Earner['unit']).kind;
    const rates = statutoryRates(p, kind, e.bookedFy);
    const pct = rates.reduce((s, r) => s + r.pct, 0);
    ledger.add({
      ...e, kind: 'statutory', fte: 0, cents: toCents(((e.cents / 100) * pct) / 100),
      formula: 'salary on this line × sum of employer statutory rates for the year it is paid',
      inputs: [{ name: 'salary', value: e.cents, unit: 'cents' }, ...rates.map((r) => ({ name: r.label, value: r.pct, unit: 'percent' as const }))],
    });
  }
}

/** Share of fiscal year `fy` that an earner is present on or after month `from`, times headcount. */
function peopleYears(e: Earner, fy: FiscalYear, from: number): number {
  let sum = 0;
  for (const s of e.segments(fy)) sum += (Math.max(0, s.m1 - Math.max(s.m0, from)) / 12) * s.headcount;
  return sum;
}

/**
 * Adds health lines, rounding once per line: amounts are summed unrounded over the pay groups
 * that share a line, then rounded.
 */
class HealthLines {
  private lines = new Map<string, { entry: Omit<Entry, 'cents' | 'inputs'>; dollars: number; people: number; rate: number; extra: Entry['inputs'] }>();

  add(entry: Omit<Entry, 'cents' | 'inputs'>, people: number, rate: number, extra: Entry['inputs'] = []): void {
    const key = `${entry.term}|${entry.via ?? ''}|${entry.bookedFy}|${entry.earnedFy}|${entry.population}|${entry.unit}`;
    const line = this.lines.get(key) ?? { entry, dollars: 0, people: 0, rate, extra };
    line.dollars += people * rate;
    line.people += people;
    this.lines.set(key, line);
  }

  flush(ledger: Ledger, rateName: string): void {
    for (const l of this.lines.values()) {
      ledger.add({
        ...l.entry, cents: toCents(l.dollars),
        inputs: [{ name: 'employee-years', value: l.people, unit: 'fte' }, { name: rateName, value: l.rate, unit: 'usd' }, ...l.extra],
      });
    }
  }
}

/** Health and welfare for positions the proposal adds, when the placement is benefit-eligible. */
export function addPositionHealth(p: Prepared, ledger: Ledger, added: Earner[], years: FiscalYear[]): void {
  const lines = new HealthLines();
  for (const e of added) {
    if (!healthEligible(p, e)) continue;
    for (const fy of years) {
      const people = peopleYears(e, fy, 0);
      if (people === 0) continue;
      lines.add({
        term: e.addedBy as string, via: e.addedVia, kind: 'health', nature: 'ongoing', unit: e.unit.id, population: 'added', earnedFy: null, bookedFy: fy, fte: 0,
        formula: 'employees added × share of the year employed × health and welfare per employee',
      }, people, healthRate(p, fy));
    }
  }
  lines.flush(ledger, 'health and welfare per employee');
}

/** Health terms: more per eligible employee, or eligibility extended to part-time staff. */
export function addHealthTerms(p: Prepared, ledger: Ledger, terms: HealthTerm[], earners: Earner[], years: FiscalYear[], paidFy: FiscalYear): void {
  const lines = new HealthLines();
  const thresholdOf = (e: Earner) => p.dataset.district.parameters.healthEligibleMinHours[e.unit.kind];
  /** Whether a part-time term of the proposal makes `e` eligible (hourly, at or above its hours, below the current threshold). */
  const madeEligibleBy = (t: HealthTerm, e: Earner) =>
    t.partTimeMinHours !== undefined && e.unit.id === t.unit && e.lane.basis === 'hourly' && e.hoursPerDay >= t.partTimeMinHours && e.hoursPerDay < thresholdOf(e);
  for (const t of terms) {
    for (const e of earners) {
      if (e.unit.id !== t.unit) continue;
      const threshold = thresholdOf(e);
      // From when the term reaches this earner: a per-employee increase reaches the eligible, and
      // the part-time staff a part-time term of the same proposal makes eligible, from the later
      // of the two dates (docs/costing.md, "How terms meet").
      let from: string | null;
      let via: HealthTerm | null = null;
      if (t.perEmployee === undefined) from = madeEligibleBy(t, e) ? t.effective : null;
      else if (healthEligible(p, e)) from = t.effective;
      else {
        via = terms.filter((x) => x !== t && madeEligibleBy(x, e)).sort((a, b) => a.effective.localeCompare(b.effective))[0] ?? null;
        from = via ? (via.effective > t.effective ? via.effective : t.effective) : null;
      }
      if (from === null) continue;
      for (const fy of years) {
        if (fy < fiscalYearOf(from) || (e.hiredFy !== null && fy < e.hiredFy)) continue;
        const people = peopleYears(e, fy, monthsBefore(from, fy));
        if (people === 0) continue;
        const booked = Math.max(fy, paidFy);
        if (booked < p.base) continue; // paid before the base year: already in the district's books
        lines.add({
          term: t.id, via: t.via, kind: 'health', nature: fy < booked ? 'one-time' : 'ongoing', unit: t.unit, population: e.population,
          earnedFy: fy < booked ? fy : null, bookedFy: booked, fte: 0,
          formula: t.perEmployee !== undefined
            ? via
              ? `part-time employees made eligible by term "${via.id}" × share of the year from the later effective date × added amount per employee`
              : 'eligible employees × share of the year from the effective date × added amount per employee'
            : `part-time employees working ${t.partTimeMinHours}+ hours a day (below the current ${threshold}) × share of the year × health and welfare per employee`,
        }, people, t.perEmployee ?? healthRate(p, fy), [{ name: 'effective', value: from, unit: 'date' }]);
      }
    }
  }
  lines.flush(ledger, 'amount per employee');
}

/** One-time bonuses, booked in the year paid, for staff employed in the eligibility year. */
export function addBonuses(p: Prepared, ledger: Ledger, terms: BonusTerm[], earners: Earner[], fullPay: FullPay): void {
  for (const t of terms) {
    const fy = fiscalYearOf(t.paid);
    if (fy < p.base) continue; // paid before the base year: already in the district's books
    for (const e of earners) {
      if (e.unit.id !== t.unit || (t.roles && !t.roles.includes(e.role))) continue;
      if (t.employedIn !== undefined && (e.population === 'added' || (e.hiredFy !== null && e.hiredFy > t.employedIn))) continue;
      // People in their posts on the day it is paid.
      const paidMonth = monthsBefore(t.paid, fy);
      const seg = e.segments(fy).find((s) => s.m0 <= paidMonth && paidMonth < s.m1);
      const people = seg?.headcount ?? 0;
      if (!seg || people === 0) continue;
      const pay = fullPay(e, fy);
      const cents = t.amount !== undefined ? toCents(people * t.amount) : toCents(((pay / 100) * (t.pct as number)) / 100);
      ledger.add({
        term: t.id, via: t.via, kind: 'salary', nature: 'one-time', unit: t.unit, population: e.population, earnedFy: null, bookedFy: fy, cents, fte: seg.fte,
        formula: t.amount !== undefined ? 'eligible employees × bonus per employee' : 'eligible employees\' pay for the year paid × bonus percent',
        inputs: [
          t.amount !== undefined ? { name: 'eligible employees', value: people, unit: 'count' } : { name: 'pay of eligible employees', value: pay, unit: 'cents' },
          t.amount !== undefined ? { name: 'bonus per employee', value: t.amount, unit: 'usd' } : { name: 'bonus', value: t.pct as number, unit: 'percent' },
          { name: 'eligibility', value: t.employedIn !== undefined ? `employed in ${fyLabel(t.employedIn)}` : 'all employees when paid', unit: 'text' },
        ],
      });
    }
  }
}
