/**
 * One member's strike day for strike pay: the time on each shift from check-in to check-out
 * (within the shift's times; an automatic check-out counts to the shift's end; overlapping
 * shifts counted once, for the hours and for the shift-count rules), whether the day counts
 * under the rules or by an organizer's exception, and why, in plain words.
 */
import { AUTO_OUT_AFTER_MS } from './attendance.ts';
import type { PayRules } from './pay-rules.ts';
import { decimalHours, duration, PAY_WORDS, type PayWords } from './pay-words.ts';

export interface PayDay {
  id: number; date: string; label: string;
  /** When the day's last shift ends (a Sunday night shift may end on Monday); null or absent when it has none. */
  lastShiftEndsAt?: string | null;
}
export interface PayShift { id: number; dayId: number; duty: string; where: string | null; startsAt: string; endsAt: string }
export interface PayAttendance {
  shiftId: number; memberRowId: number; checkedInAt: string | null; checkedOutAt: string | null;
  /** Periods checked out between a check-out and a later check-in (src/pickets/attendance.ts): not on the shift. */
  away?: [string, string][];
}
export interface PayException { id: number; memberRowId: number; dayId: number; kind: 'count' | 'exclude'; reason: string }
export interface PayMember { memberRowId: number; memberId: string; name: string }

export interface WorkedShift {
  shiftId: number; duty: string; where: string | null; startsAt: string; endsAt: string;
  checkedInAt: string; checkedOutAt: string | null;
  /** Minutes on this shift, within its times, less the time away (checked out and back). */
  minutes: number;
  /** Minutes away within its times: checked out, then checked in again. */
  awayMinutes: number;
  /** Whether its duty counts under the rules. */
  counts: boolean;
}

export interface DayLedger {
  dayId: number; date: string; label: string;
  /** Minutes on duties that count, overlapping shifts once. */
  minutes: number;
  hours: number;
  /** Shifts of counting duties the member was on (for more than no time), overlapping ones each (`creditShifts` counts them once). */
  shifts: number;
  worked: WorkedShift[];
  counted: boolean;
  /** What the day adds to the week's hours and shifts (an excluded day: nothing; a day counted by exception: at least the day's minimum and one shift). Shifts the member was on at the same time add one. */
  creditMinutes: number;
  creditShifts: number;
  exception: { id: number; kind: 'count' | 'exclude'; reason: string } | null;
  why: string;
  /** `why` in Spanish, from the same facts (the organizer's reason as written). */
  whyEs: string;
}

const ms = (iso: string) => Date.parse(iso);

/** The part of a shift a member was there for, in milliseconds [from, to), or null for none. */
function span(shift: PayShift, a: PayAttendance, now: number): [number, number] | null {
  if (!a.checkedInAt) return null;
  const start = ms(shift.startsAt);
  const end = ms(shift.endsAt);
  const out = a.checkedOutAt ? ms(a.checkedOutAt) : now >= end + AUTO_OUT_AFTER_MS ? end : Math.min(now, end);
  const from = Math.max(ms(a.checkedInAt), start);
  const to = Math.min(out, end);
  return to > from ? [from, to] : null;
}

/** The span less the periods away: the pieces of the shift the member was there for. */
function present(s: [number, number], away: [string, string][] = []): [number, number][] {
  let pieces: [number, number][] = [s];
  for (const [x, y] of away) {
    const [a, b] = [ms(x), ms(y)];
    pieces = pieces.flatMap(([from, to]): [number, number][] => (b <= from || a >= to ? [[from, to]] : [...(a > from ? [[from, a] as [number, number]] : []), ...(b < to ? [[b, to] as [number, number]] : [])]));
  }
  return pieces;
}

/**
 * Shifts for the shift-count rules, overlapping ones once: the most of the spans no two of which
 * overlap (spans that only touch, back-to-back shifts, do not overlap). Picked by earliest end, which
 * finds the most; being on one more shift at the same time never lowers it.
 */
function distinctShifts(spans: [number, number][]): number {
  let n = 0;
  let end = -Infinity;
  for (const [from, to] of [...spans].sort((x, y) => x[1] - y[1])) {
    if (from >= end) {
      n++;
      end = to;
    }
  }
  return n;
}

/** Minutes covered by a set of spans, each moment once. */
function coveredMinutes(spans: [number, number][]): number {
  const sorted = [...spans].sort((x, y) => x[0] - y[0]);
  let total = 0;
  let [from, to] = [-Infinity, -Infinity];
  for (const [a, b] of sorted) {
    if (a > to) {
      if (to > from) total += to - from;
      [from, to] = [a, b];
    } else to = Math.max(to, b);
  }
  if (to > from) total += to - from;
  return Math.floor(total / 60_000);
}

