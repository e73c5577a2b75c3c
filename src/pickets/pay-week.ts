/**
 * One member's week for strike pay: the counted days, hours and shifts, whether the week meets
 * the rules' weekly minimums, and what it earns (before the first-week rule), with why.
 */
import type { DayLedger } from './pay-day.ts';
import type { PayRules } from './pay-rules.ts';
import { count, duration, money } from './pay-words.ts';

export interface WeekResult {
  eligibleDays: number;
  /** Minutes on counting duties on days not excluded. */
  minutes: number;
  shifts: number;
  qualifies: boolean;
  earnedCents: number;
  why: string;
}

export function memberWeek(rules: PayRules, days: DayLedger[]): WeekResult {
  const eligibleDays = days.filter((d) => d.counted).length;
  const minutes = days.filter((d) => d.exception?.kind !== 'exclude').reduce((t, d) => t + d.minutes, 0);
  const creditMinutes = days.reduce((t, d) => t + d.creditMinutes, 0);
  const shifts = days.reduce((t, d) => t + d.creditShifts, 0);

  const tests: { met: boolean; words: string }[] = [];
  if (rules.minDaysPerWeek > 0) tests.push({ met: eligibleDays >= rules.minDaysPerWeek, words: `${count(rules.minDaysPerWeek, 'counted day')} (has ${eligibleDays})` });
  if (rules.minShiftsPerWeek > 0) tests.push({ met: shifts >= rules.minShiftsPerWeek, words: `${count(rules.minShiftsPerWeek, 'shift')} (has ${shifts})` });
  if (rules.minHoursPerWeek > 0) {
    const need = Math.round(rules.minHoursPerWeek * 60);
    tests.push({ met: creditMinutes >= need, words: `${duration(need)} on duty (has ${duration(creditMinutes)})` });
  }
  const joined = tests.map((t) => t.words).join(rules.weekTest === 'all' ? ' and ' : ' or ');
  let qualifies: boolean;
  let why: string;
  if (tests.length === 0) {
    qualifies = eligibleDays > 0;
    why = qualifies ? '' : 'no day counted this week';
  } else {
    qualifies = rules.weekTest === 'all' ? tests.every((t) => t.met) : tests.some((t) => t.met);
    why = `the week needs at least ${joined}: ${qualifies ? 'met' : 'not met'}`;
  }

  let earned = 0;
  if (qualifies) {
    if (rules.basis === 'day') {
      earned = eligibleDays * rules.amountCents;
      why = [why, `${count(eligibleDays, 'day')} counted × ${money(rules.amountCents)} = ${money(earned)}`].filter(Boolean).join('; ');
    } else {
      earned = rules.amountCents;
      why = [why, `${money(rules.amountCents)} for the week`].filter(Boolean).join('; ');
    }
    if (rules.maxPerWeekCents !== null && earned > rules.maxPerWeekCents) {
      earned = rules.maxPerWeekCents;
      why += `, at most ${money(rules.maxPerWeekCents)} a week: ${money(earned)}`;
    }
  } else if (rules.basis === 'day' && tests.length > 0 && eligibleDays > 0) {
    why += `, so its ${count(eligibleDays, 'counted day')} ${eligibleDays === 1 ? 'is' : 'are'} not paid`;
  }
  return { eligibleDays, minutes, shifts, qualifies, earnedCents: earned, why };
}
