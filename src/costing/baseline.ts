import { fyLabel, type FiscalYear } from '../calendar/fiscal-year.ts';
import { toCents } from '../money/cents.ts';
import { currentEarners, replacementEarners } from './earners.ts';
import { baseRate, type Earner } from './pay.ts';
import { healthEligible, healthRate, statutoryRates, type Prepared } from './prepare.ts';
import type { BaselineYear } from './result.ts';

const statusQuo = new WeakMap<Earner, Map<FiscalYear, number>>();

/**
 * What an earner is paid in a fiscal year under the current contract (step and column), in
 * cents, rounded per pay group and year. It does not depend on any proposal, so it is worked
 * out once per dataset.
 */
export function statusQuoCents(e: Earner, fy: FiscalYear): number {
  let byYear = statusQuo.get(e);
  if (!byYear) statusQuo.set(e, (byYear = new Map()));
  let cents = byYear.get(fy);
  if (cents === undefined) {
    const r0 = baseRate(e, fy);
    let pay = 0;
    for (const seg of e.segments(fy)) pay += (e.lane.basis === 'annual' ? r0 * seg.fte : r0 * e.hoursPerDay * e.daysPerYear * seg.headcount) * ((seg.m1 - seg.m0) / 12);
    byYear.set(fy, (cents = toCents(pay)));
  }
  return cents;
}

/**
 * What a current pay group would be paid in a fiscal year if nobody left: its step and column
 * at its full FTE (or people), in cents. Equal to `statusQuoCents` where the unit has no attrition.
 */
function everyoneStaysCents(e: Earner, fy: FiscalYear): number {
  const whole = e.segments(e.stepYear)[0];
  const r0 = baseRate(e, fy);
  return toCents(e.lane.basis === 'annual' ? r0 * whole.fte : r0 * e.hoursPerDay * e.daysPerYear * whole.headcount);
}

const cache = new WeakMap<Prepared, Map<FiscalYear, BaselineYear>>();

/**
 * The status quo: current staff's pay each year with step and column, statutory benefits
 * and health and welfare, by unit. Salary is rounded per pay group and year; benefits per
 * unit and year. A year's figures do not depend on which other years are asked for (staff
 * hired in place of leavers in later years are not paid before they come), so each year is
 * worked out once per dataset.
 */
export function baselineYears(p: Prepared, years: FiscalYear[]): BaselineYear[] {
  let byYear = cache.get(p);
  if (!byYear) cache.set(p, (byYear = new Map()));
  const missing = years.filter((fy) => !byYear.has(fy));
  if (missing.length > 0) workOut(p, missing).forEach((y, i) => byYear.set(missing[i], y));
  // Each result gets its own copy, so one caller cannot change another's figures.
  return structuredClone(years.map((fy) => byYear.get(fy) as BaselineYear));
}

/** The status quo years worked out so far for a dataset, to keep beside it (kept.ts). */
export function keptBaseline(p: Prepared): [FiscalYear, BaselineYear][] {
  return [...(cache.get(p) ?? [])];
}

/** Takes back status quo years kept for this very dataset (same files, same build). */
export function seedBaseline(p: Prepared, years: [FiscalYear, BaselineYear][]): void {
  if (!cache.has(p)) cache.set(p, new Map(years));
}

function workOut(p: Prepared, years: FiscalYear[]): BaselineYear[] {
  const units = [...p.units.values()];
  const stay = currentEarners(p);
  const earners = [...stay, ...replacementEarners(p, years[years.length - 1])];
  const result = years.map((fy): BaselineYear => {
    const byUnit = units.map((u) => {
      let salaryCents = 0;
      let fte = 0;
      let people = 0;
      let everyoneStays = 0;
      for (const e of stay) if (e.unit === u) everyoneStays += everyoneStaysCents(e, fy);
      for (const e of earners) {
        if (e.unit !== u) continue;
        const seg = e.segments(fy)[0];
        if (!seg) continue; // hired in place of a leaver in a later year
        salaryCents += statusQuoCents(e, fy);
        fte += seg.fte;
        if (healthEligible(p, e)) people += seg.headcount;
      }
      const pct = statutoryRates(p, u.kind, fy).reduce((s, r) => s + r.pct, 0);
      return {
        // Pay saved by replacing leavers at the new-hire placement: already out of salaryCents.
        unit: u.id, salaryCents, turnoverSavingsCents: everyoneStays - salaryCents, statutoryCents: toCents(((salaryCents / 100) * pct) / 100),
        healthCents: toCents(people * healthRate(p, fy)), fte: Math.round(fte * 1e4) / 1e4,
      };
    });
    const sum = (f: (u: (typeof byUnit)[number]) => number) => byUnit.reduce((s, u) => s + f(u), 0);
    const salaryCents = sum((u) => u.salaryCents);
    const statutoryCents = sum((u) => u.statutoryCents);
    const healthCents = sum((u) => u.healthCents);
    return { fy: fyLabel(fy), salaryCents, turnoverSavingsCents: sum((u) => u.turnoverSavingsCents), statutoryCents, healthCents, totalCents: salaryCents + statutoryCents + healthCents, fte: Math.round(sum((u) => u.fte) * 1e4) / 1e4, byUnit };
  });
  return result;
}
