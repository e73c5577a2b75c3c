/**
 * Numbers and dates on the public page, as people read them in English or Spanish. Pure
 * functions (no browser), so the browser tests format an API figure exactly as the page does.
 */
import { wholeDollars } from '../../../../src/money/cents.ts';
export type Lang = 'en' | 'es';

const locale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/**
 * Money in words people read: "$582.6 million", "$1.17 billion", "$48,000" (English);
 * "582.6 millones de dólares", "1.17 mil millones de dólares", "48,000 dólares" (Spanish). Where
 * a reader adds figures up (a table, a change, the check line), `dollars` writes them to the dollar.
 */
export function money(cents: number, lang: Lang): string {
  const dollars = cents / 100;
  const abs = Math.abs(dollars);
  const sign = dollars < 0 ? '-' : '';
  const n = (x: number, digits: number, least = 0) => new Intl.NumberFormat(locale(lang), { maximumFractionDigits: digits, minimumFractionDigits: least }).format(x);
  // Billions always to two decimals ("$1.10 billion", never "$1.1 billion" beside "$1.24 billion").
  if (abs >= 1e9) return lang === 'es' ? `${sign}${n(abs / 1e9, 2, 2)} mil millones de dólares` : `${sign}$${n(abs / 1e9, 2, 2)} billion`;
  if (abs >= 1e6) {
    const m = n(abs / 1e6, abs >= 1e8 ? 0 : 1);
    return lang === 'es' ? `${sign}${m} millones de dólares` : `${sign}$${m} million`;
  }
  return lang === 'es' ? `${sign}${n(abs, 0)} dólares` : `${sign}$${n(abs, 0)}`;
}

/** Money to the dollar, for figures a reader adds up: "$1,237,200,519" / "1,237,200,519 dólares". */
export function dollars(cents: number, lang: Lang): string {
  const d = wholeDollars(cents);
  const n = new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 0 }).format(Math.abs(d));
  const sign = d < 0 ? '-' : '';
  return lang === 'es' ? `${sign}${n} dólares` : `${sign}$${n}`;
}

/** A change to the dollar, with its sign: "+$1,096,394,688". */
export function dollarsChange(cents: number, lang: Lang): string {
  return wholeDollars(cents) > 0 ? `+${dollars(cents, lang)}` : dollars(cents, lang);
}

/**
 * The three figures of a check line (A plus the changes is B) in whole dollars that add up as
 * written: each rounded alone, $0.50 + $0.50 would read $1 + $1 = $1. The changes are B − A
 * when they add up to it in cents (they do, unless the caller's figures disagree).
 */
export function checkDollars(fromCents: number, changesCents: number, toCents: number): { from: number; change: number; to: number } {
  const from = wholeDollars(fromCents);
  const to = wholeDollars(toCents);
  return { from, to, change: changesCents === toCents - fromCents ? to - from : wholeDollars(changesCents) };
}

/** A change in money, with its sign: "+$43.8 million", "-$5 million", "no change" is the caller's. */
export function moneyChange(cents: number, lang: Lang): string {
  return cents > 0 ? `+${money(cents, lang)}` : money(cents, lang);
}

/** Short money for chart axes: "$500M", "$1.2B" / "500 M$"-style as the language writes it. */
export function moneyShort(dollars: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { notation: 'compact', style: 'currency', currency: 'USD', maximumFractionDigits: 1, minimumFractionDigits: 0 }).format(dollars);
}

/** A percentage as given (16.46 → "16.46%" / "16,46 %" as the language writes it). */
export function percent(pct: number, lang: Lang): string {
  return new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 2 }).format(pct / 100);
}

/** A date written out: "January 22, 2019" / "22 de enero de 2019" (ISO date or timestamp; the calendar day in UTC). */
export function longDate(iso: string, lang: Lang): string {
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** "2019-20": the school (fiscal) year that starts on July 1 of its first year. */
export const fyStartYear = (fy: string) => Number(fy.slice(0, 4));
