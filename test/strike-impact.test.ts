import { runCli } from './helpers/cli.ts';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import { serializeDataset } from '../src/district/serialize.ts';
import { writeFiles } from '../src/district/write-folder.ts';
import type { DayImpact, StrikeImpact } from '../src/strike/types.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const TINY = here('./fixtures/tiny-district');
const FIX = (name: string) => here(`./fixtures/strike/${name}`);
const DAYS = FIX('tiny-days.csv');
const RAISE = FIX('tiny-raise.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'settle-strike-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = runCli;

const tinyArgs = ['strike-impact', '--district', TINY, '--days', DAYS, '--striking', 'T=0.75', '--substitutes', '2', '--substitute-rate', '250'];
async function tinyJson(...more: string[]): Promise<StrikeImpact> {
  const r = await run(...tinyArgs, ...more, '--json');
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as StrikeImpact;
}

const sum = (days: DayImpact[], f: (d: DayImpact) => number) => days.reduce((s, d) => s + f(d), 0);
function expectTotalsAreSums(j: StrikeImpact) {
  expect(j.totals.days).toBe(j.days.length);
  expect(j.totals.revenueLostCents).toBe(sum(j.days, (d) => d.revenueLostCents));
  expect(j.totals.payNotPaidCents).toBe(sum(j.days, (d) => d.payNotPaidCents));
  expect(j.totals.substitutesCents).toBe(sum(j.days, (d) => d.substitutesCents));
  expect(j.totals.otherCostsCents).toBe(sum(j.days, (d) => d.otherCostsCents));
  expect(j.totals.netCents).toBe(sum(j.days, (d) => d.netCents));
  for (const d of j.days) {
    expect(d.payNotPaidCents).toBe(d.payNotPaid.reduce((s, u) => s + u.payCents + u.statutoryCents, 0));
    expect(d.netCents).toBe(d.revenueLostCents - d.payNotPaidCents + d.substitutesCents + d.otherCostsCents);
  }
  const { days: _days, from, to, ...totals } = j.totals;
  expect(j.days[j.days.length - 1].running).toEqual(totals);
  // The totals name the days they cover.
  expect([from, to]).toEqual([j.days[0].date, j.days[j.days.length - 1].date]);
}

// The tiny district (test/fixtures/tiny-district, base year 2018-19; see test/helpers/tiny.ts):
//   enrollment 320 + 160 + 525 + 800 = 1,805 students; normal attendance 1,805 × 95% = 1,714.75 a day;
//   revenue per ADA $10,000 and 180 instructional days: $10,000 ÷ 180 = $55.555… per student-day.
//   Unit T daily pay 2018-19: all groups work 180 days, 3,940,000 ÷ 180 = $21,888.888… → $21,888.89; 69 members.
//     Statutory 16% + 1.5% = 17.5%.
//   Unit C daily pay 2018-19: assistants 46,080 ÷ 180 + 48,960 ÷ 180 = 256 + 272; custodians 120,960 ÷ 240
//     + 57,600 ÷ 240 = 504 + 240; total $1,272.00; 13 members. Statutory 18% + 6% + 1.5% = 25.5%.
// tiny-days.csv, run with --striking T=0.75 --substitutes 2 --substitute-rate 250 (defaults for empty cells):
//   day 1 2019-03-04: 600 attending, T share 1, C empty (no default: 0), 4 substitutes at $300, no other costs
//   day 2 2019-03-05: 800 attending, T share 0.4, substitutes empty → 2 at $250, other costs $1,000
//   day 3 2019-03-06: 1,000 attending, T empty → 0.75, C 0.25, 2 substitutes, rate empty → $250
describe('settle strike-impact on the tiny district (figures derived by hand)', () => {
  it('costs each day: revenue lost, pay not paid with statutory benefits, substitutes, other costs and the net', async () => {
    const j = await tinyJson();
    expect(j.years).toHaveLength(1);
    expect(j.years[0]).toMatchObject({ fy: '2018-19', enrollment: 1805, normalAttendance: 1714.75, instructionalDays: 180, revenuePerAdaCents: 1_000_000 });
    expect(j.years[0].units).toEqual([
      { unit: 'T', kind: 'certificated', members: 69, dailyPayCents: 2_188_889, perMemberCents: 31_723, statutoryPct: 17.5 }, // 21,888.888… ÷ 69 = 317.23
      { unit: 'C', kind: 'classified', members: 13, dailyPayCents: 127_200, perMemberCents: 9_785, statutoryPct: 25.5 }, // 1,272 ÷ 13 = 97.846…
    ]);
    const [d1, d2, d3] = j.days;
    // Day 1: (1,714.75 − 600) × 10,000 ÷ 180 = 1,114.75 × 55.555… = 61,930.555… → $61,930.56.
    //   T: 1 × 21,888.89 = 21,888.89; statutory 21,888.89 × 17.5% = 3,830.5558 → 3,830.56; pay not paid 25,719.45.
    //   Substitutes 4 × 300 = 1,200. Net 61,930.56 − 25,719.45 + 1,200 = 37,411.11.
    expect(d1).toMatchObject({ day: 1, line: 2, date: '2019-03-04', weekday: 'Monday', adaLost: 6.1931, revenueLostCents: 6_193_056, payNotPaidCents: 2_571_945, substitutesCents: 120_000, otherCostsCents: 0, netCents: 3_741_111 });
    expect(d1.payNotPaid).toEqual([{ unit: 'T', share: 1, strikers: 69, payCents: 2_188_889, statutoryCents: 383_056 }]);
    // Day 2: 914.75 × 55.555… = 50,819.444… → 50,819.44. T: 0.4 × 21,888.89 = 8,755.556 → 8,755.56;
    //   statutory × 17.5% = 1,532.223 → 1,532.22; pay not paid 10,287.78. Substitutes 2 × 250 = 500; other 1,000.
    //   Net 50,819.44 − 10,287.78 + 500 + 1,000 = 42,031.66.
    expect(d2).toMatchObject({ revenueLostCents: 5_081_944, payNotPaidCents: 1_028_778, substitutes: 2, substituteRateCents: 25_000, substitutesCents: 50_000, otherCostsCents: 100_000, netCents: 4_203_166 });
    expect(d2.payNotPaid).toEqual([{ unit: 'T', share: 0.4, strikers: 27.6, payCents: 875_556, statutoryCents: 153_222 }]);
    // Day 3: 714.75 × 55.555… = 39,708.333… → 39,708.33. T: 0.75 × 21,888.89 = 16,416.6675 → 16,416.67,
    //   statutory 2,872.917 → 2,872.92; C: 0.25 × 1,272 = 318.00, statutory 25.5% = 81.09;
    //   pay not paid 16,416.67 + 2,872.92 + 318 + 81.09 = 19,688.68. Substitutes 2 × 250 = 500.
    //   Net 39,708.33 − 19,688.68 + 500 = 20,519.65.
    expect(d3).toMatchObject({ revenueLostCents: 3_970_833, payNotPaidCents: 1_968_868, substitutesCents: 50_000, netCents: 2_051_965 });
    expect(d3.payNotPaid).toEqual([
      { unit: 'T', share: 0.75, strikers: 51.75, payCents: 1_641_667, statutoryCents: 287_292 },
      { unit: 'C', share: 0.25, strikers: 3.25, payCents: 31_800, statutoryCents: 8_109 },
    ]);
    // Running net: 37,411.11; + 42,031.66 = 79,442.77; + 20,519.65 = 99,962.42.
    expect(j.days.map((d) => d.running.netCents)).toEqual([3_741_111, 7_944_277, 9_996_242]);
    // Totals: revenue 61,930.56 + 50,819.44 + 39,708.33 = 152,458.33; pay not paid 25,719.45 + 10,287.78
    //   + 19,688.68 = 55,695.91; substitutes 2,200; other 1,000; net 152,458.33 − 55,695.91 + 3,200 = 99,962.42.
    expect(j.totals).toEqual({ days: 3, from: '2019-03-04', to: '2019-03-06', revenueLostCents: 15_245_833, payNotPaidCents: 5_569_591, substitutesCents: 220_000, otherCostsCents: 100_000, netCents: 9_996_242 });
    expectTotalsAreSums(j);
  });

  it('gives the members\' side: a day\'s pay of the average member and by role, over the days the unit struck', async () => {
    const j = await tinyJson();
    // T struck on all 3 days: 317.23 × 3 = 951.69. Teachers: (3,940,000 − 82,000) ÷ 180 = 21,433.33 ÷ 68
    //   = 315.196… → 315.20, × 3 = 945.60; the nurse: 82,000 ÷ 180 = 455.555… → 455.56, × 3 = 1,366.68.
    // C struck on day 3 only: 97.85. Assistants (256 + 272) ÷ 8 = 66.00; custodians (504 + 240) ÷ 5 = 148.80.
    expect(j.members).toEqual([
      { unit: 'T', members: 69, strikeDays: 3, perMemberPerDayCents: 31_723, lostPerMemberCents: 95_169, roles: [
        { role: 'nurse', members: 1, perMemberPerDayCents: 45_556, lostPerMemberCents: 136_668 },
        { role: 'teacher', members: 68, perMemberPerDayCents: 31_520, lostPerMemberCents: 94_560 },
      ] },
      { unit: 'C', members: 13, strikeDays: 1, perMemberPerDayCents: 9_785, lostPerMemberCents: 9_785, roles: [
        { role: 'assistant', members: 8, perMemberPerDayCents: 6_600, lostPerMemberCents: 6_600 },
        { role: 'custodian', members: 5, perMemberPerDayCents: 14_880, lostPerMemberCents: 14_880 },
      ] },
    ]);
    expect(j.payback).toBeNull();
  });

  it('with --proposal, counts the months of its ongoing raise that repay a striking member', async () => {
    const j = await tinyJson('--proposal', RAISE);
    // Dated 2019-03-01, so its first full year is 2019-20. Unit T pay 2019-20 is 4,022,000 (test/helpers/tiny.ts);
    //   the 3% raise from 2019-07-01 adds 120,660.00 a year, ongoing. ÷ 69 members ÷ 12 = 145.7246 → $145.72 a month.
    //   Lost 951.69 ÷ 145.72 = 6.53 → 6.5 months. The $300 bonus is one-time: 300 × 69 ÷ 69 = $300 a member.
    expect(j.payback).toEqual({
      proposal: { id: 'tiny-raise-2019', title: 'Union proposal of March 1, 2019 (strike test)', unit: 'T', date: '2019-03-01' },
      fy: '2019-20', ongoingSalaryCents: 12_066_000, members: 69, monthlyPerMemberCents: 14_572,
      lostPerMemberCents: 95_169, months: 6.5, oneTimePerMemberCents: 30_000,
    });
    const table = await run(...tinyArgs, '--proposal', RAISE);
    expect(table.out).toContain('repaid in 6.5 months of the raise ($951.69 ÷ $145.72)');
  });

  it('prints one row per day and the totals as a table by default, with the formula', async () => {
    const r = await run(...tinyArgs);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^1 +Mon 2019-03-04 +600 +\$61,930\.56 +\$25,719\.45 +\$1,200\.00 +\$0\.00 +\$37,411\.11 +\$37,411\.11$/m);
    expect(r.out).toMatch(/^Total +\$152,458\.33 +\$55,695\.91 +\$2,200\.00 +\$1,000\.00 +\$99,962\.42$/m);
    expect(r.out).toContain('normal attendance = 1,805 enrolled × 95% = 1,714.75 students a day');
    expect(r.out).toContain('revenue lost = (1,714.75 − students attending) ÷ 180 instructional days × $10,000.00 revenue per ADA');
    expect(r.out).toContain('Health and welfare benefits continue during a strike');
  });

  it('gives byte-identical JSON for the same input', async () => {
    const a = await run(...tinyArgs, '--proposal', RAISE, '--json');
    const b = await run(...tinyArgs, '--proposal', RAISE, '--json');
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
  });

  it('warns, and counts the day as written, when a date falls on a weekend or does not match its weekday', async () => {
    const r = await run('strike-impact', '--district', TINY, '--days', FIX('weekend.csv'), '--striking', 'T=1', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).days).toHaveLength(2);
    expect(r.err).toContain(`settle: warning: ${FIX('weekend.csv')}:3:1 date: 2019-03-09 is a Saturday`);
    expect(r.err).toContain(`${FIX('weekend.csv')}:3:2 weekday: weekday says "Fri" but 2019-03-09 is a Saturday`);
  });

  it('warns when no unit is on strike: pay not paid is then $0', async () => {
    const r = await run('strike-impact', '--district', TINY, '--days', FIX('weekend.csv'));
    expect(r.code).toBe(0);
    expect(r.err).toContain('no unit has a striking share above 0 on any day');
  });
});

