/**
 * The strike-pay ledger at a big union's size (issue 14, point 4): the pure computation behind
 * GET /api/pickets/pay/ledger, GET /api/me/strike-pay's weeks and the payout file, for
 * SETTLE_BENCH_MEMBERS members (default 31,800, UTLA's roster in the demo), each on one of
 * 1,000 sites' two shifts (6:30–9:30 picket, 14:00–16:00 picket) on each of five strike days,
 * checked in on 85% of their days. Prints the median of five runs of `periodLedger` and of
 * `payoutCsv`. Never fails on time.
 *
 * Measured (2026-12-05, Node 20, 2 cores): before, each member's day was given every shift of
 * the day (1,712 in the demo) to look up the few they were on, and the GET ledger of the demo's
 * first week answered in 17.8 s, holding the server's thread (this computation: 23.9 s); with only
 * their own shifts, 1.7–2.3 s, SQL reads included (this computation: 1.3 s; docs/pickets.md,
 * "Strike pay"). Since then the route runs it on a costing thread, and the server's thread waits
 * at most 104–233 ms at a time during it.
 *
 *   node --import tsx bench/strike-pay.ts
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_RULES, payoutCsv, periodLedger, type PayFacts } from '../src/pickets/pay.ts';

const MEMBERS = Number(process.env.SETTLE_BENCH_MEMBERS ?? 31_800);
const SITES = 1000;
const DATES = ['2019-01-14', '2019-01-15', '2019-01-16', '2019-01-17', '2019-01-18'];

// Pacific time in January is UTC−8: 6:30 is 14:30Z, 9:30 is 17:30Z, 14:00 is 22:00Z, 16:00 is 00:00Z the next day.
const next = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const days = DATES.map((date, i) => ({ id: i + 1, date, label: `Strike day ${i + 1}` }));
const shifts = days.flatMap((d) => Array.from({ length: SITES }, (_, s) => [
  { id: d.id * 10_000 + s * 2, dayId: d.id, duty: 'picket', where: `School ${s}`, startsAt: `${d.date}T14:30:00.000Z`, endsAt: `${d.date}T17:30:00.000Z` },
  { id: d.id * 10_000 + s * 2 + 1, dayId: d.id, duty: 'picket', where: `School ${s}`, startsAt: `${d.date}T22:00:00.000Z`, endsAt: `${next(d.date)}T00:00:00.000Z` },
]).flat());
const shiftById = new Map(shifts.map((s) => [s.id, s]));
const members = Array.from({ length: MEMBERS }, (_, m) => ({ memberRowId: m + 1, memberId: String(100_000 + m), name: `Member ${(m * 7919) % MEMBERS}` }));
const attendance = members.flatMap((m) => days.flatMap((d) => {
  if ((m.memberRowId * 31 + d.id) % 20 < 3) return []; // 15% of member-days away
  const site = m.memberRowId % SITES;
  const morning = (m.memberRowId + d.id) % 3 !== 0;
  const shiftId = d.id * 10_000 + site * 2 + (morning ? 0 : 1);
  const shift = shiftById.get(shiftId) as (typeof shifts)[number];
  return [{ shiftId, memberRowId: m.memberRowId, checkedInAt: shift.startsAt, checkedOutAt: shift.endsAt }];
}));
const facts: PayFacts = { days, shifts, attendance, exceptions: [], members, firstDate: DATES[0] };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runs = (fn: () => unknown) => median(Array.from({ length: 5 }, () => {
  const t = performance.now();
  fn();
  return performance.now() - t;
}));

console.log(`Strike pay: ${MEMBERS.toLocaleString('en')} members, ${shifts.length.toLocaleString('en')} shifts over ${days.length} days, ${attendance.length.toLocaleString('en')} attendance rows (Node ${process.version})`);
const now = '2019-01-28T00:00:00.000Z';
const ledger = periodLedger({ rules: DEFAULT_RULES, facts, periodStart: DATES[0], now });
console.log(`  periodLedger   ${runs(() => periodLedger({ rules: DEFAULT_RULES, facts, periodStart: DATES[0], now })).toFixed(0).padStart(6)} ms (median of 5)   ${ledger.rows.length.toLocaleString('en')} rows, ${ledger.members.toLocaleString('en')} paid`);
console.log(`  payoutCsv      ${runs(() => payoutCsv(ledger)).toFixed(0).padStart(6)} ms (median of 5)`);
