/**
 * The plain words strike-pay figures explain themselves in: "3 h 10 min on the picket line at
 * Roosevelt High, at least 3 h needed: counts".
 */
import { formatDollars, type Cents } from '../money/cents.ts';
import type { Duty } from './types.ts';

/** "3 h 10 min", "45 min", "3 h", "0 min". */
export function duration(minutes: number): string {
  const m = Math.round(minutes);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

/** Hours as decimal hours to two places (a day, a week, a row of the payout file): 190 min → 3.17. */
export const decimalHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * Names and member ids in English order, with one collator made once: `localeCompare(x, 'en')`
 * makes a collator on every call, which sorting a union of 30,000 members calls half a million times.
 */
export const byEnglish = new Intl.Collator('en').compare;

export const money = (c: Cents) => formatDollars(c, { exact: true });

const DUTY_WORDS: Record<Duty, string> = {
  picket: 'on the picket line',
  'phone-bank': 'phone banking',
  food: 'on food',
  'child-care': 'on child care',
  access: 'on access-needs duty',
  other: 'on other strike duty',
};

export const dutyWords = (duty: string) => DUTY_WORDS[duty as Duty] ?? `on ${duty}`;

/** "on the picket line at Roosevelt High". */
export const dutyAt = (duty: string, where: string | null) => (where ? `${dutyWords(duty)} at ${where}` : dutyWords(duty));

/** "1 day", "2 days". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a and b", "a, b and c". */
export function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
