import { fyLabel, type FiscalYear } from '../calendar/fiscal-year.ts';
import { toCents } from '../money/cents.ts';
import type { Earner } from './pay.ts';
import { healthEligible, healthRate, statutoryRates, type Prepared } from './prepare.ts';
import type { BaselineYear } from './result.ts';

/**
 * The status quo: current staff's pay each year with step and column, statutory benefits
 * and health and welfare, by unit. Rounded to cents per pay group (salary) and per unit and
 * year (benefits), as the proposal's lines are.
 */
export class BaselineTally {
  private salary = new Map<string, number>();
  private fte = new Map<string, number>();
  private people = new Map<string, number>();

  constructor(private readonly p: Prepared) {}

  add(e: Earner, fy: FiscalYear, cents: number): void {
    const k = `${fy}|${e.unit.id}`;
    this.salary.set(k, (this.salary.get(k) ?? 0) + cents);
    this.fte.set(k, (this.fte.get(k) ?? 0) + e.segments(fy)[0].fte);
    if (healthEligible(this.p, e)) this.people.set(k, (this.people.get(k) ?? 0) + e.segments(fy)[0].headcount);
  }

  years(years: FiscalYear[]): BaselineYear[] {
    return years.map((fy) => {
      const byUnit = [...this.p.units.values()].map((u) => {
        const k = `${fy}|${u.id}`;
        const salaryCents = this.salary.get(k) ?? 0;
        const pct = statutoryRates(this.p, u.kind, fy).reduce((s, r) => s + r.pct, 0);
        return {
          unit: u.id,
          salaryCents,
          statutoryCents: toCents(((salaryCents / 100) * pct) / 100),
          healthCents: toCents((this.people.get(k) ?? 0) * healthRate(this.p, fy)),
          fte: Math.round((this.fte.get(k) ?? 0) * 1e4) / 1e4,
        };
      });
      const sum = (f: (u: (typeof byUnit)[number]) => number) => byUnit.reduce((s, u) => s + f(u), 0);
      const salaryCents = sum((u) => u.salaryCents);
      const statutoryCents = sum((u) => u.statutoryCents);
      const healthCents = sum((u) => u.healthCents);
      return { fy: fyLabel(fy), salaryCents, statutoryCents, healthCents, totalCents: salaryCents + statutoryCents + healthCents, fte: Math.round(sum((u) => u.fte) * 1e4) / 1e4, byUnit };
    });
  }
}
