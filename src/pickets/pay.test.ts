/**
 * Strike pay, the pure part: rules validation, weeks in the union's time zone, a member's day
 * (hours within the shift, automatic check-out, overlaps once, duties that do not count,
 * exceptions), the week's minimums and maximum, the first-week rules and the payout file.
 * Every expected figure is derived by hand beside it. Times: Los Angeles is UTC−8 in January,
 * so 06:00 there is 14:00Z.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ledgerPage } from './pay-ledger.ts';
import { DEFAULT_RULES, localMidnight, memberDay, mondayOf, payoutCsv, periodLedger, periodsOf, PayRulesSchema, safeCell, type LedgerRow, type PayFacts, type PayRules, type PayShift, type PeriodLedger } from './pay.ts';

const rules = (over: Partial<PayRules> = {}): PayRules => ({ ...DEFAULT_RULES, ...over });
const LATER = '2019-03-01T00:00:00.000Z';
const DAY = { id: 1, date: '2019-01-14', label: 'Day 1' };
const picket: PayShift = { id: 10, dayId: 1, duty: 'picket', where: 'Roosevelt High', startsAt: '2019-01-14T14:00:00.000Z', endsAt: '2019-01-14T17:30:00.000Z' };
const phones: PayShift = { id: 11, dayId: 1, duty: 'phone-bank', where: 'Union hall', startsAt: '2019-01-14T17:00:00.000Z', endsAt: '2019-01-14T19:00:00.000Z' };
const at = (shiftId: number, inAt: string | null, outAt: string | null) => ({ shiftId, memberRowId: 7, checkedInAt: inAt, checkedOutAt: outAt });

describe('the rules', () => {
  it('has documented defaults: $100.00 a counted day, 3 h a day, at most $500.00 a week, the first week paid, every alternate duty counted', () => {
    expect(DEFAULT_RULES).toEqual({
      timeZone: 'America/Los_Angeles', basis: 'day', amountCents: 10_000, minHoursPerDay: 3, minDaysPerWeek: null, minShiftsPerWeek: null, minHoursPerWeek: null,
      weekTest: 'all', firstWeek: 'paid', alternateDuties: ['phone-bank', 'food', 'child-care', 'access', 'other'], maxPerWeekCents: 50_000,
    });
  });

  it('names the field of each mistake', () => {
    const r = PayRulesSchema.safeParse({ amountCents: 12.5, timeZone: 'Mars/Olympus', minHoursPerDay: 3.3, alternateDuties: ['picket'], bonus: 1 });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.') || (i as { keys?: string[] }).keys?.join(',')).sort();
    expect(paths).toEqual(['alternateDuties.0', 'amountCents', 'bonus', 'minHoursPerDay', 'timeZone']);
  });
});

describe('weeks', () => {
  it('run Monday to Sunday and close at the next Monday midnight in the union time zone', () => {
    expect(mondayOf('2019-01-14')).toBe('2019-01-14'); // a Monday
    expect(mondayOf('2019-01-20')).toBe('2019-01-14'); // the Sunday after
    expect(mondayOf('2019-01-22')).toBe('2019-01-21'); // a Tuesday
    expect(localMidnight('2019-01-21', 'America/Los_Angeles')).toBe('2019-01-21T08:00:00.000Z'); // UTC−8 in winter
    expect(localMidnight('2019-03-11', 'America/Los_Angeles')).toBe('2019-03-11T07:00:00.000Z'); // UTC−7 after 10 March
  });
});

describe("a member's day", () => {
  const day = (attendance: ReturnType<typeof at>[], over: Partial<PayRules> = {}, exception: Parameters<typeof memberDay>[0]['exception'] = null, now = LATER) =>
    memberDay({ rules: rules(over), day: DAY, shifts: [picket, phones], attendance, exception, now });

  it('counts the time from check-in to check-out within the shift, in words', () => {
    // In 06:20 (14:20Z), out 09:30 (17:30Z, the shift's end): 3 h 10 min = 190 min ≥ 180.
    const d = day([at(10, '2019-01-14T14:20:00.000Z', '2019-01-14T17:30:00.000Z')]);
    expect(d.minutes).toBe(190);
    expect(d.counted).toBe(true);
    expect(d.why).toBe('3 h 10 min on the picket line at Roosevelt High, at least 3 h needed: counts');
    expect(d.whyEs).toBe('3 h 10 min de piquete en Roosevelt High, se necesitan al menos 3 h: cuenta');
  });

  it('counts none of the time a member was checked out before coming back', () => {
    // In 06:00 (14:00Z), out 06:15, back in 09:25 (17:25Z) and auto-out at the end (17:30Z):
    // 15 + 5 = 20 min on the line, 190 min away; 20 < 180, so the day does not count.
    const back = { ...at(10, '2019-01-14T14:00:00.000Z', '2019-01-14T17:30:00.000Z'), away: [['2019-01-14T14:15:00.000Z', '2019-01-14T17:25:00.000Z']] as [string, string][] };
    const d = day([back]);
    expect([d.minutes, d.counted, d.worked[0].minutes, d.worked[0].awayMinutes]).toEqual([20, false, 20, 190]);
    expect(d.why).toBe('20 min on the picket line at Roosevelt High (3 h 10 min away between a check-out and coming back, not counted), at least 3 h needed: does not count');
    expect(d.whyEs).toBe('20 min de piquete en Roosevelt High (3 h 10 min fuera entre una salida y el regreso, que no cuentan), se necesitan al menos 3 h: no cuenta');
    // Away partly before the shift (in 05:40, out 05:50, back 06:10): only 06:00–06:10 is away within it: 210 − 10 = 200 min.
    const early = { ...at(10, '2019-01-14T13:40:00.000Z', '2019-01-14T17:30:00.000Z'), away: [['2019-01-14T13:50:00.000Z', '2019-01-14T14:10:00.000Z']] as [string, string][] };
    expect([day([early]).minutes, day([early]).worked[0].awayMinutes]).toEqual([200, 10]);
  });

  it('counts none of the time before the shift starts or after it ends', () => {
    // In 05:40 (13:40Z, 20 min early), out 09:45 (17:45Z, 15 min late): 14:00Z–17:30Z = 210 min.
    expect(day([at(10, '2019-01-14T13:40:00.000Z', '2019-01-14T17:45:00.000Z')]).minutes).toBe(210);
  });

  it('counts a member never checked out to the shift end once the automatic check-out is due, and to now while the shift runs', () => {
    // Not checked out, long after: 14:30Z to the end 17:30Z = 180 min.
    expect(day([at(10, '2019-01-14T14:30:00.000Z', null)]).minutes).toBe(180);
    // Still on the line at 16:00Z: 14:30Z–16:00Z = 90 min so far, short of 3 h.
    const running = day([at(10, '2019-01-14T14:30:00.000Z', null)], {}, null, '2019-01-14T16:00:00.000Z');
    expect([running.minutes, running.counted]).toEqual([90, false]);
  });

  it('counts overlapping shifts once, for the hours and for the shift-count rules', () => {
    // Picket 14:30Z–17:30Z and phones 17:00Z–19:00Z: 14:30Z–19:00Z = 270 min, not 180 + 120 = 300;
    // on both from 17:00Z to 17:30Z, so the two shifts add 1 shift to the week, not 2.
    const d = day([at(10, '2019-01-14T14:30:00.000Z', '2019-01-14T17:30:00.000Z'), at(11, '2019-01-14T17:00:00.000Z', '2019-01-14T19:00:00.000Z')]);
    expect([d.minutes, d.shifts, d.creditShifts]).toEqual([270, 2, 1]);
    expect(d.why).toBe('4 h 30 min on the picket line at Roosevelt High and phone banking at Union hall (overlapping shifts counted once, as 1 shift), at least 3 h needed: counts');
    expect(d.whyEs).toBe('4 h 30 min de piquete en Roosevelt High y de banco telefónico en Union hall (los turnos simultáneos cuentan una sola vez, como 1 turno), se necesitan al menos 3 h: cuenta');
  });

  it('counts two walk-ups at the same time as one shift toward the week\'s minimum, and back-to-back shifts as two', () => {
    const acacia: PayShift = { id: 20, dayId: 1, duty: 'picket', where: 'Acacia', startsAt: '2019-01-14T18:00:00.000Z', endsAt: '2019-01-14T22:00:00.000Z' };
    const willow: PayShift = { ...acacia, id: 21, where: 'Willow' };
    const late: PayShift = { ...acacia, id: 22, where: 'Willow', startsAt: '2019-01-14T22:00:00.000Z', endsAt: '2019-01-15T02:00:00.000Z' };
    const of = (shifts: PayShift[], attendance: ReturnType<typeof at>[]) => memberDay({ rules: rules({ minShiftsPerWeek: 2 }), day: DAY, shifts, attendance, exception: null, now: LATER });
    // Checked in on Acacia and on Willow, both 10:00–14:00 (18:00Z–22:00Z): 240 min once, 1 shift.
    const both = of([acacia, willow], [at(20, '2019-01-14T18:00:00.000Z', '2019-01-14T22:00:00.000Z'), at(21, '2019-01-14T18:00:00.000Z', '2019-01-14T22:00:00.000Z')]);
    expect([both.minutes, both.creditShifts]).toEqual([240, 1]);
    expect(both.why).toBe('4 h on the picket line at Acacia and on the picket line at Willow (overlapping shifts counted once, as 1 shift), at least 3 h needed: counts');
    expect(both.whyEs).toBe('4 h de piquete en Acacia y de piquete en Willow (los turnos simultáneos cuentan una sola vez, como 1 turno), se necesitan al menos 3 h: cuenta');
    // So a week of only that day has 1 shift of the 2 the rules need.
    const week = periodLedger({ rules: rules({ minShiftsPerWeek: 2 }), facts: { days: [DAY], shifts: [acacia, willow], attendance: [at(20, '2019-01-14T18:00:00.000Z', '2019-01-14T22:00:00.000Z'), at(21, '2019-01-14T18:00:00.000Z', '2019-01-14T22:00:00.000Z')], exceptions: [], members: [{ memberRowId: 7, memberId: 'T-7', name: 'Ana Ruiz' }], firstDate: '2019-01-14' }, periodStart: '2019-01-14', now: LATER });
    expect([week.rows[0].shifts, week.rows[0].amountCents]).toEqual([1, 0]);
    // Acacia 18:00Z–22:00Z then Willow 22:00Z–02:00Z: they only touch, 480 min and 2 shifts, no overlap to mention.
    const backToBack = of([acacia, late], [at(20, '2019-01-14T18:00:00.000Z', '2019-01-14T22:00:00.000Z'), at(22, '2019-01-14T22:00:00.000Z', '2019-01-15T02:00:00.000Z')]);
    expect([backToBack.minutes, backToBack.creditShifts]).toEqual([480, 2]);
    expect(backToBack.why).toBe('8 h on the picket line at Acacia and on the picket line at Willow, at least 3 h needed: counts');
    expect(backToBack.whyEs).toBe('8 h de piquete en Acacia y de piquete en Willow, se necesitan al menos 3 h: cuenta');
    // Acacia 18:00Z–20:00Z (out early), Willow 19:00Z–22:00Z, late Willow 22:00Z–23:00Z: Acacia and the
    // late shift do not overlap each other (Willow overlaps Acacia only), so 2 shifts count, not 1
    // (18:00Z–23:00Z = 300 min).
    const chain = of([acacia, willow, late], [at(20, '2019-01-14T18:00:00.000Z', '2019-01-14T20:00:00.000Z'), at(21, '2019-01-14T19:00:00.000Z', '2019-01-14T22:00:00.000Z'), at(22, '2019-01-14T22:00:00.000Z', '2019-01-14T23:00:00.000Z')]);
    expect([chain.minutes, chain.shifts, chain.creditShifts]).toEqual([300, 3, 2]);
  });

  it('leaves out a duty the rules do not count', () => {
    // Phones only, 120 min, and phone banking not counted: 0 min.
    const d = day([at(11, '2019-01-14T17:00:00.000Z', '2019-01-14T19:00:00.000Z')], { alternateDuties: ['food'] });
    expect([d.minutes, d.counted, d.worked[0].minutes]).toEqual([0, false, 120]);
    expect(d.why).toBe('no time on duties that count, at least 3 h needed: does not count; phone banking does not count under the rules');
    expect(d.whyEs).toBe('sin tiempo en tareas que cuentan, se necesitan al menos 3 h: no cuenta; según las reglas, el banco telefónico no cuenta');
    // A short picket shift and two duties the rules do not count: both named, "no cuentan".
    const short = day([at(10, '2019-01-14T16:30:00.000Z', '2019-01-14T17:30:00.000Z'), at(11, '2019-01-14T17:00:00.000Z', '2019-01-14T19:00:00.000Z')], { alternateDuties: [] });
    expect(short.why).toBe('1 h on the picket line at Roosevelt High, at least 3 h needed: does not count; phone banking does not count under the rules');
    expect(short.whyEs).toBe('1 h de piquete en Roosevelt High, se necesitan al menos 3 h: no cuenta; según las reglas, el banco telefónico no cuenta');
  });

  it('lets an exception count a short day or leave out a full one, with the reason', () => {
    const short = day([at(10, '2019-01-14T16:30:00.000Z', '2019-01-14T17:30:00.000Z')], {}, { id: 5, memberRowId: 7, dayId: 1, kind: 'count', reason: 'sent home ill by the captain' });
    // 60 min worked; counted by exception, credited with the day's minimum 180 min and 1 shift.
    expect([short.minutes, short.counted, short.creditMinutes, short.creditShifts]).toEqual([60, true, 180, 1]);
    expect(short.why).toBe("1 h on the picket line at Roosevelt High; counted by an organizer's exception: sent home ill by the captain");
    // The organizer's reason stays as they wrote it, in Spanish too.
    expect(short.whyEs).toBe('1 h de piquete en Roosevelt High; cuenta por una excepción de un organizador: sent home ill by the captain');
    const full = day([at(10, '2019-01-14T14:00:00.000Z', '2019-01-14T17:30:00.000Z')], {}, { id: 6, memberRowId: 7, dayId: 1, kind: 'exclude', reason: 'checked in for a colleague' });
    expect([full.minutes, full.counted, full.creditMinutes]).toEqual([210, false, 0]);
    expect(full.why).toBe("3 h 30 min on the picket line at Roosevelt High; not counted by an organizer's exception: checked in for a colleague");
    expect(full.whyEs).toBe('3 h 30 min de piquete en Roosevelt High; no cuenta por una excepción de un organizador: checked in for a colleague');
  });
});

/** Rows are in name order: "@Ben…" sorts before "Ana…" (punctuation first). Two weeks: Mon 14 and Tue 15 January, Mon 21 January; member 7 pickets 3 h 30 min each day, member 8 once. */
function facts(): PayFacts {
  const days = [{ id: 1, date: '2019-01-14', label: 'Day 1' }, { id: 2, date: '2019-01-15', label: 'Day 2' }, { id: 3, date: '2019-01-21', label: 'Day 3' }];
  const shifts = days.map((d) => ({ id: 100 + d.id, dayId: d.id, duty: 'picket', where: 'Roosevelt High', startsAt: `${d.date}T14:00:00.000Z`, endsAt: `${d.date}T17:30:00.000Z` }));
  const attendance = [
    ...shifts.map((s) => ({ shiftId: s.id, memberRowId: 7, checkedInAt: s.startsAt, checkedOutAt: s.endsAt })),
    { shiftId: 101, memberRowId: 8, checkedInAt: '2019-01-14T14:00:00.000Z', checkedOutAt: '2019-01-14T17:30:00.000Z' },
  ];
  const members = [{ memberRowId: 7, memberId: 'T-7', name: 'Ana Ruiz' }, { memberRowId: 8, memberId: '=8', name: '@Ben "B" Ode, Jr.' }];
  return { days, shifts, attendance, exceptions: [], members, firstDate: '2019-01-14' };
}

