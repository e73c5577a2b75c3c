/**
 * One member's week for strike pay: the counted days, hours and shifts, whether the week meets
 * the rules' weekly minimums, and what it earns (before the first-week rule), with why.
 */
import type { DayLedger } from './pay-day.ts';
import type { PayRules } from './pay-rules.ts';
import { duration, money, PAY_WORDS, type PayWords } from './pay-words.ts';

export interface WeekResult {
  eligibleDays: number;
  /** Minutes on counting duties on days not excluded. */
  minutes: number;
  shifts: number;
  qualifies: boolean;
  earnedCents: number;
  why: string;
  /** `why` in Spanish, from the same facts. */
  whyEs: string;
}

export function memberWeek(rules: PayRules, days: DayLedger[]): WeekResult {
  const eligibleDays = days.filter((d) => d.counted).length;
  const minutes = days.filter((d) => d.exception?.kind !== 'exclude').reduce((t, d) => t + d.minutes, 0);
  const creditMinutes = days.reduce((t, d) => t + d.creditMinutes, 0);
  const shifts = days.reduce((t, d) => t + d.creditShifts, 0);

  const tests: WeekTest[] = [];
  if (rules.minDaysPerWeek !== null) tests.push({ met: eligibleDays >= rules.minDaysPerWeek, kind: 'days', need: rules.minDaysPerWeek, has: eligibleDays });
  if (rules.minShiftsPerWeek !== null) tests.push({ met: shifts >= rules.minShiftsPerWeek, kind: 'shifts', need: rules.minShiftsPerWeek, has: shifts });
  if (rules.minHoursPerWeek !== null) {
    const need = Math.round(rules.minHoursPerWeek * 60);
    tests.push({ met: creditMinutes >= need, kind: 'hours', need, has: creditMinutes });
  }
  const qualifies = tests.length === 0 ? eligibleDays > 0 : rules.weekTest === 'all' ? tests.every((t) => t.met) : tests.some((t) => t.met);
  let earned = 0;
  let gross = 0;
  let max: number | null = null;
  if (qualifies) {
    earned = rules.basis === 'day' ? eligibleDays * rules.amountCents : rules.amountCents;
    gross = earned;
    if (rules.maxPerWeekCents !== null && earned > rules.maxPerWeekCents) earned = max = rules.maxPerWeekCents;
  }
  // The same facts in words, once per language (amounts written once, and only when the week earns).
  const facts: WeekWhy = qualifies
    ? { rules, tests, qualifies, eligibleDays, earned: money(earned), gross: money(gross), amount: money(rules.amountCents), max: max === null ? null : money(max) }
    : { rules, tests, qualifies, eligibleDays, earned: '', gross: '', amount: '', max: null };
  return { eligibleDays, minutes, shifts, qualifies, earnedCents: earned, why: weekWhy(PAY_WORDS.en, facts), whyEs: weekWhy(PAY_WORDS.es, facts) };
}

interface WeekTest { met: boolean; kind: 'days' | 'shifts' | 'hours'; need: number; has: number }
interface WeekWhy {
  rules: PayRules; tests: WeekTest[]; qualifies: boolean; eligibleDays: number;
  /** Amounts as written ("$400.00"): what the week earned, that before the weekly maximum, the rules' amount, the maximum when it applied. */
  earned: string; gross: string; amount: string; max: string | null;
}

/** A week's why in one language: "the week needs at least 2 shifts (has 1): not met, so its 1 counted day is not paid". */
function weekWhy(w: PayWords, f: WeekWhy): string {
  const { rules, tests } = f;
  const words = tests.map((t) => (t.kind === 'days' ? w.weekDays(t.need, t.has) : t.kind === 'shifts' ? w.weekShifts(t.need, t.has) : w.weekHours(duration(t.need), duration(t.has))));
  let why = tests.length === 0 ? (f.qualifies ? '' : w.noDay) : w.weekNeeds(w.weekJoin(words, rules.weekTest), f.qualifies);
  if (f.qualifies) {
    why = [why, rules.basis === 'day' ? w.perDay(f.eligibleDays, f.amount, f.gross) : w.perWeek(f.amount)].filter(Boolean).join('; ');
    if (f.max !== null) why += w.atMost(f.max, f.earned);
  } else if (rules.basis === 'day' && tests.length > 0 && f.eligibleDays > 0) {
    why += w.notPaid(f.eligibleDays);
  }
  return why;
}
