import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StrikeImpact } from '../../strike/types.ts';
import { runCli } from '../../../test/helpers/cli.ts';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { tinyDistrictFiles } from '../../../test/helpers/security.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { plantSiteDay, type PlantSiteStatus } from '../../../test/helpers/site-day.ts';

// The tiny district (test/fixtures/tiny-district; figures derived in test/strike-impact.test.ts):
//   schools E1 (320 enrolled, CDS 99999990000001), E2 (160), M1 (525), H1 (800): 1,805 students,
//   1,714.75 attending a normal day, $10,000 per ADA over 180 days. Unit T: $21,888.89 a day, statutory 17.5%.
const TINY = fileURLToPath(new URL('../../../test/fixtures/tiny-district', import.meta.url));
const site = (schoolId: string, status: PlantSiteStatus['status'], studentsAttending: number | null, substitutes: number): PlantSiteStatus =>
  ({ schoolId, name: `School ${schoolId}`, status, studentsAttending, substitutes });

eachDatabase('the day\'s cost', (dialect) => {
  let s: TestServer;
  let admin: Client;
  let analyst: Client;
  let versionId: number;
  let day1: number;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.as('district', 'admin');
    analyst = await s.as('district', 'budget-analyst');
    const up = await admin.request('POST', '/api/datasets', { name: 'Tiny', files: tinyDistrictFiles() });
    expect(up.status).toBe(201);
    versionId = up.body.version.id;
    const person = await s.handle.db.selectFrom('people').select('id').where('email', '=', 'admin@district.test').executeTakeFirstOrThrow();
    const base = { organizationId: s.orgId.district, datasetVersionId: versionId, personId: person.id };
    // Day 1: classes at E1 (300), M1 (no figure yet) and H1 (300) = 600 attending; E2 supervises
    // children without classes; 2 + 1 + 0 + 1 = 4 substitutes at $300; UTLA-like unit T all out.
    day1 = (await plantSiteDay(s.handle.db, s.deps.ids, { ...base, date: '2019-03-04', label: 'Day 1', shares: { T: 1 }, substituteDayRateCents: 30_000,
      sites: [site('E1', 'instruction', 300, 2), site('E2', 'supervision', null, 1), site('M1', 'instruction', null, 0), site('H1', 'instruction', 300, 1)] })).dayId;
    // Day 2: 100 + 100 + 200 + 400 = 800 attending; 2 substitutes at $250; T 40% out; $1,000 other costs.
    await plantSiteDay(s.handle.db, s.deps.ids, { ...base, date: '2019-03-05', label: 'Day 2', shares: { T: 0.4 }, substituteDayRateCents: 25_000, otherCostsCents: 100_000,
      sites: [site('E1', 'instruction', 100, 1), site('E2', 'instruction', 100, 0), site('M1', 'instruction', 200, 1), site('H1', 'instruction', 400, 0)] });
    // A cancelled day does not count.
    const cancelled = await plantSiteDay(s.handle.db, s.deps.ids, { ...base, date: '2019-03-06', shares: { T: 1 }, sites: [site('E1', 'instruction', 1, 0)] });
    await s.handle.db.updateTable('site_days').set({ cancelled_at: '2026-01-15T16:00:00.000Z' }).where('id', '=', cancelled.dayId).execute();
  }, 60_000);
  afterAll(async () => s?.close());

  const snapshot = async () => ({
    sites: await s.handle.db.selectFrom('site_statuses').select(['school_id', 'students_attending', 'version']).where('day_id', '=', day1).orderBy('school_id').execute(),
    day: await s.handle.db.selectFrom('site_days').select('version').where('id', '=', day1).executeTakeFirstOrThrow(),
    changes: (await s.handle.db.selectFrom('site_changes').select('id').where('day_id', '=', day1).execute()).length,
    audit: (await s.handle.db.selectFrom('audit_log').select('id').where('organization_id', '=', s.orgId.district).execute()).length,
  });

  it('costs each day from its sites as settle strike-impact does, with running totals and the sites holding classes still without attendance', async () => {
    const r = await analyst.request('GET', '/api/sites/cost');
    expect(r.status).toBe(200);
    expect(r.body.days.map((d: { inputs: { date: string } }) => d.inputs.date)).toEqual(['2019-03-04', '2019-03-05']);
    const [d1, d2] = r.body.days;
    expect(d1.inputs).toMatchObject({ studentsAttending: 600, attendanceNotCounted: 0, substitutes: 4, substituteRateCents: 30_000, openSites: 4, classSitesWithoutAttendance: 1, shares: { T: 1 } });
    // Day 1: (1,714.75 − 600) × 10,000 ÷ 180 = $61,930.56; T 21,888.89 + 17.5% 3,830.56 = 25,719.45 not paid;
    //   4 × $300 = 1,200; net 61,930.56 − 25,719.45 + 1,200 = $37,411.11.
    expect(d1.impact).toMatchObject({ day: 1, revenueLostCents: 6_193_056, payNotPaidCents: 2_571_945, substitutesCents: 120_000, otherCostsCents: 0, netCents: 3_741_111 });
    // Day 2: 914.75 × 55.555… = $50,819.44; T 0.4 × 21,888.89 = 8,755.56 + 1,532.22 = 10,287.78; 2 × 250 = 500; other 1,000;
    //   net 50,819.44 − 10,287.78 + 500 + 1,000 = $42,031.66. Running net 37,411.11 + 42,031.66 = $79,442.77.
    expect(d2.impact).toMatchObject({ day: 2, revenueLostCents: 5_081_944, payNotPaidCents: 1_028_778, substitutesCents: 50_000, otherCostsCents: 100_000, netCents: 4_203_166 });
    expect(d2.impact.running).toEqual({ revenueLostCents: 11_275_000, payNotPaidCents: 3_600_723, substitutesCents: 170_000, otherCostsCents: 100_000, netCents: 7_944_277 });
    expect(r.body.totals).toEqual({ days: 2, from: '2019-03-04', to: '2019-03-05', ...d2.impact.running });
    expect(r.body.classSitesWithoutAttendance).toBe(1);
    expect(r.body.datasetVersionIds).toEqual([versionId]);
  });

  it('gives the days file settle strike-impact reads, every cell filled', async () => {
    const r = await analyst.request('GET', '/api/sites/cost.csv');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    expect(r.body).toBe([
      'date,students_attending,strike_share_T,strike_share_C,substitutes,substitute_day_rate,other_costs,note',
      '2019-03-04,600,1,0,4,300.00,0.00,Day 1',
      '2019-03-05,800,0.4,0,2,250.00,1000.00,Day 2',
      '',
    ].join('\n'));
  });

  it('answers a union 404, a negotiator 403 and nobody 401; only a planner imports attendance', async () => {
    const union = await s.as('teachers', 'admin');
    for (const path of ['/api/sites/cost', '/api/sites/cost.csv']) {
      expect((await union.request('GET', path)).status).toBe(404);
      expect((await (await s.as('district', 'negotiator')).request('GET', path)).status).toBe(403);
      expect((await s.anonymous().request('GET', path)).status).toBe(401);
    }
    const before = await snapshot();
    const csv = 'school_id,students_attending\nE2,10\n';
    expect((await union.request('POST', `/api/sites/days/${day1}/attendance`, { csv })).status).toBe(404);
    expect((await analyst.request('POST', `/api/sites/days/${day1}/attendance`, { csv })).status).toBe(403);
    expect((await (await s.as('otherDistrict', 'admin')).request('POST', `/api/sites/days/${day1}/attendance`, { csv })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file with unknown schools, duplicates, bad counts or more than enrolled, naming each line, and changes nothing', async () => {
    const before = await snapshot();
    const csv = ['school_id,students_attending', 'E1,10', 'X9,5', 'E1,12', 'E2,-3', 'M1,2.5', 'H1,801', 'E2,'].join('\n');
    const r = await admin.request('POST', `/api/sites/days/${day1}/attendance`, { csv });
    expect(r.status).toBe(422);
    expect(r.body.problems.map((p: { code: string; where: { line: number; field: string } }) => [p.where.line, p.where.field, p.code])).toEqual([
      [3, 'school_id', 'attendance.unknown-school'],
      [4, 'school_id', 'attendance.duplicate'],
      [5, 'students_attending', 'attendance.not-a-count'],
      [6, 'students_attending', 'attendance.not-a-count'],
      [7, 'students_attending', 'attendance.more-than-enrolled'], // H1 has 800 enrolled
      [8, 'school_id', 'attendance.duplicate'], // E2 already on line 5
    ]);
    expect(r.body.problems[4].message).toBe('801 students attending is more than the 800 enrolled at School H1 (the dataset\'s enrollment)');
    expect(r.body.problems.every((p: { hint?: string }) => typeof p.hint === 'string' && p.hint.length > 0)).toBe(true);
    const preview = await admin.request('POST', `/api/sites/days/${day1}/attendance`, { csv, preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body.problems).toHaveLength(6);
    expect((await admin.request('POST', `/api/sites/days/${day1}/attendance`, { csv: 'school,students\nE1,3\n' })).status).toBe(422);
    expect((await admin.request('POST', `/api/sites/days/${day1}/attendance`, { csv: 'students_attending\n3\n' })).body.code).toBe('attendance.csv-missing-column');
    expect((await admin.request('POST', `/api/sites/days/${day1}/attendance`, { csv: 12 })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('previews, then imports by CDS code in one change: sites, plan version, one batch of changes, an audit entry; the cost follows', async () => {
    const before = await snapshot();
    // E1 stays 300 (no change), E2 (supervision, no classes) gets its first figure 150, H1 goes 300 → 320.
    const csv = 'cds_code,students_attending,name\n99999990000001,300,Alder\n99999990000002,150,Birch\n99999990000004,320,Dogwood\n';
    const preview = await admin.request('POST', `/api/sites/days/${day1}/attendance`, { csv, preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ preview: true, rows: 3, matched: 3, changes: 2, problems: [], version: null });
    expect(preview.body.sites.map((x: { schoolId: string; before: number | null; after: number }) => [x.schoolId, x.before, x.after])).toEqual([['E1', 300, 300], ['E2', null, 150], ['H1', 300, 320]]);
    expect(await snapshot()).toEqual(before);

    const done = await admin.request('POST', `/api/sites/days/${day1}/attendance`, { csv });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ preview: false, changes: 2, version: before.day.version + 1 });
    const after = await snapshot();
    expect(after.sites.map((x) => [x.school_id, x.students_attending, x.version])).toEqual([['E1', 300, 1], ['E2', 150, 2], ['H1', 320, 2], ['M1', null, 1]]);
    expect(after.audit).toBe(before.audit + 1);
    const changes = await s.handle.db.selectFrom('site_changes').selectAll().where('day_id', '=', day1).orderBy('school_id').execute();
    expect(changes.map((c) => [c.school_id, c.kind, c.plan_version, JSON.parse(c.before), JSON.parse(c.after)])).toEqual([
      ['E2', 'attendance', 2, { studentsAttending: null }, { studentsAttending: 150 }],
      ['H1', 'attendance', 2, { studentsAttending: 300 }, { studentsAttending: 320 }],
    ]);
    expect(new Set(changes.map((c) => c.batch)).size).toBe(1);
    expect(changes.map((c) => c.id)).toContain(changes[0].batch);

    // Day 1 now: classes 300 + 320 = 620 attending (E2's 150 were supervised, not taught: shown,
    //   not counted): (1,714.75 − 620) × 55.555… = 1,094.75 × 55.555… = $60,819.44;
    //   net 60,819.44 − 25,719.45 + 1,200 = $36,299.99; M1 still has no figure.
    const cost = await analyst.request('GET', '/api/sites/cost');
    expect(cost.body.days[0].impact).toMatchObject({ studentsAttending: 620, revenueLostCents: 6_081_944, netCents: 3_629_999 });
    expect(cost.body.days[0].inputs).toMatchObject({ studentsAttending: 620, attendanceNotCounted: 150 });
    expect([cost.body.classSitesWithoutAttendance, cost.body.attendanceNotCounted]).toEqual([1, 150]);
  });

  it('costs days on two dataset versions each on its own, says so, and asks which version the days file is for', async () => {
    const up = await admin.request('POST', '/api/datasets', { name: 'Tiny again', files: tinyDistrictFiles() });
    expect(up.status).toBe(201);
    const second: number = up.body.version.id;
    const person = await s.handle.db.selectFrom('people').select('id').where('email', '=', 'admin@district.test').executeTakeFirstOrThrow();
    await plantSiteDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.district, datasetVersionId: second, personId: person.id, date: '2019-03-07', label: 'Day 3', shares: { T: 1 }, substituteDayRateCents: 30_000,
      sites: [site('E1', 'instruction', 600, 4)] });
    const cost = await analyst.request('GET', '/api/sites/cost');
    expect(cost.body.datasetVersionIds).toEqual([versionId, second]);
    expect(cost.body.warnings.map((w: { code: string }) => w.code)).toContain('site.cost-several-datasets');
    // Day 3 on the same tiny data as day 1 before the import: $37,411.11; running net 36,299.99 + 42,031.66 + 37,411.11 = $115,742.76.
    expect(cost.body.days[2].impact).toMatchObject({ day: 3, netCents: 3_741_111, running: { netCents: 11_574_276 } });
    const refused = await analyst.request('GET', '/api/sites/cost.csv');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'site.cost-several-datasets', hint: `/api/sites/cost.csv?datasetVersionId=${versionId}` });
    const one = await analyst.request('GET', `/api/sites/cost.csv?datasetVersionId=${second}`);
    expect(one.status).toBe(200);
    expect(one.body.split('\n').slice(1, -1)).toEqual(['2019-03-07,600,1,0,4,300.00,0.00,Day 3']);
    expect((await analyst.request('GET', '/api/sites/cost.csv?datasetVersionId=123456')).status).toBe(404);
    expect((await analyst.request('GET', '/api/sites/cost.csv?datasetVersionId=abc')).status).toBe(400);
  });

  it('starts another strike after more than 14 days without a strike day: its own day numbers, running totals and totals', async () => {
    const person = await s.handle.db.selectFrom('people').select('id').where('email', '=', 'admin@district.test').executeTakeFirstOrThrow();
    // 2019-03-07 to 2019-05-06 is 60 days: a strike of its own (as LAUSD's 2019 and 2023 strikes are two).
    await plantSiteDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.district, datasetVersionId: versionId, personId: person.id, date: '2019-05-06', label: 'Another strike', shares: { T: 1 }, substituteDayRateCents: 30_000,
      sites: [site('E1', 'instruction', 600, 4)] });
    const cost = await analyst.request('GET', '/api/sites/cost');
    expect(cost.body.strikes.map((x: { from: string; to: string; totals: { days: number } }) => [x.from, x.to, x.totals.days])).toEqual([['2019-03-04', '2019-03-07', 3], ['2019-05-06', '2019-05-06', 1]]);
    const last = cost.body.days[3];
    // The same tiny data as day 1: net $37,411.11, day 1 of its strike, running from zero.
    expect(last).toMatchObject({ strike: 1, impact: { day: 1, netCents: 3_741_111, running: { netCents: 3_741_111 } } });
    // The first strike's totals are its three days' (running net $115,742.76 above); the answer's totals are the latest strike's.
    expect(cost.body.strikes[0].totals.netCents).toBe(11_574_276);
    expect(cost.body.totals).toEqual(cost.body.strikes[1].totals);
    // Sites without attendance and children not counted, each strike its own: the first strike's
    //   M1 on day 1 (no figure) and E2's 150 supervised on day 1 (the import above); the second has
    //   neither (E1 holds classes with 600). Over both, as before: 1 and 150.
    expect(cost.body.strikes.map((x: { classSitesWithoutAttendance: number; attendanceNotCounted: number }) => [x.classSitesWithoutAttendance, x.attendanceNotCounted])).toEqual([[1, 150], [0, 0]]);
    expect([cost.body.classSitesWithoutAttendance, cost.body.attendanceNotCounted]).toEqual([1, 150]);
  });

  it('gives one strike\'s days file (from, to): settle strike-impact on it totals that strike to the cent, with the same warnings, and no formula runs in a spreadsheet', async () => {
    const person = await s.handle.db.selectFrom('people').select('id').where('email', '=', 'admin@district.test').executeTakeFirstOrThrow();
    // A Saturday (2019-05-06 is a Monday) in the second strike, labelled as a formula, with 300 + 150 + 500 + 800 = 1,750
    //   attending, each at most its school's enrollment but more than the district's normal day (1,714.75).
    const evil = '=HYPERLINK("http://evil.example","click")';
    await plantSiteDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.district, datasetVersionId: versionId, personId: person.id, date: '2019-05-11', label: evil, shares: { T: 1 }, substituteDayRateCents: 30_000,
      sites: [site('E1', 'instruction', 300, 1), site('E2', 'instruction', 150, 0), site('M1', 'instruction', 500, 0), site('H1', 'instruction', 800, 0)] });
    const cost = await analyst.request('GET', '/api/sites/cost');
    const strike = cost.body.strikes[1];
    expect([strike.from, strike.to, strike.totals.days]).toEqual(['2019-05-06', '2019-05-11', 2]);
    const saturday = cost.body.days.find((d: { inputs: { date: string } }) => d.inputs.date === '2019-05-11');
    expect(saturday.warnings.map((w: { code: string; where: { field: string } }) => [w.code, w.where.field])).toEqual([['strike.more-than-normal', 'students_attending'], ['strike.weekend', 'date']]);
    expect(cost.body.days.filter((d: { warnings: unknown[] }) => d.warnings.length > 0)).toHaveLength(1);

    // The dataset version's days are 2019-03-04, 03-05, 05-06 and 05-11: four, where the strike has two.
    const whole = await analyst.request('GET', `/api/sites/cost.csv?datasetVersionId=${versionId}`);
    expect(whole.body.split('\n').slice(1, -1)).toHaveLength(4);
    const file = await analyst.request('GET', `/api/sites/cost.csv?from=${strike.from}&to=${strike.to}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('strike-days-2019-05-06-to-2019-05-11');
    expect(file.body.split('\n').slice(1, -1)).toEqual([
      '2019-05-06,600,1,0,4,300.00,0.00,Another strike',
      '2019-05-11,1750,1,0,1,300.00,0.00,"\'=HYPERLINK(""http://evil.example"",""click"")"',
    ]);
    expect((await analyst.request('GET', `/api/sites/cost.csv?datasetVersionId=${versionId}&from=${strike.from}&to=${strike.to}`)).body).toBe(file.body);

    const dir = mkdtempSync(join(tmpdir(), 'settle-cost-'));
    try {
      writeFileSync(join(dir, 'days.csv'), file.body as string);
      const cli = await runCli('strike-impact', '--district', TINY, '--days', join(dir, 'days.csv'), '--json');
      expect(cli.code).toBe(0);
      const j = JSON.parse(cli.out) as StrikeImpact;
      expect(j.totals).toEqual(strike.totals);
      expect(j.days.map((d) => d.note)).toEqual(['Another strike', `'${evil}`]);
      expect(j.warnings.map((w) => [w.code, w.message])).toEqual(saturday.warnings.map((w: { code: string; message: string }) => [w.code, w.message]));
      expect(cli.err).toContain('strike.weekend');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Bad dates are named by field and say what a valid one looks like.
    const feb30 = await analyst.request('GET', '/api/sites/cost.csv?from=2019-02-30');
    expect([feb30.status, feb30.body.where?.field]).toEqual([400, 'from']);
    expect(feb30.body.message).toContain('2019-01-14');
    expect([(await analyst.request('GET', '/api/sites/cost.csv?to=May')).body.where?.field]).toEqual(['to']);
    // A range with no strike day in it: no file of no days (settle strike-impact would refuse it), but where the days are.
    const none = await analyst.request('GET', '/api/sites/cost.csv?from=1900-01-01&to=1900-01-02');
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'site.cost-no-days', message: 'no strike day of the district falls from 1900-01-01 to 1900-01-02', where: { field: 'from' } });
    expect(none.body.hint).toMatch(/^\/api\/sites\/cost\.csv\?from=2019-\d\d-\d\d&to=2019-\d\d-\d\d /);
    const backwards = await analyst.request('GET', '/api/sites/cost.csv?from=2019-05-11&to=2019-05-06');
    expect([backwards.status, backwards.body.code, backwards.body.where?.field]).toEqual([400, 'site.cost-dates-backwards', 'to']);
    // The first strike spans both dataset versions: its file still asks which.
    expect((await analyst.request('GET', '/api/sites/cost.csv?from=2019-03-04&to=2019-03-07')).status).toBe(409);
  });

  it('warns on the day itself of substitutes without a day rate (costed at $0), and the days file gives settle strike-impact the same figures', async () => {
    const saturday = (await analyst.request('GET', '/api/sites/cost')).body.days.find((d: { inputs: { date: string } }) => d.inputs.date === '2019-05-11');
    expect((await admin.request('PATCH', `/api/sites/days/${saturday.dayId}`, { substituteDayRate: null })).status).toBe(200);
    try {
      const cost = await analyst.request('GET', '/api/sites/cost');
      const day = cost.body.days.find((d: { dayId: number }) => d.dayId === saturday.dayId);
      // 1 substitute (E1) at no rate: $0, and said on the day (the cost page lists the days' warnings) and overall.
      expect(day.impact.substitutesCents).toBe(0);
      expect(day.warnings.map((w: { code: string }) => w.code)).toContain('site.no-substitute-rate');
      expect(cost.body.warnings.map((w: { code: string }) => w.code)).toContain('site.no-substitute-rate');
      const strike = cost.body.strikes.find((x: { from: string }) => x.from === '2019-05-06');
      const file = await analyst.request('GET', `/api/sites/cost.csv?from=2019-05-06&to=2019-05-11`);
      expect(file.body.split('\n')[2]).toMatch(/^2019-05-11,1750,1,0,1,0\.00,0\.00,/);
      const dir = mkdtempSync(join(tmpdir(), 'settle-cost-'));
      try {
        writeFileSync(join(dir, 'days.csv'), file.body as string);
        const cli = await runCli('strike-impact', '--district', TINY, '--days', join(dir, 'days.csv'), '--json');
        expect(cli.code).toBe(0);
        expect((JSON.parse(cli.out) as StrikeImpact).totals).toEqual(strike.totals);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      await admin.request('PATCH', `/api/sites/days/${saturday.dayId}`, { substituteDayRate: 300 });
    }
  });
});
