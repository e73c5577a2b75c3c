/**
 * The strike-pay ledger for one period (a week): per member, the days with their hours and
 * shifts, which counted and why, whether the week is eligible and the amount, applying the
 * first-week rule (unpaid, or paid with the following week). Pure: the caller passes the facts
 * (strike days, shifts, attendance, exceptions, members) and `now` in.
 */
import { AUTO_OUT_AFTER_MS } from './attendance.ts';
import { memberDay, type DayLedger, type PayAttendance, type PayDay, type PayException, type PayMember, type PayShift } from './pay-day.ts';
import { addDays, mondayOf, periodOf, type Period } from './pay-period.ts';
import type { PayRules } from './pay-rules.ts';
import { byEnglish, decimalHours, money, PAY_WORDS, type PayWords } from './pay-words.ts';
import { memberWeek } from './pay-week.ts';

export interface PayFacts {
  /** The union's strike days that were not cancelled (at least those in the periods asked about). */
  days: PayDay[];
  shifts: PayShift[];
  attendance: PayAttendance[];
  /** Exceptions in force (not revoked). */
  exceptions: PayException[];
  members: PayMember[];
  /** The date of the union's first strike day (not cancelled), or null when there is none. */
  firstDate: string | null;
}

export interface LedgerRow extends PayMember {
  days: DayLedger[];
  eligibleDays: number;
  minutes: number;
  hours: number;
  shifts: number;
  /** The week met the rules and earned something (before the first-week rule). */
  eligible: boolean;
  earnedCents: number;
  /** Earned in the first week and paid with this one (firstWeek: with-next). */
  carriedCents: number;
  amountCents: number;
  why: string;
  /** `why` in Spanish, from the same facts. */
  whyEs: string;
}

export interface PeriodLedger {
  period: Period & { first: boolean };
  rows: LedgerRow[];
  /** Members with an amount above zero. */
  members: number;
  totalCents: number;
}

/**
 * When a period is over and its payout may be produced: the end of its week (Monday 00:00 in the
 * union's time zone), or, when a shift of its strike days ends later (a Sunday night shift that
 * runs past midnight), that shift's end plus the automatic check-out's 30 minutes. Until then a
 * member still on that shift is counted only up to now, and a file made then would underpay them.
 */
function closing(period: Period, days: PayDay[]): Period {
  let at = Date.parse(period.closesAt);
  for (const d of days) {
    if (d.date >= period.start && d.date <= period.end && d.lastShiftEndsAt) at = Math.max(at, Date.parse(d.lastShiftEndsAt) + AUTO_OUT_AFTER_MS);
  }
  return { ...period, closesAt: new Date(at).toISOString() };
}

/** The periods with strike days, and the week after the first when the first week is paid with it. */
export function periodsOf(rules: PayRules, days: PayDay[]): (Period & { first: boolean })[] {
  const starts = new Set(days.map((d) => mondayOf(d.date)));
  const first = [...starts].sort()[0];
  if (first && rules.firstWeek === 'with-next') starts.add(addDays(first, 7));
  return [...starts].sort().map((s) => ({ ...closing(periodOf(s, rules.timeZone), days), first: s === first }));
}

function weekRows(rules: PayRules, facts: PayFacts, start: string, now: string) {
  const end = addDays(start, 6);
  const days = facts.days.filter((d) => d.date >= start && d.date <= end).sort((a, b) => a.date.localeCompare(b.date));
  const dayIds = new Set(days.map((d) => d.id));
  const shifts = new Map(facts.shifts.filter((s) => dayIds.has(s.dayId)).map((s) => [s.id, s]));
  const byMember = new Map<number, { attendance: PayAttendance[]; exceptions: PayException[] }>();
  const of = (m: number) => byMember.get(m) ?? byMember.set(m, { attendance: [], exceptions: [] }).get(m)!;
  for (const a of facts.attendance) if (a.checkedInAt && shifts.has(a.shiftId)) of(a.memberRowId).attendance.push(a);
  for (const e of facts.exceptions) if (dayIds.has(e.dayId)) of(e.memberRowId).exceptions.push(e);
  const out = new Map<number, { days: DayLedger[]; week: ReturnType<typeof memberWeek> }>();
  for (const [memberRowId, mine] of byMember) {
    const ledgerDays: DayLedger[] = [];
    for (const day of days) {
      const attendance = mine.attendance.filter((a) => shifts.get(a.shiftId)?.dayId === day.id);
      const exception = mine.exceptions.find((e) => e.dayId === day.id) ?? null;
      if (attendance.length === 0 && !exception) continue;
      // The day's shifts this member was on (memberDay looks up no others): a union's thousands of
      // shifts are not copied for each of its tens of thousands of members.
      ledgerDays.push(memberDay({ rules, day, shifts: attendance.map((a) => shifts.get(a.shiftId) as PayShift), attendance, exception, now }));
    }
    out.set(memberRowId, { days: ledgerDays, week: memberWeek(rules, ledgerDays) });
  }
  return out;
}