describe('the ledger for a period', () => {
  it('pays counted days up to the weekly maximum', () => {
    // Week of 14 January: member 7 two counted days × $100 = $200; member 8 one day = $100. Total $300.
    const l = periodLedger({ rules: rules(), facts: facts(), periodStart: '2019-01-14', now: LATER });
    expect(l.rows.map((r) => [r.memberId, r.eligibleDays, r.minutes, r.amountCents])).toEqual([['=8', 1, 210, 10_000], ['T-7', 2, 420, 20_000]]);
    expect([l.members, l.totalCents]).toEqual([2, 30_000]);
    expect(l.rows[1].why).toBe('2 days counted × $100.00 = $200.00');
    expect(l.rows[1].whyEs).toBe('2 días contados × $100.00 = $200.00');
    expect(l.rows[0].whyEs).toBe('1 día contado × $100.00 = $100.00');
    // A $150 maximum: 2 × $100 = $200 → $150.
    expect(periodLedger({ rules: rules({ maxPerWeekCents: 15_000 }), facts: facts(), periodStart: '2019-01-14', now: LATER }).rows[1].amountCents).toBe(15_000);
    const capped = periodLedger({ rules: rules({ maxPerWeekCents: 15_000 }), facts: facts(), periodStart: '2019-01-14', now: LATER }).rows[1];
    expect(capped.why).toBe('2 days counted × $100.00 = $200.00, at most $150.00 a week: $150.00');
    expect(capped.whyEs).toBe('2 días contados × $100.00 = $200.00, como máximo $150.00 por semana: $150.00');
  });

  it('holds a week to its minimums', () => {
    // At least 2 shifts: member 7 has 2 (paid $200), member 8 has 1 (not met, $0).
    const l = periodLedger({ rules: rules({ minShiftsPerWeek: 2 }), facts: facts(), periodStart: '2019-01-14', now: LATER });
    expect(l.rows.map((r) => [r.memberId, r.amountCents, r.eligible])).toEqual([['=8', 0, false], ['T-7', 20_000, true]]);
    expect(l.rows[0].why).toBe('the week needs at least 2 shifts (has 1): not met, so its 1 counted day is not paid');
    expect(l.rows[0].whyEs).toBe('la semana necesita al menos 2 turnos (tiene 1): no se cumple, así que su día contado no se paga');
    // Weekly basis, $500 when 7 h on duty: member 7 has 420 min = 7 h → $500; member 8 3 h 30 min → $0.
    const w = periodLedger({ rules: rules({ basis: 'week', amountCents: 50_000, minHoursPerWeek: 7 }), facts: facts(), periodStart: '2019-01-14', now: LATER });
    expect(w.rows.map((r) => r.amountCents)).toEqual([0, 50_000]);
    expect(w.rows.map((r) => r.whyEs)).toEqual(['la semana necesita al menos 7 h de servicio (tiene 3 h 30 min): no se cumple', 'la semana necesita al menos 7 h de servicio (tiene 7 h): se cumple; $500.00 por la semana']);
    // One of two minimums is enough ("any"); "o" is written "u" before 8.
    const any = periodLedger({ rules: rules({ minDaysPerWeek: 2, minShiftsPerWeek: 8, weekTest: 'any' }), facts: facts(), periodStart: '2019-01-14', now: LATER });
    expect(any.rows.map((r) => r.why)).toEqual(['the week needs at least 2 counted days (has 1) or 8 shifts (has 1): not met, so its 1 counted day is not paid', 'the week needs at least 2 counted days (has 2) or 8 shifts (has 2): met; 2 days counted × $100.00 = $200.00']);
    expect(any.rows.map((r) => r.whyEs)).toEqual(['la semana necesita al menos 2 días contados (tiene 1) u 8 turnos (tiene 1): no se cumple, así que su día contado no se paga', 'la semana necesita al menos 2 días contados (tiene 2) u 8 turnos (tiene 2): se cumple; 2 días contados × $100.00 = $200.00']);
  });

  it('applies the first-week rule: unpaid, or paid with the next week', () => {
    const unpaid = periodLedger({ rules: rules({ firstWeek: 'unpaid' }), facts: facts(), periodStart: '2019-01-14', now: LATER });
    expect(unpaid.totalCents).toBe(0);
    expect(unpaid.rows[1].why).toBe('2 days counted × $100.00 = $200.00; the first week of the strike is not paid under the rules');
    expect(unpaid.rows[1].whyEs).toBe('2 días contados × $100.00 = $200.00; según las reglas, la primera semana de la huelga no se paga');
    const r = rules({ firstWeek: 'with-next' });
    const first = periodLedger({ rules: r, facts: facts(), periodStart: '2019-01-14', now: LATER });
    expect(first.rows.map((x) => [x.earnedCents, x.amountCents])).toEqual([[10_000, 0], [20_000, 0]]);
    // Week of 21 January: member 7 earns $100 (one day) plus $200 carried = $300; member 8 only the carried $100.
    const second = periodLedger({ rules: r, facts: facts(), periodStart: '2019-01-21', now: LATER });
    expect(second.rows.map((x) => [x.memberId, x.earnedCents, x.carriedCents, x.amountCents])).toEqual([['=8', 0, 10_000, 10_000], ['T-7', 10_000, 20_000, 30_000]]);
    expect(second.totalCents).toBe(40_000);
    expect(second.rows.map((x) => x.why)).toEqual(['no strike duty this week; plus $100.00 earned in the first week of the strike (the week of 2019-01-14): $100.00', '1 day counted × $100.00 = $100.00; plus $200.00 earned in the first week of the strike (the week of 2019-01-14): $300.00']);
    expect(second.rows.map((x) => x.whyEs)).toEqual(['sin tareas de huelga esta semana; más $100.00 ganados en la primera semana de la huelga (la semana del 2019-01-14): $100.00', '1 día contado × $100.00 = $100.00; más $200.00 ganados en la primera semana de la huelga (la semana del 2019-01-14): $300.00']);
    expect(first.rows[1].whyEs).toBe('2 días contados × $100.00 = $200.00; la primera semana de la huelga se paga con la semana del 2019-01-21');
    // The periods: the two weeks with strike days (the second is also the carry week).
    expect(periodsOf(r, facts().days).map((p) => [p.start, p.end, p.first])).toEqual([['2019-01-14', '2019-01-20', true], ['2019-01-21', '2019-01-27', false]]);
  });

  it('gives a page of rows with the totals of all of them, and counts the members a payout paid differently', () => {
    const input = { rules: rules(), facts: facts(), periodStart: '2019-01-14', now: LATER, offset: 1, limit: 1 };
    // Before a payout: the second row only (T-7, $200), with the totals of both ($300, 2 members), nothing paid, nothing differing.
    const before = ledgerPage({ ...input, paid: null });
    expect(before.rows.map((r) => [r.memberId, r.amountCents, r.paidCents])).toEqual([['T-7', 20_000, null]]);
    expect([before.count, before.members, before.totalCents, before.differing]).toEqual([2, 2, 30_000, 0]);
    // The file paid member 7 $200 (as now), member 8 $50 (now $100) and member 99 $100 (no longer in the ledger): 2 differ.
    const after = ledgerPage({ ...input, offset: 0, limit: 10, paid: [[7, 20_000], [8, 5_000], [99, 10_000]] });
    expect(after.rows.map((r) => [r.memberId, r.amountCents, r.paidCents])).toEqual([['=8', 10_000, 5_000], ['T-7', 20_000, 20_000]]);
    expect(after.differing).toBe(2);
  });
});

