/**
 * Drafting proposals over HTTP on both databases: YAML and JSON drafts, costed on a costing
 * thread against the tiny district (figures derived by hand from test/helpers/tiny.ts), every
 * problem reported with its place and nothing stored, the workspace's side and unit enforced,
 * versions numbered without gaps even when saved at once, and the editor's preview.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { addDatasetVersion, raiseYaml, rowCounts } from './test-world.ts';

/**
 * A 1% raise for unit T from 2019-07-01 (dated 2019-03-01, term to 2023-06-30: costed 2018-19
 * to 2022-23). Pay of unit T: 4,022,000 in 2019-20, 4,034,000 from 2020-21. Statutory for
 * certificated staff from 2019-07-01: 17% STRS + 1.5% Medicare = 18.5%.
 *   2018-19: nothing (not yet effective)
 *   2019-20: 40,220 + 40,220 × 18.5% (7,440.70) = 47,660.70
 *   2020-21 and after: 40,340 + 7,462.90 = 47,802.90
 */
const ONE_PCT = [['2018-19', 0], ['2019-20', 4_766_070], ['2020-21', 4_780_290], ['2021-22', 4_780_290], ['2022-23', 4_780_290]];
const totals = (result: { years: { fy: string; totalCents: number }[] }) => result.years.map((y) => [y.fy, y.totalCents]);