export function memberDay(input: { rules: PayRules; day: PayDay; shifts: PayShift[]; attendance: PayAttendance[]; exception: PayException | null; now: string }): DayLedger {
  const { rules, day, exception } = input;
  const now = ms(input.now);
  const byId = new Map(input.shifts.map((s) => [s.id, s]));
  const counting = (duty: string) => duty === 'picket' || rules.alternateDuties.includes(duty);
  const worked: WorkedShift[] = [];
  const spans: [number, number][] = [];
  const shiftSpans: [number, number][] = [];
  for (const a of input.attendance) {
    const shift = byId.get(a.shiftId);
    if (!shift || !a.checkedInAt) continue;
    const s = span(shift, a, now);
    const counts = counting(shift.duty);
    const pieces = s ? present(s, a.away) : [];
    const presentMs = pieces.reduce((t, [from, to]) => t + (to - from), 0);
    const onShift = Math.floor(presentMs / 60_000);
    const awayMinutes = s ? Math.floor((s[1] - s[0] - presentMs) / 60_000) : 0;
    if (counts) spans.push(...pieces);
    if (s && counts && onShift > 0) shiftSpans.push(s);
    worked.push({ shiftId: shift.id, duty: shift.duty, where: shift.where, startsAt: shift.startsAt, endsAt: shift.endsAt, checkedInAt: a.checkedInAt, checkedOutAt: a.checkedOutAt, minutes: onShift, awayMinutes, counts });
  }
  worked.sort((x, y) => x.startsAt.localeCompare(y.startsAt) || x.shiftId - y.shiftId);
  const minutes = coveredMinutes(spans);
  const counted = worked.filter((w) => w.counts && w.minutes > 0);
  const distinct = distinctShifts(shiftSpans);
  const sumOfShifts = counted.reduce((t, w) => t + w.minutes, 0);
  const need = Math.round(rules.minHoursPerDay * 60);

  const isCounted = exception?.kind === 'exclude' ? false : exception?.kind === 'count' ? true : counted.length > 0 && minutes >= need;
  // The same facts in words, once per language.
  const facts: DayWhy = {
    time: duration(minutes), need: duration(need), places: counted, overlapping: sumOfShifts > minutes || distinct < counted.length ? distinct : null,
    notCounting: worked.filter((w) => !w.counts).map((w) => w.duty), exception, counted: isCounted,
    away: worked.some((w) => w.counts && w.awayMinutes > 0) ? duration(worked.reduce((t, w) => t + (w.counts ? w.awayMinutes : 0), 0)) : null,
  };
  const excluded = exception?.kind === 'exclude';
  const byException = exception?.kind === 'count';
  return {
    dayId: day.id, date: day.date, label: day.label, minutes, hours: decimalHours(minutes), shifts: counted.length, worked, counted: isCounted,
    creditMinutes: excluded ? 0 : byException ? Math.max(minutes, need) : minutes,
    creditShifts: excluded ? 0 : byException ? Math.max(distinct, 1) : distinct,
    exception: exception ? { id: exception.id, kind: exception.kind, reason: exception.reason } : null,
    why: dayWhy(PAY_WORDS.en, facts),
    whyEs: dayWhy(PAY_WORDS.es, facts),
  };
}

interface DayWhy {
  /** Minutes on counting duties and the day's minimum, as durations ("3 h 10 min"). */
  time: string; need: string;
  /** The counting shifts the member was on, in order. */
  places: { duty: string; where: string | null }[];
  /** Shifts counted once the overlapping ones are (when any overlap), else null. */
  overlapping: number | null;
  /** Duties of the day's shifts that the rules do not count, in order (with repeats). */
  notCounting: string[];
  exception: PayException | null;
  counted: boolean;
  /** Time away (checked out, then back) on counting shifts, as a duration; null when none. */
  away: string | null;
}

/** A day's why in one language: "3 h 10 min on the picket line at Roosevelt High, at least 3 h needed: counts". */
function dayWhy(w: PayWords, f: DayWhy): string {
  const onDuty = f.places.length === 0 ? w.noTime : w.onDuty(f.time, f.places) + (f.overlapping === null ? '' : w.overlapping(f.overlapping)) + (f.away === null ? '' : w.away(f.away));
  const aside = f.notCounting.length > 0 ? w.notCountingDuties(f.notCounting) : '';
  const e = f.exception;
  const rule = e?.kind === 'exclude' ? w.excludedBy(e.reason) : e?.kind === 'count' ? w.countedBy(e.reason) : w.needed(f.need, f.counted);
  return onDuty + rule + aside;
}