describe('the payout file', () => {
  it('has a row per paid member and a total row, quoted by RFC 4180, with formulas defused', () => {
    const l = periodLedger({ rules: rules(), facts: facts(), periodStart: '2019-01-14', now: LATER });
    const { csv, members, totalCents } = payoutCsv(l);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parse(csv, { relax_column_count: false }) as string[][];
    // Sorted by member id: "'=8" (from =8) before "T-7"; names with a comma and quotes round-trip.
    expect(rows).toEqual([
      ['Member ID', 'Name', 'Period start', 'Period end', 'Eligible days', 'Hours', 'Amount', 'Of which carried from the first week'],
      ["'=8", "'@Ben \"B\" Ode, Jr.", '2019-01-14', '2019-01-20', '1', '3.50', '100.00', '0.00'],
      ['T-7', 'Ana Ruiz', '2019-01-14', '2019-01-20', '2', '7.00', '200.00', '0.00'],
      ['Total', '2 members', '2019-01-14', '2019-01-20', '3', '10.50', '300.00', '0.00'],
    ]);
    expect([members, totalCents]).toEqual([2, 30_000]);
    expect(['=1+1', '+1', '-1', '@x', '\tx', 'plain'].map(safeCell)).toEqual(["'=1+1", "'+1", "'-1", "'@x", "'\tx", 'plain']);
    // A spreadsheet reads " =1+1" as a formula too (LibreOffice, seen): white space first is no shield.
    expect([' =1+1', '  @x', ' plain'].map(safeCell)).toEqual(["' =1+1", "'  @x", ' plain']);
  });

  it('totals the Hours column as printed: three rows of 181 minutes print 3.02 each and total 9.06', () => {
    // 181 / 60 = 3.0167 → 3.02 on each row; the rows add up to 9.06, where 543 minutes / 60 = 9.05 would not.
    const row = (n: number): LedgerRow => ({
      memberRowId: n, memberId: `M-${n}`, name: `Member ${n}`, days: [], eligibleDays: 1, minutes: 181, hours: 3.02, shifts: 1,
      eligible: true, earnedCents: 10_000, carriedCents: 0, amountCents: 10_000, why: '', whyEs: '',
    });
    const ledger: PeriodLedger = { period: { start: '2019-01-14', end: '2019-01-20', closesAt: '2019-01-21T08:00:00.000Z', first: false }, rows: [row(1), row(2), row(3)], members: 3, totalCents: 30_000 };
    const rows = parse(payoutCsv(ledger).csv) as string[][];
    expect(rows.slice(1).map((r) => r[5])).toEqual(['3.02', '3.02', '3.02', '9.06']);
  });
});
