/**
 * Across the table, on both databases: what a union passes reaches its district and no one
 * else; what it does not pass never reaches the district in any form (not its versions, not
 * its workspace title, not who drafted it); a version passes once and publishes once, after
 * passing; a district passes to the union bargaining for the proposal's unit.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { addDatasetVersion, raiseYaml } from './test-world.ts';

eachDatabase('passing across the table', (dialect) => {
  let s: TestServer;
  let team: Client;
  let district: Client;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    await addDatasetVersion(s, 'district');
    await addDatasetVersion(s, 'otherDistrict');
    team = await s.as('teachers', 'bargaining-team');
    district = await s.as('district', 'negotiator');
  }, 60_000);
  afterAll(async () => s?.close());

  const draft = async (c: Client, yaml: string, title?: string) => {
    const res = await c.request('POST', '/api/proposals', { yaml, title });
    expect(res.status).toBe(201);
    return res.body as { id: number; proposalId: number };
  };

  it('passes to the district, which reads it; no other organization can', async () => {
    const v = await draft(team, raiseYaml(1));
    const passed = await team.request('POST', `/api/proposal-versions/${v.id}/pass`);
    expect(passed.status).toBe(201);
    expect(passed.body.passed).toMatchObject({ number: 1, from: { name: 'Tiny Teachers' }, to: { id: s.orgId.district, name: 'Tiny Unified' }, by: 'Tiny Teachers bargaining-team' });
    const read = await district.request('GET', `/api/proposal-versions/${v.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ own: false, proposalId: null, version: 1, createdBy: null, createdAt: null, organization: { name: 'Tiny Teachers', kind: 'union' }, passed: { by: null, to: { name: 'Tiny Unified' } } });
    expect(read.body.result.years[1].totalCents).toBe(4_766_070);
    const mine = await team.request('GET', `/api/proposal-versions/${v.id}`);
    expect(mine.body.result).toEqual(read.body.result);
    for (const [org, role] of [['otherDistrict', 'negotiator'], ['classified', 'admin'], ['otherTeachers', 'admin']] as const) {
      const other = await s.as(org, role);
      expect((await other.request('GET', `/api/proposal-versions/${v.id}`)).status).toBe(404);
      expect(JSON.stringify((await other.request('GET', '/api/proposals')).body)).not.toContain('Tiny Teachers');
    }
  });

  it("never lets a union's drafts reach the district", async () => {
    const v1 = await draft(team, raiseYaml(4), 'Plan B — strike fund talk');
    const notes = `# Fallback: we would settle for 3%\n${raiseYaml(5, { title: 'Union offer of March 1' })}`.replace('pct: 5, effective: 2019-07-01 }', 'pct: 5, effective: 2019-07-01 } # members voted 80-20');
    const v2 = (await team.request('POST', `/api/proposals/${v1.proposalId}/versions`, { yaml: notes })).body;
    const v3 = (await team.request('POST', `/api/proposals/${v1.proposalId}/versions`, { yaml: raiseYaml(6) })).body;
    expect((await team.request('POST', `/api/proposal-versions/${v2.id}/pass`)).status).toBe(201);
    for (const path of [`/api/proposal-versions/${v1.id}`, `/api/proposal-versions/${v3.id}`, `/api/proposals/${v1.proposalId}`]) {
      expect((await district.request('GET', path)).status).toBe(404);
    }
    const lists = await district.request('GET', '/api/proposals');
    expect(lists.body.received.map((r: { id: number }) => r.id)).toContain(v2.id);
    expect(lists.body.received.map((r: { id: number }) => r.id)).not.toContain(v1.id);
    expect(lists.body.received.find((r: { id: number }) => r.id === v2.id)).toMatchObject({ title: 'Union offer of March 1', version: 1, from: { name: 'Tiny Teachers' } });
    const text = JSON.stringify(lists.body) + JSON.stringify((await district.request('GET', `/api/proposal-versions/${v2.id}`)).body);
    for (const secret of ['Plan B', 'Tiny Teachers bargaining-team', 'teachers.test', 'A 4% raise', 'A 6% raise', 'Fallback', 'voted']) expect(text).not.toContain(secret);
    // The district gets the terms as written, without the drafting comments; the union keeps them.
    const received = (await district.request('GET', `/api/proposal-versions/${v2.id}`)).body;
    expect(parse(received.yaml)).toEqual(parse(notes));
    expect((await team.request('GET', `/api/proposal-versions/${v2.id}`)).body.yaml).toBe(notes);
    expect(lists.body.proposals).toEqual([]);
    // Inside the union, the same version is its draft number 2, passed as the first.
    const own = await team.request('GET', `/api/proposals/${v1.proposalId}`);
    expect(own.body.versions.map((v: { version: number; passed: { number: number } | null }) => [v.version, v.passed?.number ?? null])).toEqual([[1, null], [2, 1], [3, null]]);
  });

  it('passes a version once, and only its own organization may pass it', async () => {
    const v = await draft(team, raiseYaml(2));
    expect((await district.request('POST', `/api/proposal-versions/${v.id}/pass`)).status).toBe(404);
    expect((await (await s.as('teachers', 'organizer')).request('POST', `/api/proposal-versions/${v.id}/pass`)).status).toBe(403);
    expect((await team.request('POST', `/api/proposal-versions/${v.id}/pass`)).status).toBe(201);
    const again = await team.request('POST', `/api/proposal-versions/${v.id}/pass`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'proposal.already-passed', hint: expect.stringContaining(`/api/proposals/${v.proposalId}/versions`) });
    const w = await draft(team, raiseYaml(7));
    const race = await Promise.all([1, 2].map(() => team.request('POST', `/api/proposal-versions/${w.id}/pass`)));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(race.map((r) => r.body.code ?? null)).toContain('proposal.already-passed');
    expect(await s.handle.db.selectFrom('passes').select('id').where('proposal_version_id', '=', v.id).execute()).toHaveLength(1);
    // The district's log records what arrived, from no one by name.
    const log = await (await s.as('district', 'admin')).request('GET', '/api/audit?limit=50');
    expect(log.body.entries).toContainEqual(expect.objectContaining({ action: 'proposal.receive', subject: `proposal-versions/${v.id}`, person: null }));
  });

  it('publishes only what was passed, once', async () => {
    const v = await draft(team, raiseYaml(1));
    const early = await team.request('POST', `/api/proposal-versions/${v.id}/publish`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'proposal.not-passed', hint: expect.stringContaining('pass it first') });
    await team.request('POST', `/api/proposal-versions/${v.id}/pass`);
    expect((await district.request('POST', `/api/proposal-versions/${v.id}/publish`)).status).toBe(404);
    const ok = await team.request('POST', `/api/proposal-versions/${v.id}/publish`);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ published: { at: s.clock.now.toISOString() }, public: `/api/public/proposals/${v.id}` });
    expect((await team.request('POST', `/api/proposal-versions/${v.id}/publish`)).body.code).toBe('proposal.already-published');
    expect((await district.request('GET', `/api/proposal-versions/${v.id}`)).body.published).toEqual({ at: s.clock.now.toISOString(), by: null });
  });

  it('does not publish a what-if costed on another year\'s data: the public record would show it as the side\'s offer', async () => {
    // Dated 2020-03-01 (fiscal 2019-20) on data of 2018-19, costed as a what-if (allowOtherYear).
    const res = await team.request('POST', '/api/proposals', { yaml: raiseYaml(2).replace('date: 2019-03-01', 'date: 2020-03-01'), allowOtherYear: true });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    const id = res.body.id as number;
    expect((await team.request('POST', `/api/proposal-versions/${id}/pass`)).status).toBe(201);
    const refused = await team.request('POST', `/api/proposal-versions/${id}/publish`);
    expect([refused.status, refused.body.code]).toEqual([409, 'proposal.what-if']);
    expect(refused.body.message).toBe(`version ${id} was costed as a what-if on data of 2018-19, and the proposal is of 2019-20: the public record shows only figures costed on the data of a proposal's own year`);
    expect((await s.anonymous().request('GET', `/api/public/proposals/${id}`)).status).toBe(404);
  });

  it("passes a district's proposal to the union that bargains for its unit", async () => {
    const v = await draft(district, raiseYaml(1, { party: 'district', unit: 'C' }).replace('kind: raise, pct: 1', 'kind: hourly-raise, amount: 1'));
    const passed = await district.request('POST', `/api/proposal-versions/${v.id}/pass`);
    expect(passed.body.passed.to).toEqual({ id: s.orgId.classified, name: 'Tiny Classified' });
    expect((await (await s.as('classified', 'bargaining-team')).request('GET', `/api/proposal-versions/${v.id}`)).status).toBe(200);
    expect((await team.request('GET', `/api/proposal-versions/${v.id}`)).status).toBe(404);
    expect((await team.request('GET', '/api/proposals')).body.received.map((r: { id: number }) => r.id)).not.toContain(v.id);
  });

  it('refuses to pass when no union at the table bargains for the unit any more', async () => {
    const other = await s.as('otherDistrict', 'negotiator');
    const union = await s.handle.db.insertInto('organizations').values({ id: s.deps.ids.next(null), kind: 'union', name: 'Other Classified', created_at: s.clock.now.toISOString(), district_id: s.orgId.otherDistrict, unit: 'C' }).returning('id').executeTakeFirstOrThrow();
    const v = await draft(other, raiseYaml(1, { party: 'district', unit: 'C' }).replace('kind: raise, pct: 1', 'kind: hourly-raise, amount: 1'));
    await s.handle.db.updateTable('organizations').set({ unit: 'C2' }).where('id', '=', union.id).execute();
    const res = await other.request('POST', `/api/proposal-versions/${v.id}/pass`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'proposal.no-counterpart', message: 'there is no one to pass this version to: no union at your table bargains for unit C' });
    expect(await s.handle.db.selectFrom('passes').select('id').where('proposal_version_id', '=', v.id).execute()).toEqual([]);
  });
});