describe('settle strike-impact: bad input', () => {
  const bad = async (fixture: string) => {
    const r = await run('strike-impact', '--district', TINY, '--days', FIX(fixture), '--json');
    expect(r.code).toBe(3);
    // No result: with --json only the error, as JSON, its problems those stderr lists.
    const { error } = JSON.parse(r.out) as { error: { kind: string; problems: { code: string }[] } };
    expect([error.kind, error.problems.length > 0]).toEqual(['invalid-input', true]);
    return r.err;
  };

  it('a days file without a date column: line 1, column 1', async () => {
    expect(await bad('missing-date.csv')).toContain(`${FIX('missing-date.csv')}:1:1 date: the header has no "date" column. Example: date,students_attending,strike_share_T`);
  });

  it('a share above 1: the cell, line 3 column 3', async () => {
    expect(await bad('share-above-one.csv')).toContain(`${FIX('share-above-one.csv')}:3:3 strike_share_T: strike_share_T must be a share from 0 to 1, got 1.5. Example: 0.9`);
  });

  it('a share column for a unit the dataset does not have: line 1, column 4', async () => {
    expect(await bad('unknown-unit.csv')).toContain(`${FIX('unknown-unit.csv')}:1:4 strike_share_TEACHERS: the dataset has no bargaining unit "TEACHERS" (its units: T, C). Example: strike_share_T`);
  });

  it('a date outside the dataset\'s years', async () => {
    expect(await bad('outside-years.csv')).toContain(`${FIX('outside-years.csv')}:3:1 date: 2017-03-06 is in 2016-17, outside the dataset's years 2018-19 to 2021-22`);
  });

  it('usage mistakes exit 2 and name the option', async () => {
    expect((await run('strike-impact', '--district', TINY)).err).toContain('--days is required');
    const share = await run('strike-impact', '--district', TINY, '--days', DAYS, '--striking', 'T=1.5');
    expect(share.code).toBe(2);
    expect(share.err).toContain('--striking takes UNIT=SHARE with a share from 0 to 1, got "T=1.5"');
    const unit = await run('strike-impact', '--district', TINY, '--days', DAYS, '--striking', 'X=1');
    expect(unit.code).toBe(2);
    expect(unit.err).toContain('the dataset has no bargaining unit "X" (its units: T, C)');
  });

  it('a missing days file is reported with the dataset\'s problems, exit 3', async () => {
    const r = await run('strike-impact', '--district', TINY, '--days', join(tmp, 'none.csv'));
    expect(r.code).toBe(3);
    expect(r.err).toContain(`${join(tmp, 'none.csv')}: no such strike-days file`);
  });
});