export function periodLedger(input: { rules: PayRules; facts: PayFacts; periodStart: string; now: string }): PeriodLedger {
  const { rules, facts, periodStart, now } = input;
  const firstStart = facts.firstDate ? mondayOf(facts.firstDate) : null;
  const isFirst = periodStart === firstStart;
  const carries = rules.firstWeek === 'with-next' && firstStart !== null && periodStart === addDays(firstStart, 7);
  const here = weekRows(rules, facts, periodStart, now);
  const before: ReturnType<typeof weekRows> = carries && firstStart ? weekRows(rules, facts, firstStart, now) : new Map();
  const names = new Map(facts.members.map((m) => [m.memberRowId, m]));
  const ids = new Set([...here.keys(), ...[...before].filter(([, r]) => r.week.earnedCents > 0).map(([id]) => id)]);
  const rows: LedgerRow[] = [];
  const nextStart = addDays(periodStart, 7);
  for (const memberRowId of ids) {
    const m = names.get(memberRowId) ?? { memberRowId, memberId: '?', name: '(not on the roster)' };
    const r = here.get(memberRowId) ?? { days: [], week: null };
    const earned = r.week?.earnedCents ?? 0;
    const carried = before.get(memberRowId)?.week.earnedCents ?? 0;
    let amount = earned;
    let first: RowWhy['first'] = null;
    if (isFirst && rules.firstWeek === 'unpaid' && earned > 0) {
      amount = 0;
      first = 'unpaid';
    } else if (isFirst && rules.firstWeek === 'with-next' && earned > 0) {
      amount = 0;
      first = 'with-next';
    }
    if (carried > 0) amount += carried;
    // The same facts in words, once per language.
    const said: RowWhy = { week: r.week, first, nextWeek: nextStart, carried: carried > 0 ? { carried: money(carried), weekOf: firstStart ?? '', amount: money(amount) } : null };
    const w = r.week ?? { eligibleDays: 0, minutes: 0, shifts: 0 };
    rows.push({
      ...m, days: r.days, eligibleDays: w.eligibleDays, minutes: w.minutes, hours: decimalHours(w.minutes), shifts: w.shifts, eligible: earned > 0, earnedCents: earned, carriedCents: carried, amountCents: amount,
      why: rowWhy(PAY_WORDS.en, 'why', said), whyEs: rowWhy(PAY_WORDS.es, 'whyEs', said),
    });
  }
  rows.sort((a, b) => byEnglish(a.name, b.name) || byEnglish(a.memberId, b.memberId) || a.memberRowId - b.memberRowId);
  const paid = rows.filter((r) => r.amountCents > 0);
  return { period: { ...closing(periodOf(periodStart, rules.timeZone), facts.days), first: isFirst }, rows, members: paid.length, totalCents: paid.reduce((t, r) => t + r.amountCents, 0) };
}

interface RowWhy {
  /** The member's week (null: no strike duty this week, only pay carried from the first week). */
  week: { why: string; whyEs: string } | null;
  /** The first-week rule that held this week's pay back. */
  first: 'unpaid' | 'with-next' | null;
  nextWeek: string;
  /** The first week's pay added to this one, as written. */
  carried: { carried: string; weekOf: string; amount: string } | null;
}

/** A row's why in one language: the week's, then the first-week rule. */
function rowWhy(w: PayWords, key: 'why' | 'whyEs', f: RowWhy): string {
  const why = [f.week ? f.week[key] : w.noDuty];
  if (f.first === 'unpaid') why.push(w.firstUnpaid);
  else if (f.first === 'with-next') why.push(w.firstWithNext(f.nextWeek));
  if (f.carried) why.push(w.carried(f.carried.carried, f.carried.weekOf, f.carried.amount));
  return why.filter(Boolean).join('; ');
}

export interface LedgerPageInput {
  rules: PayRules;
  facts: PayFacts;
  periodStart: string;
  now: string;
  offset: number;
  limit: number;
  /** What the period's payout paid each member ([roster row, cents]), or null before a payout. */
  paid: [number, number][] | null;
}

export interface LedgerPage {
  period: PeriodLedger['period'];
  /** The rows offset..offset+limit, each with what the payout paid (null before a payout). */
  rows: (LedgerRow & { paidCents: number | null })[];
  /** Rows in all. */
  count: number;
  members: number;
  totalCents: number;
  /** Members whose amount now differs from what the payout paid (0 before a payout). */
  differing: number;
}

/**
 * One page of a period's ledger, with the totals of all of it and, once the week was paid out,
 * how many members' amounts now differ from what the file paid (a check-in or exception recorded
 * since). GET /api/pickets/pay/ledger answers it from a costing thread (31,800 members: about a
 * second of work), so the server's own thread keeps answering check-ins meanwhile.
 */
export function ledgerPage(input: LedgerPageInput): LedgerPage {
  const l = periodLedger(input);
  const paid = input.paid ? new Map(input.paid) : null;
  const inLedger = new Set(l.rows.map((row) => row.memberRowId));
  const differing = paid
    ? l.rows.filter((row) => (paid.get(row.memberRowId) ?? 0) !== row.amountCents).length + [...paid.keys()].filter((m) => !inLedger.has(m)).length
    : 0;
  const rows = l.rows.slice(input.offset, input.offset + input.limit).map((row) => ({ ...row, paidCents: paid ? (paid.get(row.memberRowId) ?? 0) : null }));
  return { period: l.period, rows, count: l.rows.length, members: l.members, totalCents: l.totalCents, differing };
}
