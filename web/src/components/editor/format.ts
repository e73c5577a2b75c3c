/**
 * Figures as people read them, in English or Spanish, and the few sums the pages make from
 * the costing result (each shown with its formula when clicked).
 */
import { wholeDollars } from '../../../../src/money/cents.ts';
import type { Lang } from '../../i18n.ts';
import type { CostLine, ProjectionYear, TraceInput } from './result-types.ts';

const locale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** Whole dollars from cents: $29,542,779. */
export function dollars(cents: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(wholeDollars(cents));
}

/** Dollars with cents when there are any: $16.91, $20,000. */
export function exactDollars(amount: number, lang: Lang): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'USD', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }).format(amount);
}

export function number(n: number, lang: Lang, digits = 2): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: digits }).format(n);
}

export function percent(pct: number, lang: Lang): string {
  return `${number(pct, lang)}${lang === 'es' ? ' %' : '%'}`;
}

/** A trace input's value with its unit. */
export function traceValue(input: TraceInput, lang: Lang, words: { fte: string; months: string }): string {
  const v = input.value;
  if (typeof v !== 'number') return String(v);
  switch (input.unit) {
    case 'cents': return exactDollars(v / 100, lang);
    case 'usd': return exactDollars(v, lang);
    case 'percent': return percent(v, lang);
    case 'fte': return `${number(v, lang)} ${words.fte}`;
    case 'months': return `${number(v, lang)} ${words.months}`;
    default: return number(v, lang, 4);
  }
}

export const sumCents = (lines: CostLine[]) => lines.reduce((s, l) => s + l.cents, 0);

/** A date or time written out: 22 January 2019, 10:00 (the reader's time zone). */
export function when(iso: string, lang: Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeStyle: 'short' }).format(d);
}

/**
 * The reserve without the proposal: the same budget, years and beginning balance, without the
 * proposal's cost (docs/costing.md, "Projection"): balance += revenues − baseline expenditures;
 * reserve % = (balance − committed) ÷ baseline expenditures, rounded to 2 decimals as the server does.
 */
export function reserveWithout(years: ProjectionYear[]): { fy: string; endingBalanceCents: number; reservePct: number }[] {
  let balance = years[0]?.beginningBalanceCents ?? 0;
  return years.map((y) => {
    balance = balance + y.revenueCents - y.baselineExpenditureCents;
    const reservePct = y.baselineExpenditureCents === 0 ? 0 : Math.round(((balance - y.committedCents) / y.baselineExpenditureCents) * 10000) / 100;
    return { fy: y.fy, endingBalanceCents: balance, reservePct };
  });
}