// The published 2019 file (LAUSD via CBS Los Angeles) sits in the shared data folder, a sibling
// of the repository folder: <root>/shared/data next to <root>/main.
const PUBLISHED = here('../../shared/data/published_figures/lausd_2019_utla_strike_daily.csv');
const havePublished = existsSync(PUBLISHED);
const missing = `published strike figures not found at ${PUBLISHED} (the shared/ folder next to the repository); skipping the 2019 run`;
if (!havePublished && process.env.CI) it('has the published 2019 strike file', () => expect.fail(missing));
else if (!havePublished) console.warn(missing);

describe.skipIf(!havePublished)('settle strike-impact on the published 2019 UTLA strike days and the LAUSD demo', () => {
  let dir: string | undefined;
  const demo = () => {
    if (!dir) {
      dir = join(tmp, 'lausd');
      writeFiles(dir, serializeDataset(generateDistrict(lausdSpec())));
    }
    return dir;
  };

  it('reads the file as published and costs its six days', async () => {
    const r = await run('strike-impact', '--district', demo(), '--days', PUBLISHED, '--striking', 'UTLA=1', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as StrikeImpact;
    expect(j.days.map((d) => d.date)).toEqual(['2019-01-14', '2019-01-15', '2019-01-16', '2019-01-17', '2019-01-18', '2019-01-22']);
    expect(j.days.map((d) => d.studentsAttending)).toEqual([156_774, 171_480, 134_724, 84_160, 87_559, 110_881]);
    // Demo: 500,000 students × 95% = 475,000 a normal day; $12,700 per ADA ÷ 180 days.
    // Day 1: (475,000 − 156,774) × 12,700 ÷ 180 = 318,226 × 70.555… = $22,452,612.22.
    expect(j.days[0].normalAttendance).toBe(475_000);
    expect(j.days[0].revenueLostCents).toBe(2_245_261_222);
    // Six days: 6 × 475,000 − 745,578 attending = 2,104,422 student-days × 70.555… = $148,478,663.3…
    //   (each day rounded to cents: $148,478,663.32).
    expect(j.totals.revenueLostCents).toBe(14_847_866_332);
    expect(j.members.map((m) => [m.unit, m.members, m.strikeDays])).toEqual([['UTLA', 31_800, 6]]);
    expectTotalsAreSums(j);
  });

  it('prints the table with the members\' side and the settlement\'s payback', async () => {
    const r = await run('strike-impact', '--district', demo(), '--days', PUBLISHED, '--striking', 'UTLA=1', '--proposal', here('../examples/lausd-2019/settlement-2019-01-22.yaml'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^6 +Tue 2019-01-22 +110,881 /m);
    expect(r.out).toContain('UTLA (average member)');
    expect(r.out).toMatch(/repaid in \d+(\.\d)? months of the raise/);
  });
});
