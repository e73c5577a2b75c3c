/**
 * The dataset at a glance, on both databases: every figure derived by hand from
 * test/fixtures/tiny-district; both sides of the table read it, nobody else; it is computed
 * once per dataset version on the costing threads, and a new version has its own figures.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { errorShapeProblems, type Answer } from '../../../test/helpers/security.ts';
import { costingPool, type CostingService } from '../costing/pool.ts';
import { rowCounts, tinyFiles } from '../proposals/test-world.ts';

eachDatabase('the dataset at a glance', (dialect) => {
  let s: TestServer;
  let admin: Client;
  const ids = { v1: 0, v2: 0, other: 0 };
  const pool = costingPool({ threads: 1 });
  let overviewJobs = 0;
  const costing: CostingService = { ...pool, overview: (input) => (overviewJobs++, pool.overview(input)) };

  const upload = async (c: Client, name: string, files: Record<string, string>) => {
    const res = await c.request('POST', '/api/datasets', { name, files });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.version.id as number;
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect, costing });
    admin = await s.as('district', 'admin');
    ids.v1 = await upload(admin, 'Tiny data', tinyFiles());
    // Version 2: a fifth school, Elm Elementary (not high-need, no location, 30 kindergartners).
    const files = tinyFiles();
    const v2 = { ...files, 'schools.csv': `${files['schools.csv'].trimEnd()}\nE3,99999990000005,Elm Elementary,elementary,K-5,no,,,5 Elm St\n`, 'enrollment.csv': `${files['enrollment.csv'].trimEnd()}\nE3,K,30\n` };
    const res = await admin.request('POST', `/api/datasets/${(await admin.request('GET', '/api/datasets')).body.datasets[0].id}/versions`, { files: v2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.v2 = res.body.version.id;
    ids.other = await upload(await s.as('otherDistrict', 'admin'), 'Other data', tinyFiles());
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await pool.close();
  });

  it('counts schools by type and high need, and the students at each type, from schools.csv and enrollment.csv', async () => {
    const res = await (await s.as('district', 'budget-analyst')).request('GET', `/api/dataset-versions/${ids.v1}/overview`);
    expect(res.status).toBe(200);
    expect(res.body.datasetVersionId).toBe(ids.v1);
    expect(res.body.district).toEqual({ name: 'Tiny Unified School District', cdsCode: '99999990000000', baseFiscalYear: '2018-19', requiredReservePct: 3 });
    // schools.csv: E1, E2 elementary (E1 high-need), M1 middle, H1 high (high-need); all four have a location.
    // Students: E1 50×4 + 60×2 = 320 and E2 25×4 + 30×2 = 160 → elementary 480; M1 175×3 = 525; H1 200×4 = 800.
    expect(res.body.schools).toEqual({
      total: 4, highNeed: 2, unmapped: 0,
      byType: [
        { type: 'elementary', schools: 2, highNeed: 1, students: 480 },
        { type: 'high', schools: 1, highNeed: 1, students: 800 },
        { type: 'middle', schools: 1, highNeed: 0, students: 525 },
      ],
    });
  });

  it('sums enrollment by the current contract\'s class-size spans (district.yaml: K-3, 4-5, 6-8, 9-12)', async () => {
    const res = await admin.request('GET', `/api/dataset-versions/${ids.v1}/overview`);
    // K-3: E1 50×4 = 200 + E2 25×4 = 100 → 300; 4-5: E1 60×2 = 120 + E2 30×2 = 60 → 180;
    // 6-8: M1 175×3 = 525; 9-12: H1 200×4 = 800. Total 300 + 180 + 525 + 800 = 1,805.
    expect(res.body.enrollment).toEqual({
      total: 1805,
      bySpan: [
        { span: 'K-3', students: 300, schools: 2 },
        { span: '4-5', students: 180, schools: 2 },
        { span: '6-8', students: 525, schools: 1 },
        { span: '9-12', students: 800, schools: 1 },
      ],
    });
  });

  it('counts staff by unit and role with base-year pay from schedules.csv', async () => {
    const res = await admin.request('GET', `/api/dataset-versions/${ids.v1}/overview`);
    // Unit T, teachers: 6 + 6 + 6 + 21 + 29 = 68 people, all 1.0 FTE; pay
    //   E1 C1/1 6 × 50,000 = 300,000; E1 C2/3 6 × 59,000 = 354,000; E2 C1/2 6 × 52,000 = 312,000;
    //   M1 C2/3 21 × 59,000 = 1,239,000; H1 C2/2 29 × 57,000 = 1,653,000 → 3,858,000.
    // Unit T, nurse: 1 at N/2, 82,000. Unit T: 69 people, 69 FTE, 3,940,000.
    // Unit C, assistants: E1 4 × $16.00 × 4 h × 180 d = 46,080; E2 4 × $17.00 × 4 × 180 = 48,960 → 8 people,
    //   0.5 × 8 = 4 FTE, 95,040. Custodians: H1 3 × $21.00 × 8 × 240 = 120,960; central 2 × $20.00 × 6 × 240
    //   = 57,600 → 5 people, 3 + 0.75 × 2 = 4.5 FTE, 178,560. Unit C: 13 people, 8.5 FTE, 273,600.
    // All staff: 82 people, 77.5 FTE, 4,213,600.
    expect(res.body.staff).toEqual({
      headcount: 82, fte: 77.5, payCents: 421_360_000,
      byUnit: [
        {
          unit: 'T', name: 'Teachers and certificated support staff', union: 'Tiny Teachers Association', kind: 'certificated', headcount: 69, fte: 69, payCents: 394_000_000,
          roles: [{ role: 'teacher', headcount: 68, fte: 68, payCents: 385_800_000 }, { role: 'nurse', headcount: 1, fte: 1, payCents: 8_200_000 }],
        },
        {
          unit: 'C', name: 'Classified support staff', union: 'Tiny Classified Union', kind: 'classified', headcount: 13, fte: 8.5, payCents: 27_360_000,
          roles: [{ role: 'assistant', headcount: 8, fte: 4, payCents: 9_504_000 }, { role: 'custodian', headcount: 5, fte: 4.5, payCents: 17_856_000 }],
        },
      ],
    });
  });

  it('rolls the budget forward with the reserve against the 3% minimum (budget.csv)', async () => {
    const res = await admin.request('GET', `/api/dataset-versions/${ids.v1}/overview`);
    // Ending = beginning + revenues − expenditures; reserve = (ending − 500,000 committed) ÷ expenditures:
    // 2018-19: 3,000,000 + 20,000,000 − 20,500,000 = 2,500,000; 2,000,000 ÷ 20,500,000 = 9.756% → 9.76
    // 2019-20: 2,500,000 + 20,600,000 − 21,000,000 = 2,100,000; 1,600,000 ÷ 21,000,000 = 7.619% → 7.62
    // 2020-21: 2,100,000 + 21,200,000 − 21,600,000 = 1,700,000; 1,200,000 ÷ 21,600,000 = 5.556% → 5.56
    // 2021-22: 1,700,000 + 21,800,000 − 22,300,000 = 1,200,000;   700,000 ÷ 22,300,000 = 3.139% → 3.14
    const row = (fy: string, rev: number, exp: number, end: number, pct: number) => ({
      fy, revenueCents: rev * 100, expenditureCents: exp * 100, endingBalanceCents: end * 100, committedCents: 50_000_000, reservePct: pct, requiredReservePct: 3, meetsReserve: true,
    });
    expect(res.body.budget).toEqual([
      row('2018-19', 20_000_000, 20_500_000, 2_500_000, 9.76),
      row('2019-20', 20_600_000, 21_000_000, 2_100_000, 7.62),
      row('2020-21', 21_200_000, 21_600_000, 1_700_000, 5.56),
      row('2021-22', 21_800_000, 22_300_000, 1_200_000, 3.14),
    ]);
  });

  it('gives every school\'s point for the map, with its students and high-need flag', async () => {
    const res = await admin.request('GET', `/api/dataset-versions/${ids.v1}/overview`);
    expect(res.body.points).toEqual([
      { id: 'E1', name: 'Alder Elementary', type: 'elementary', lat: 34.05, lon: -118.25, students: 320, highNeed: true },
      { id: 'E2', name: 'Birch Elementary', type: 'elementary', lat: 34.06, lon: -118.26, students: 160, highNeed: false },
      { id: 'M1', name: 'Cedar Middle', type: 'middle', lat: 34.07, lon: -118.27, students: 525, highNeed: false },
      { id: 'H1', name: 'Dogwood High', type: 'high', lat: 34.08, lon: -118.28, students: 800, highNeed: true },
    ]);
  });

  it('has its own figures for each version: a fifth school without a location is counted, not mapped', async () => {
    const res = await admin.request('GET', `/api/dataset-versions/${ids.v2}/overview`);
    expect(res.status).toBe(200);
    // Elm Elementary adds one elementary school with 30 students in K (K-3: 300 + 30 = 330), and no point.
    expect(res.body.schools).toMatchObject({ total: 5, highNeed: 2, unmapped: 1 });
    expect(res.body.schools.byType[0]).toEqual({ type: 'elementary', schools: 3, highNeed: 1, students: 510 });
    expect(res.body.enrollment.total).toBe(1835);
    expect(res.body.enrollment.bySpan[0]).toEqual({ span: 'K-3', students: 330, schools: 3 });
    expect(res.body.points.map((p: { id: string }) => p.id)).toEqual(['E1', 'E2', 'M1', 'H1']);
  });

  it('is read by the union at the table; another table\'s version is 404, a role without dataset.read 403, nobody 401', async () => {
    const mine = await admin.request('GET', `/api/dataset-versions/${ids.v1}/overview`);
    const union = await (await s.as('teachers', 'bargaining-team')).request('GET', `/api/dataset-versions/${ids.v1}/overview`);
    expect(union.status).toBe(200);
    expect(union.body).toEqual(mine.body);
    const refused: [Client, number][] = [
      [admin, ids.other], [await s.as('teachers', 'organizer'), ids.other], [await s.as('otherTeachers', 'bargaining-team'), ids.v1], [admin, 987654321],
    ];
    for (const [c, id] of refused) {
      const res = await c.request('GET', `/api/dataset-versions/${id}/overview`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`there is no dataset version ${id} that you can see`);
      expect(errorShapeProblems(res as unknown as Answer)).toEqual([]);
    }
    expect((await (await s.as('teachers', 'site-captain')).request('GET', `/api/dataset-versions/${ids.v1}/overview`)).status).toBe(403);
    expect((await s.anonymous().request('GET', `/api/dataset-versions/${ids.v1}/overview`)).status).toBe(401);
  });

  it('is computed once per version on the costing threads, and writes nothing', async () => {
    const other = await s.as('otherDistrict', 'negotiator');
    const before = await rowCounts(s);
    const jobs = overviewJobs;
    const asked = await Promise.all([1, 2, 3].map(async () => (await admin.request('GET', `/api/dataset-versions/${ids.v1}/overview`)).body));
    expect(asked[1]).toEqual(asked[0]);
    expect(overviewJobs).toBe(jobs);
    // A version nobody asked for yet is computed once, however many ask at the same moment.
    await Promise.all([1, 2, 3].map(() => other.request('GET', `/api/dataset-versions/${ids.other}/overview`)));
    expect(overviewJobs).toBe(jobs + 1);
    expect(await rowCounts(s)).toEqual(before);
  });
});