eachDatabase('drafting proposals', (dialect) => {
  let s: TestServer;
  let team: Client;
  let tinyVersion: number;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    tinyVersion = await addDatasetVersion(s, 'district');
    team = await s.as('teachers', 'bargaining-team');
  }, 60_000);
  afterAll(async () => s?.close());

  it('drafts by YAML and by JSON alike, costed as derived by hand', async () => {
    const yaml = raiseYaml(1);
    const byYaml = await team.request('POST', '/api/proposals', { title: 'Opening offer', yaml });
    expect(byYaml.status).toBe(201);
    expect(byYaml.body).toMatchObject({ version: 1, own: true, title: 'A 1% raise', datasetVersionId: tinyVersion, createdBy: 'Tiny Teachers bargaining-team', passed: null, published: null, yaml });
    expect(totals(byYaml.body.result)).toEqual(ONE_PCT);
    // Each line keeps its trace: the UI shows how each figure was made.
    expect(byYaml.body.result.years[1].lines[0].trace.formula).toEqual(expect.any(String));
    // 2019-20 reserve: ending 2,500,000 + 20,600,000 − (21,000,000 + 47,660.70) = 2,052,339.30;
    // (2,052,339.30 − 500,000 committed) ÷ 21,047,660.70 = 7.38%.
    expect(byYaml.body.result.projection[1]).toMatchObject({ fy: '2019-20', reservePct: 7.38 });

    const byJson = await team.request('POST', '/api/proposals', { proposal: parse(yaml) });
    expect(byJson.status).toBe(201);
    expect(byJson.body.result).toEqual(byYaml.body.result);
    expect(parse(byJson.body.yaml)).toEqual(parse(yaml));
    const stored = await s.handle.db.selectFrom('proposals').select('title').where('id', '=', byJson.body.proposalId).executeTakeFirstOrThrow();
    expect(stored.title).toBe('A 1% raise');
  });

  it('reports every problem with its line and column, and stores nothing', async () => {
    const before = await rowCounts(s);
    const bad = raiseYaml(1).replace('pct: 1,', 'pct: three,').replace('effective: 2019-07-01 }', 'effective: 2019-07-01 }\n  - { kind: rasie, pct: 2 }');
    const res = await team.request('POST', '/api/proposals', { yaml: bad });
    expect(res.status).toBe(422);
    expect(res.body.problems).toHaveLength(2);
    expect(res.body.problems[0]).toMatchObject({ where: { file: 'proposal.yaml', line: 8, field: 'terms[0].pct' } });
    expect(res.body.problems[0].where.col).toBeGreaterThan(1);
    expect(res.body.problems[1]).toMatchObject({ where: { line: 9, field: 'terms[1].kind' } });
    const broken = await team.request('POST', '/api/proposals', { yaml: 'id: x\ntitle: "never closed\n' });
    expect(broken.status).toBe(422);
    expect(broken.body).toMatchObject({ code: 'proposal.yaml-syntax', where: { line: 2 } });
    const fromJson = await team.request('POST', '/api/proposals', { proposal: { ...parse(raiseYaml(1)), unit: 'Q' } });
    expect(fromJson.status).toBe(422);
    expect(fromJson.body.where).toMatchObject({ field: 'unit', line: expect.any(Number) });
    expect(await rowCounts(s)).toEqual(before);
  });

  it('refuses text that is not plain text (PostgreSQL cannot store U+0000), storing nothing', async () => {
    const before = await rowCounts(s);
    const raw = await team.request('POST', '/api/proposals', { yaml: raiseYaml(1).replace('title: A 1% raise', 'title: A 1%\u0000 raise') });
    expect(raw.status).toBe(422);
    expect(raw.body).toMatchObject({ code: 'proposal.text', where: { line: 2, col: 12 } });
    expect(raw.body.message).toContain('U+0000');
    const escaped = await team.request('POST', '/api/proposals', { proposal: { ...parse(raiseYaml(1)), title: 'abc\u0000def' } });
    expect(escaped.status).toBe(422);
    expect(escaped.body).toMatchObject({ code: 'proposal.title-text', where: { field: 'title', line: expect.any(Number) } });
    for (const title of ['x\u0000y', '\ud800']) {
      const named = await team.request('POST', '/api/proposals', { title, yaml: raiseYaml(1) });
      expect([named.status, named.body.where.field]).toEqual([400, 'title']);
    }
    expect(await rowCounts(s)).toEqual(before);
  });

  it('refuses a malformed request naming the field, and documents every route', async () => {
    for (const body of [{}, { yaml: raiseYaml(1), proposal: {} }]) {
      const res = await team.request('POST', '/api/proposals', body);
      expect(res.status).toBe(400);
      expect(res.body.where.field).toBe('yaml');
    }
    const extra = await team.request('POST', '/api/proposals', { yaml: raiseYaml(1), owner: 'x' });
    expect([extra.status, extra.body.message]).toEqual([400, 'body: unknown field "owner"']);
    const id = await team.request('POST', '/api/proposals', { yaml: raiseYaml(1), datasetVersionId: true });
    expect([id.status, id.body.where.field]).toEqual([400, 'datasetVersionId']);
    const paths = Object.keys((await s.anonymous().request('GET', '/api/openapi.json')).body.paths);
    for (const p of ['/api/proposals', '/api/proposals/{id}', '/api/proposals/{id}/versions', '/api/proposal-versions/{id}', '/api/proposal-versions/{id}/pass', '/api/proposal-versions/{id}/publish', '/api/costings', '/api/public/proposals', '/api/public/proposals/{id}', '/api/public/compare']) {
      expect(paths).toContain(p);
    }
  });

  it('holds each side to its own party and units', async () => {
    const district = await s.as('district', 'negotiator');
    const before = await rowCounts(s);
    const party = await team.request('POST', '/api/proposals', { yaml: raiseYaml(1, { party: 'district' }) });
    expect(party.status).toBe(422);
    expect(party.body).toMatchObject({ code: 'proposal.wrong-party', where: { field: 'party', line: 3, col: 8 }, hint: 'party: union' });
    expect(party.body.message).toContain('Tiny Teachers is a union workspace');
    const unit = await team.request('POST', '/api/proposals', { yaml: raiseYaml(1, { unit: 'C' }) });
    expect(unit.body).toMatchObject({ code: 'proposal.wrong-unit', message: 'Tiny Teachers bargains for unit T; this proposal is for unit C', hint: 'unit: T' });
    const asUnion = await district.request('POST', '/api/proposals', { yaml: raiseYaml(1) });
    expect(asUnion.body.code).toBe('proposal.wrong-party');
    expect(await rowCounts(s)).toEqual(before);
    const forC = await district.request('POST', '/api/proposals', { yaml: raiseYaml(1, { party: 'district', unit: 'C' }).replace('kind: raise, pct: 1', 'kind: hourly-raise, amount: 1') });
    expect(forC.status).toBe(201);
    // Either side may record a tentative agreement or a fact-finder's report.
    for (const party of ['joint', 'fact-finder']) {
      expect((await team.request('POST', '/api/proposals', { yaml: raiseYaml(1, { party }) })).status).toBe(201);
      expect((await district.request('POST', '/api/proposals', { yaml: raiseYaml(1, { party }) })).status).toBe(201);
    }
  });

  it('costs on the newest data at the table unless told, and only on data the actor can see', async () => {
    const others = await s.as('otherTeachers', 'bargaining-team');
    const none = await others.request('POST', '/api/proposals', { yaml: raiseYaml(1) });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'dataset.none', hint: expect.stringContaining('uploads its data first') });
    const elsewhere = await addDatasetVersion(s, 'otherDistrict');
    const foreign = await team.request('POST', '/api/proposals', { yaml: raiseYaml(1), datasetVersionId: elsewhere });
    expect(foreign.status).toBe(404);
    expect(foreign.body.where.field).toBe('datasetVersionId');
    expect((await others.request('POST', '/api/proposals', { yaml: raiseYaml(1) })).body.datasetVersionId).toBe(elsewhere);
  });

  it('numbers versions 1, 2, 3… with no gap or repeat, even when saved at the same moment', async () => {
    const first = await team.request('POST', '/api/proposals', { title: 'Versioned', yaml: raiseYaml(1) });
    const pid = first.body.proposalId;
    const saves = await Promise.all([2, 3, 4, 5].map((pct) => team.request('POST', `/api/proposals/${pid}/versions`, { yaml: raiseYaml(pct) })));
    expect(saves.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(saves.map((r) => r.body.version).sort()).toEqual([2, 3, 4, 5]);
    const detail = await team.request('GET', `/api/proposals/${pid}`);
    expect(detail.body.versions.map((v: { version: number }) => v.version)).toEqual([1, 2, 3, 4, 5]);
    // The saves raced, so which one became version 2 is not fixed; each version's raise of
    // p% costs p times version 1's 1% in every year, whatever number it got.
    [2, 3, 4, 5].forEach((pct, i) => {
      const v = detail.body.versions.find((x: { version: number }) => x.version === saves[i].body.version);
      expect(v.years.map((y: { fy: string; totalCents: number }) => [y.fy, y.totalCents])).toEqual(ONE_PCT.map(([fy, c]) => [fy, pct * (c as number)]));
    });
    const list = await team.request('GET', '/api/proposals');
    expect(list.body.proposals.find((p: { id: number }) => p.id === pid)).toMatchObject({ title: 'Versioned', versions: 5, latest: { version: 5 } });
    const audit = await s.handle.db.selectFrom('audit_log').select('action').where('subject', 'in', saves.map((r) => `proposal-versions/${r.body.id}`)).execute();
    expect(audit.map((a) => a.action)).toEqual(['proposal.version', 'proposal.version', 'proposal.version', 'proposal.version']);
  });

  it('keeps proposals inside their workspace, and drafting to the roles that may draft', async () => {
    const pid = (await team.request('POST', '/api/proposals', { yaml: raiseYaml(1) })).body.proposalId;
    const classified = await s.as('classified', 'admin');
    expect((await classified.request('POST', `/api/proposals/${pid}/versions`, { yaml: raiseYaml(2) })).status).toBe(404);
    expect((await classified.request('GET', `/api/proposals/${pid}`)).status).toBe(404);
    const member = await s.as('teachers', 'member');
    expect((await member.request('POST', '/api/proposals', { yaml: raiseYaml(1) })).status).toBe(403);
    expect((await member.request('GET', '/api/proposals')).status).toBe(403);
    const organizer = await s.as('teachers', 'organizer');
    expect((await organizer.request('GET', `/api/proposals/${pid}`)).status).toBe(200);
    expect((await organizer.request('POST', `/api/proposals/${pid}/versions`, { yaml: raiseYaml(2) })).status).toBe(403);
    expect((await s.anonymous().request('GET', '/api/proposals')).status).toBe(401);
  });

  it('previews a costing without storing or auditing anything', async () => {
    const before = await rowCounts(s);
    const res = await team.request('POST', '/api/costings', { yaml: raiseYaml(1) });
    expect(res.status).toBe(200);
    expect(totals(res.body)).toEqual(ONE_PCT);
    expect(res.body.certification).toBe('positive');
    const bad = await team.request('POST', '/api/costings', { yaml: raiseYaml(1).replace('pct: 1', 'pct: -200') });
    expect(bad.status).toBe(422);
    // Hiring a nurse adds one position (school by school in `positions`); the editor's preview
    // asks for the figures without that list, and gets the same figures.
    const hire = { yaml: raiseYaml(1, { extra: ['{ id: nurses, kind: hire, role: nurse, phases: [{ from: 2019-07-01, count: 1 }] }'] }) };
    const all = await team.request('POST', '/api/costings', hire);
    const lean = await team.request('POST', '/api/costings?positions=none', hire);
    expect(all.body.positions.length).toBeGreaterThan(0);
    expect(lean.body.positions).toEqual([]);
    expect(totals(lean.body)).toEqual(totals(all.body));
    expect((await team.request('POST', '/api/costings?positions=some', hire)).status).toBe(400);
    expect(await rowCounts(s)).toEqual(before);
  });

  it('refuses a hiring phase after the contract ends; allowed, the costing result says it is in no year and no total', async () => {
    // The contract ends 2023-06-30 and the tiny district is costed 2018-19 to 2022-23: a phase from 2023-07-01 is after both.
    const phase = '{ id: nurses, kind: hire, role: nurse, phases: [{ from: 2023-07-01, count: 1 }]';
    const refused = await team.request('POST', '/api/costings', { yaml: raiseYaml(1, { extra: [`${phase} }`] }) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'proposal.after-term', where: { field: 'terms[1].phases[0].from' } });
    const meant = await team.request('POST', '/api/costings', { yaml: raiseYaml(1, { extra: [`${phase}, outsideTerm: true }`] }) });
    expect(meant.status).toBe(200);
    expect(totals(meant.body)).toEqual(ONE_PCT);
    expect(meant.body.notCosted).toEqual([expect.objectContaining({ term: 'nurses', field: 'terms[1].phases[0].from', date: '2023-07-01' })]);
    expect(meant.body.notCosted[0].message).toContain('after the last year costed (2022-23): what it sets from then is not costed and is in no year and no total');
  });

  it('costs a proposal dated in another year than the data only when asked (allowOtherYear), and then says so', async () => {
    // Dated 2020-03-01, in fiscal year 2019-20; the tiny district's data are of 2018-19.
    const later = raiseYaml(1).replace('date: 2019-03-01', 'date: 2020-03-01');
    const before = await rowCounts(s);
    const refused = await team.request('POST', '/api/proposals', { yaml: later });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'proposal.other-year', where: { field: 'date', line: 5 } });
    // The error names the dataset's years and the field that allows a what-if.
    expect(refused.body.message).toContain('fiscal year 2019-20, but the dataset holds data of 2018-19');
    expect(refused.body.message).toMatch(/its budget runs 2018-19 to \d{4}-\d{2}/);
    expect(refused.body.hint).toContain('"allowOtherYear": true');
    expect((await team.request('POST', '/api/costings', { yaml: later, allowOtherYear: false })).body.code).toBe('proposal.other-year');
    expect((await team.request('POST', '/api/proposals', { yaml: later, allowOtherYear: 'yes' })).status).toBe(400);
    expect(await rowCounts(s)).toEqual(before);

    const whatIf = await team.request('POST', '/api/proposals', { yaml: later, allowOtherYear: true });
    expect(whatIf.status).toBe(201);
    expect(whatIf.body.result.otherYear).toEqual({ datasetYear: '2018-19', proposalYear: '2019-20' });
    // Same raise, same contract years: the same cost per year as the 1% raise dated 2019-03-01.
    expect(totals(whatIf.body.result)).toEqual(ONE_PCT);
    const next = await team.request('POST', `/api/proposals/${whatIf.body.proposalId}/versions`, { yaml: later.replace('pct: 1,', 'pct: 2,'), allowOtherYear: true });
    expect([next.status, next.body.version, next.body.result.otherYear?.proposalYear]).toEqual([201, 2, '2019-20']);
    expect((await team.request('POST', `/api/proposals/${whatIf.body.proposalId}/versions`, { yaml: later })).body.code).toBe('proposal.other-year');
    const preview = await team.request('POST', '/api/costings', { yaml: later, allowOtherYear: true });
    expect([preview.status, preview.body.otherYear?.datasetYear]).toEqual([200, '2018-19']);
    // A stored what-if is costed again the same way for its reports and comparisons.
    expect((await team.request('GET', `/api/proposal-versions/${next.body.id}/disclosure.xlsx`)).status).toBe(200);
    const compared = await team.request('GET', `/api/compare?versions=${whatIf.body.id},${next.body.id}`);
    expect(compared.status).toBe(200);
  });

  it('shows the same figures for a version stored before summaries were kept', async () => {
    const made = await team.request('POST', '/api/proposals', { yaml: raiseYaml(3) });
    const brief = (await team.request('GET', `/api/proposals/${made.body.proposalId}`)).body;
    await s.handle.db.updateTable('proposal_versions').set({ summary: null, cost_lines: null }).where('id', '=', made.body.id).execute();
    expect((await team.request('GET', `/api/proposals/${made.body.proposalId}`)).body).toEqual(brief);
    expect(brief.versions[0].years[1]).toEqual({ fy: '2019-20', totalCents: 3 * 4_766_070, ongoingCents: 3 * 4_766_070, oneTimeCents: 0 });
  });
});
