/**
 * Versions side by side inside a workspace, on both databases: the provisions with the current
 * contract's values from test/fixtures/tiny-district/district.yaml beside each version's; cost
 * and reserve per year as stored; what changed between consecutive versions with each change's
 * cost, adding up to the difference; own versions and the ones passed to you only (else 404).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { errorShapeProblems, type Answer } from '../../../test/helpers/security.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { raiseYaml, rowCounts, tinyFiles } from '../proposals/test-world.ts';

const PROGRAM = '{ id: tutoring, kind: program, title: After-school tutoring, amount: 10000, effective: 2019-07-01 }';
const CAPS = '{ id: caps, kind: class-size, caps: [{ grades: K-3, from: 2019-07-01, cap: 24 }, { grades: 9-12, from: 2019-07-01, cap: 38 }] }';
const HEALTH = '{ id: health, kind: health, perEmployee: 600, effective: 2019-07-01 }';
type Cents = { fy: string; cents: number }[];
type Year = { fy: string; totalCents: number };

eachDatabase('comparing versions in a workspace', (dialect) => {
  let s: TestServer;
  let negotiator: Client;
  let team: Client;
  const ids = { v1: 0, v2: 0, received: 0, unionDraft: 0, other: 0, districtDraft: 0 };
  const stored = async (id: number) => JSON.parse((await s.handle.db.selectFrom('proposal_versions').select('result').where('id', '=', id).executeTakeFirstOrThrow()).result);

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    for (const key of ['district', 'otherDistrict'] as const) {
      expect((await (await s.as(key, 'admin')).request('POST', '/api/datasets', { name: 'Tiny data', files: tinyFiles() })).status).toBe(201);
    }
    negotiator = await s.as('district', 'negotiator');
    team = await s.as('teachers', 'bargaining-team');
    // The district's offer, version 1: a 1% raise. Version 2: 2%, $600 more health, a $10,000 program, class-size caps
    // (each term's row is the difference of its own cost lines, so the raise's row carries the raise on the caps' teachers).
    const v1 = await negotiator.request('POST', '/api/proposals', { yaml: raiseYaml(1, { party: 'district', title: 'District offer' }) });
    ids.v1 = v1.body.id;
    const v2 = await negotiator.request('POST', `/api/proposals/${v1.body.proposalId}/versions`, { yaml: raiseYaml(2, { party: 'district', title: 'District offer', extra: [HEALTH, PROGRAM, CAPS] }) });
    expect(v2.status, JSON.stringify(v2.body)).toBe(201);
    ids.v2 = v2.body.id;
    expect((await negotiator.request('POST', `/api/proposal-versions/${ids.v2}/pass`)).status).toBe(201);
    // The union passes a 3% proposal; a 9% draft stays inside the union.
    ids.received = (await team.request('POST', '/api/proposals', { yaml: raiseYaml(3, { title: 'Teachers proposal' }) })).body.id;
    expect((await team.request('POST', `/api/proposal-versions/${ids.received}/pass`)).status).toBe(201);
    ids.unionDraft = (await team.request('POST', '/api/proposals', { yaml: raiseYaml(9, { title: 'Union draft' }) })).body.id;
    ids.districtDraft = (await negotiator.request('POST', '/api/proposals', { yaml: raiseYaml(5, { party: 'district', title: 'District draft' }) })).body.id;
    ids.other = (await (await s.as('otherDistrict', 'negotiator')).request('POST', '/api/proposals', { yaml: raiseYaml(1, { party: 'district', title: 'Other offer' }) })).body.id;
  }, 60_000);
  afterAll(async () => s?.close());

  it('puts each provision\'s current-contract value beside each version\'s', async () => {
    const res = await negotiator.request('GET', `/api/compare?versions=${ids.v1},${ids.v2},${ids.received}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = await s.handle.db.selectFrom('proposal_versions').select('dataset_version_id').where('id', '=', ids.v1).executeTakeFirstOrThrow();
    expect(res.body.baseline).toEqual({ datasetVersionId: first.dataset_version_id, district: 'Tiny Unified School District' });
    // district.yaml: no raise in the current contract (step and column only); class-size spans
    // K-3 maximum 25 and 9-12 maximum 40; health and welfare $10,000 per employee from 2018-07-01.
    expect(res.body.provisions.map((p: { label: string; baseline: string; values: string[] }) => [p.label, p.baseline, p.values])).toEqual([
      ['T salary schedule raises', 'none (step and column only)', ['1% from 2019-07-01', '2% from 2019-07-01', '3% from 2019-07-01']],
      ['T health and welfare per employee', '$10,000 a year (base year)', ['', '+$600 from 2019-07-01', '']],
      ['After-school tutoring', '', ['', '$10,000 a year from 2019-07-01', '']],
      ['Class size, grades K-3', 'maximum 25', ['', '24 from 2019-07-01', '']],
      ['Class size, grades 9-12', 'maximum 40', ['', '38 from 2019-07-01', '']],
    ]);
  });

  it('gives each version\'s cost and reserve per year as stored, numbered as the reader knows it', async () => {
    const res = await negotiator.request('GET', `/api/compare?versions=${ids.v1},${ids.v2},${ids.received}`);
    expect(res.body.versions.map((v: { id: number; own: boolean; version: number; title: string; organization: { name: string } }) => [v.id, v.own, v.version, v.title, v.organization.name])).toEqual([
      [ids.v1, true, 1, 'District offer', 'Tiny Unified'],
      [ids.v2, true, 2, 'District offer', 'Tiny Unified'],
      [ids.received, false, 1, 'Teachers proposal', 'Tiny Teachers'],
    ]);
    for (const v of res.body.versions) {
      const result = await stored(v.id);
      expect(v.years.map((y: Year) => [y.fy, y.totalCents])).toEqual(result.years.map((y: Year) => [y.fy, y.totalCents]));
      expect(v.reserve.map((r: { reservePct: number }) => r.reservePct)).toEqual(result.projection.map((r: { reservePct: number }) => r.reservePct));
    }
    expect(res.body.versions[1]).toMatchObject({ passedAt: expect.any(String), publishedAt: null, unit: 'T', party: 'district', date: '2019-03-01' });
    // Costed from the base year 2018-19 through the year after the contract's last (2020-21) and beyond, as stored.
    expect(res.body.years).toEqual(['2018-19', '2019-20', '2020-21', '2021-22', '2022-23']);
    // Nobody's name: who drafted or passed a version is not part of a comparison.
    const people = await s.handle.db.selectFrom('people').select('name').execute();
    for (const p of people) expect(JSON.stringify(res.body)).not.toContain(p.name);
  });

  it('splits what changed between consecutive versions, each change with its cost, adding up to the difference', async () => {
    const res = await negotiator.request('GET', `/api/compare?versions=${ids.v1},${ids.v2},${ids.received}`);
    const [first, second] = res.body.changes;
    expect(first).toMatchObject({ from: ids.v1, to: ids.v2, sameDataset: true, header: null });
    expect(first.changes.map((c: { type: string; term: string }) => [c.type, c.term])).toEqual([
      ['modified', 'raise-1'], ['added', 'health'], ['added', 'tutoring'], ['added', 'caps'],
    ]);
    // 1% → 2% adds 1% of unit T's 2019-20 pay. With a step each year (last steps stay), 2019-20 pay is
    // E1 6×52,000 + 6×59,000 + E2 6×54,000 + M1 21×59,000 + H1 29×59,000 + nurse 82,000 = 4,022,000;
    // 1% = 40,220, plus STRS 17% and Medicare 1.5% = 40,220 × 1.185 = 47,660.70. The raise's row also carries its
    // cost on the teachers the caps add (docs/costing.md "Interactions"): 4 + 4 + 1.6 = 9.6 FTE at C1 step 1
    // (50,000) = 480,000; 2% = 9,600 × 1.185 = 11,376.00. 47,660.70 + 11,376.00 = 59,036.70.
    expect(first.changes[0].effect[1]).toEqual({ fy: '2019-20', cents: 5_903_670 });
    // The tutoring program: $10,000 in each year from 2019-20.
    expect(first.changes[2].effect).toEqual([
      { fy: '2018-19', cents: 0 }, { fy: '2019-20', cents: 1_000_000 }, { fy: '2020-21', cents: 1_000_000 }, { fy: '2021-22', cents: 1_000_000 }, { fy: '2022-23', cents: 1_000_000 },
    ]);
    // The health term: $600 × 69 eligible in unit T (certificated: every employee, healthEligibleMinHours 0) = 41,400,
    // and, on the health term's row as well, $600 × the 9.6 teachers the caps add (a position is FTE ÷ the placement's
    // 1.0 FTE people) = 5,760: 47,160.
    expect(first.changes[1].effect[1]).toEqual({ fy: '2019-20', cents: 4_716_000 });
    for (const pair of [first, second]) {
      const [a, b] = [await stored(pair.from), await stored(pair.to)];
      expect(pair.fromCents).toEqual(a.years.map((y: Year) => ({ fy: y.fy, cents: y.totalCents })));
      expect(pair.toCents).toEqual(b.years.map((y: Year) => ({ fy: y.fy, cents: y.totalCents })));
      pair.toCents.forEach((y: { fy: string; cents: number }, i: number) => {
        const effects = pair.changes.reduce((n: number, c: { effect: Cents }) => n + c.effect.find((e) => e.fy === y.fy)!.cents, 0);
        expect(effects).toBe(y.cents - pair.fromCents[i].cents);
      });
    }
    // The caps add teachers: a cost in 2019-20 on top of the rest.
    expect(first.changes[3].effect[1].cents).toBeGreaterThan(0);
    expect(second).toMatchObject({ from: ids.v2, to: ids.received, sameDataset: true });
  });

  it('costs versions whose years differ over the same years, and splits what changed over exactly those years', async () => {
    // A version whose contract runs two years past the data's budget (to June 30, 2025: fiscal year 2024-25),
    // with the $10,000 tutoring program added.
    const long = await negotiator.request('POST', '/api/proposals', { yaml: raiseYaml(1, { party: 'district', title: 'Long offer', extra: [PROGRAM] }).replace('end: 2023-06-30', 'end: 2025-06-30') });
    expect(long.status, JSON.stringify(long.body)).toBe(201);
    const res = await negotiator.request('GET', `/api/compare?versions=${ids.v1},${long.body.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Both from the data's base year through the later last year: 2024-25 (version 1 alone stops at the budget's 2022-23).
    const span = { from: '2018-19', to: '2024-25' };
    expect([res.body.span, res.body.groups]).toEqual([span, [{ datasetVersionId: res.body.baseline.datasetVersionId, span, versions: [ids.v1, long.body.id] }]]);
    const [v1, lv] = res.body.versions;
    const fys = ['2018-19', '2019-20', '2020-21', '2021-22', '2022-23', '2023-24', '2024-25'];
    for (const v of [v1, lv]) {
      expect(v.years.map((y: Year) => y.fy)).toEqual(fys);
      expect(v.total).toEqual({ ...span, cents: v.years.reduce((n: number, y: Year) => n + y.totalCents, 0) });
    }
    // The years version 1 was stored with are the same figures; its contract total keeps its own years (2019-20 to 2022-23).
    const stored1 = await stored(ids.v1);
    expect(v1.years.slice(0, 5).map((y: Year) => y.totalCents)).toEqual(stored1.years.map((y: Year) => y.totalCents));
    expect(v1.contractTotal).toEqual(stored1.contractTotal);
    expect(lv.contractTotal.from + ' to ' + lv.contractTotal.to).toBe('2019-20 to 2024-25');
    // The years past the budget (budget.csv runs to 2021-22) are marked as such, and the certification names its
    // years: 2018-19 (the date's, March 1, 2019) and the two after.
    expect(lv.reserve.map((r: { fy: string; extrapolated: boolean }) => [r.fy, r.extrapolated]).slice(3)).toEqual([['2021-22', false], ['2022-23', true], ['2023-24', true], ['2024-25', true]]);
    expect(lv.certificationYears).toEqual(['2018-19', '2019-20', '2020-21']);
    const [pair] = res.body.changes;
    expect(pair.span).toEqual(span);
    expect(pair.fromCents).toEqual(v1.years.map((y: Year) => ({ fy: y.fy, cents: y.totalCents })));
    expect(pair.toCents).toEqual(lv.years.map((y: Year) => ({ fy: y.fy, cents: y.totalCents })));
    // The term changed first (a row of its own), then the program added: $10,000 in each year from 2019-20 to 2024-25.
    expect(pair.header).toMatchObject({ type: 'modified', title: 'Date and contract term' });
    const tutoring = pair.changes.find((c: { term: string }) => c.term === 'tutoring');
    expect(tutoring).toMatchObject({ type: 'added', title: 'After-school tutoring', totalCents: 6 * 1_000_000 });
    expect(tutoring.effect.map((e: { cents: number }) => e.cents)).toEqual([0, 1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000]);
    const rows = [pair.header, ...pair.changes];
    pair.toCents.forEach((y: { fy: string; cents: number }, i: number) => {
      expect(rows.reduce((n: number, c: { effect: Cents }) => n + c.effect.find((e) => e.fy === y.fy)!.cents, 0)).toBe(y.cents - pair.fromCents[i].cents);
    });
    // The same figures again, from the kept answer.
    expect((await negotiator.request('GET', `/api/compare?versions=${ids.v1},${long.body.id}`)).body).toEqual(res.body);
  });

  it('lets the union compare its own drafts with what the district passed it', async () => {
    const res = await team.request('GET', `/api/compare?versions=${ids.unionDraft},${ids.v2}`);
    expect(res.status).toBe(200);
    expect(res.body.versions.map((v: { own: boolean; version: number }) => [v.own, v.version])).toEqual([[true, 1], [false, 1]]);
  });

  it('answers 404 naming the versions you cannot see, and writes nothing', async () => {
    const before = await rowCounts(s);
    const cases: [Client, number[], number[]][] = [
      [negotiator, [ids.v1, ids.unionDraft], [ids.unionDraft]],
      [negotiator, [ids.other, ids.v2, 987654321], [ids.other, 987654321]],
      [team, [ids.received, ids.districtDraft], [ids.districtDraft]],
      [team, [ids.v1, ids.v2], [ids.v1]],
    ];
    for (const [c, asked, missing] of cases) {
      const res = await c.request('GET', `/api/compare?versions=${asked.join(',')}`);
      expect(res.status).toBe(404);
      expect(errorShapeProblems(res as unknown as Answer)).toEqual([]);
      expect(res.body.message).toBe(`there is no proposal version ${missing.join(', ')} that you can see`);
    }
    expect((await (await s.as('teachers', 'member')).request('GET', `/api/compare?versions=${ids.received},${ids.v2}`)).status).toBe(403);
    expect((await s.anonymous().request('GET', `/api/compare?versions=${ids.v1},${ids.v2}`)).status).toBe(401);
    expect(await rowCounts(s)).toEqual({ ...before, sessions: before.sessions + 1, audit_log: before.audit_log + 1 });
  });

  it('refuses a list that is not 2 to 6 distinct ids, naming the field', async () => {
    for (const q of [`versions=${ids.v1}`, `versions=${ids.v1},${ids.v1}`, 'versions=1,2,3,4,5,6,7', 'versions=a,b', '']) {
      const res = await negotiator.request('GET', `/api/compare?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.where.field, q).toBe('versions');
    }
  });

  it('reads versions costed on different data each against its own current contract, naming each data where they differ', async () => {
    // A second version of the district's data whose K-3 cap is 22 (25 in the first); the new offer is costed on it.
    const files = tinyFiles();
    files['district.yaml'] = files['district.yaml'].replace('{ grades: K-3, measure: maximum, cap: 25 }', '{ grades: K-3, measure: maximum, cap: 22 }');
    const up = await (await s.as('district', 'admin')).request('POST', '/api/datasets', { name: 'Tiny data, 2', files });
    expect(up.status).toBe(201);
    const later = await negotiator.request('POST', '/api/proposals', { yaml: raiseYaml(2, { party: 'district', title: 'Offer on new data', extra: [CAPS] }), datasetVersionId: up.body.version.id });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    const res = await negotiator.request('GET', `/api/compare?versions=${ids.v2},${later.body.id}`);
    expect(res.body.groups.length).toBe(2);
    const row = (label: string) => res.body.provisions.find((p: { label: string }) => p.label === label);
    // Both data are of 2018-19: told apart by their order. The K-3 cap differs; 9-12's (40) does not, shown once.
    expect(row('Class size, grades K-3')).toMatchObject({ baseline: '2018-19 (data 1): maximum 25; 2018-19 (data 2): maximum 22', values: ['24 from 2019-07-01', '24 from 2019-07-01'] });
    // The same on both data: shown once.
    expect(row('Class size, grades 9-12').baseline).toBe('maximum 40');
    // A row only one version's data has (health, from the first offer's terms) names that data.
    expect(row('T health and welfare per employee').baseline).toBe('2018-19 (data 1): $10,000 a year (base year)');
  });
});
