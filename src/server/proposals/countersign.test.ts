/**
 * Agreements need both sides, on both databases: a tentative agreement (party: joint) that
 * one side drafts, passes and publishes is shown everywhere as that side's proposal; only the
 * other side's negotiators countersign it, only once, only after it was passed to them; after
 * that it is the table's agreement, on the public page and in every view.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { addDatasetVersion, raiseYaml, rowCounts } from './test-world.ts';

eachDatabase('countersigned agreements', (dialect) => {
  let s: TestServer;
  let team: Client;
  let district: Client;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    await addDatasetVersion(s, 'district');
    team = await s.as('teachers', 'bargaining-team');
    district = await s.as('district', 'negotiator');
  }, 60_000);
  afterAll(async () => s?.close());

  /** A version drafted by `c` (its YAML), passed across and optionally published. */
  const table = async (c: Client, yaml: string, o: { pass?: boolean; publish?: boolean } = {}) => {
    const v = await c.request('POST', '/api/proposals', { yaml });
    expect(v.status).toBe(201);
    if (o.pass ?? true) expect((await c.request('POST', `/api/proposal-versions/${v.body.id}/pass`)).status).toBe(201);
    // Publications are ordered by time (ids are random): each one a second after the last.
    s.clock.now = new Date(s.clock.now.getTime() + 1000);
    if (o.publish) expect((await c.request('POST', `/api/proposal-versions/${v.body.id}/publish`)).status).toBe(201);
    return v.body.id as number;
  };
  const agreementYaml = (pct: number) => raiseYaml(pct, { party: 'joint', title: `Tentative agreement, ${pct}%` });
  const publicList = async () => (await s.anonymous().request('GET', '/api/public/proposals')).body;
  const entry = (list: any, id: number) => list.proposals.find((p: { id: number }) => p.id === id);
  const roundWith = (list: any, id: number) => list.tables.flatMap((t: { rounds: object[] }) => t.rounds).find((r: Record<string, number | null>) => Object.values(r).includes(id));

  it('shows a joint version one side published alone as that side\'s proposal, never as the agreement', async () => {
    const offer = await table(district, raiseYaml(2, { party: 'district', title: 'District offer, 2%' }), { publish: true });
    const ta = await table(district, agreementYaml(3), { publish: true });
    const list = await publicList();
    expect(entry(list, ta)).toMatchObject({ party: 'district', awaitingCountersignature: true, countersigned: null, organization: { name: 'Tiny Unified', side: 'district' } });
    // In the table's rounds it is the district's latest proposal (it replaced the 2% offer), and no round ended.
    expect(roundWith(list, ta)).toMatchObject({ union: null, district: ta, agreement: null });
    expect(list.tables.flatMap((t: { rounds: { agreement: number | null }[] }) => t.rounds.map((r) => r.agreement))).toEqual([null]);
    expect(roundWith(list, offer)).toBeUndefined();
    expect((await s.anonymous().request('GET', `/api/public/proposals/${ta}`)).body).toMatchObject({ party: 'district', awaitingCountersignature: true });
    const compared = (await s.anonymous().request('GET', `/api/public/compare?versions=${offer},${ta}`)).body;
    expect(compared.versions.map((v: { party: string }) => v.party)).toEqual(['district', 'district']);
    // Every workspace view says the same: the drafting side's, waiting for the other's countersignature.
    expect((await district.request('GET', `/api/proposal-versions/${ta}`)).body).toMatchObject({ party: 'district', awaitingCountersignature: true, countersigned: null });
    expect((await team.request('GET', `/api/proposal-versions/${ta}`)).body).toMatchObject({ party: 'district', awaitingCountersignature: true, countersigned: null });
    expect((await team.request('GET', '/api/proposals')).body.received.find((r: { id: number }) => r.id === ta)).toMatchObject({ party: 'district', awaitingCountersignature: true });
    expect((await district.request('GET', '/api/proposals')).body.proposals.find((p: { latest: { id: number } }) => p.latest.id === ta).latest).toMatchObject({ party: 'district', awaitingCountersignature: true });
    const workspaceCompare = await team.request('GET', `/api/compare?versions=${offer},${ta}`);
    expect(workspaceCompare.body.versions.map((v: { party: string }) => v.party)).toEqual(['district', 'district']);
  });

  it('refuses to countersign a tentative agreement costed as a what-if on another year\'s data: it would be the table\'s agreement and could never be published', async () => {
    // Dated 2020-03-01 (2019-20) on data of 2018-19, costed with allowOtherYear, passed to the union.
    const v = await district.request('POST', '/api/proposals', { yaml: agreementYaml(6).replace('date: 2019-03-01', 'date: 2020-03-01'), allowOtherYear: true });
    expect(v.status, JSON.stringify(v.body).slice(0, 300)).toBe(201);
    expect((await district.request('POST', `/api/proposal-versions/${v.body.id}/pass`)).status).toBe(201);
    const before = await rowCounts(s);
    const refused = await team.request('POST', `/api/proposal-versions/${v.body.id}/countersign`);
    expect([refused.status, refused.body.code]).toEqual([409, 'proposal.what-if']);
    expect(refused.body.message).toContain('costed as a what-if on data of 2018-19, and the agreement is of 2019-20');
    expect(await rowCounts(s)).toEqual(before);
  });

  it('refuses a countersignature from the drafting side, a role that may not, another organization, an unpassed version and a proposal that is no agreement; each changes nothing', async () => {
    const passed = await table(district, agreementYaml(4));
    const unpassed = await table(district, agreementYaml(5), { pass: false });
    const offer = await table(district, raiseYaml(6, { party: 'district' }));
    const [admin, organizer, member, captain, classified, otherTable] = [
      await s.as('district', 'admin'), await s.as('teachers', 'organizer'), await s.as('teachers', 'member'), await s.as('teachers', 'site-captain'),
      await s.as('classified', 'bargaining-team'), await s.as('otherTeachers', 'admin'),
    ];
    const before = await rowCounts(s);
    const refusals: [Client, number, number, string][] = [
      [district, passed, 409, 'proposal.own-version'],
      [admin, passed, 409, 'proposal.own-version'],
      [organizer, passed, 403, 'auth.forbidden'],
      [member, passed, 403, 'auth.forbidden'],
      [captain, passed, 403, 'auth.forbidden'],
      [classified, passed, 404, 'not-found'],
      [otherTable, passed, 404, 'not-found'],
      [team, unpassed, 404, 'not-found'],
      [team, offer, 409, 'proposal.not-joint'],
      [s.anonymous(), passed, 401, 'auth.required'],
    ];
    const got = [];
    for (const [c, id, , code] of refusals) {
      const a = await c.request('POST', `/api/proposal-versions/${id}/countersign`);
      got.push([a.status, a.body.code]);
      expect(a.body.message, code).toEqual(expect.any(String));
    }
    expect(got).toEqual(refusals.map(([, , status, code]) => [status, code]));
    expect(await rowCounts(s)).toEqual(before);
    const own = await district.request('POST', `/api/proposal-versions/${unpassed}/countersign`);
    expect(own.body).toMatchObject({ code: 'proposal.own-version', hint: expect.stringContaining('pass it across first') });
    expect((await team.request('GET', `/api/proposal-versions/${passed}`)).body.countersigned).toBeNull();
  });

  it('makes the version the table\'s agreement once the other side countersigns it, on the public page and in every view', async () => {
    const ta = await table(district, agreementYaml(7), { publish: true });
    expect(entry(await publicList(), ta).party).toBe('district');
    s.clock.now = new Date('2026-01-15T18:30:00.000Z');
    const signed = await team.request('POST', `/api/proposal-versions/${ta}/countersign`);
    expect(signed.status).toBe(201);
    expect(signed.body).toEqual({ id: ta, countersigned: { at: '2026-01-15T18:30:00.000Z', organization: { id: s.orgId.teachers, name: 'Tiny Teachers' }, by: 'Tiny Teachers bargaining-team' }, public: `/api/public/proposals/${ta}` });
    // The public record changed at once (its kept answers are rebuilt).
    const list = await publicList();
    expect(entry(list, ta)).toMatchObject({ party: 'joint', awaitingCountersignature: false, countersigned: { at: '2026-01-15T18:30:00.000Z', organization: { name: 'Tiny Teachers', side: 'union' } } });
    expect(roundWith(list, ta)).toMatchObject({ agreement: ta });
    expect((await s.anonymous().request('GET', `/api/public/proposals/${ta}`)).body).toMatchObject({ party: 'joint', countersigned: { at: '2026-01-15T18:30:00.000Z' } });
    // Inside: the union sees who countersigned (its own person); the district sees only the organization.
    expect((await team.request('GET', `/api/proposal-versions/${ta}`)).body).toMatchObject({ party: 'joint', awaitingCountersignature: false, countersigned: { by: 'Tiny Teachers bargaining-team' } });
    expect((await district.request('GET', `/api/proposal-versions/${ta}`)).body).toMatchObject({ party: 'joint', countersigned: { organization: { name: 'Tiny Teachers' }, by: null } });
    expect(JSON.stringify((await district.request('GET', '/api/proposals')).body)).not.toContain('Tiny Teachers bargaining-team');
    // Both logs, written with the countersignature: the district's names no one from across the table.
    const union = (await (await s.as('teachers', 'admin')).request('GET', '/api/audit?limit=50')).body.entries;
    const dist = (await (await s.as('district', 'admin')).request('GET', '/api/audit?limit=50')).body.entries;
    expect(union).toContainEqual(expect.objectContaining({ action: 'proposal.countersign', subject: `proposal-versions/${ta}`, at: '2026-01-15T18:30:00.000Z' }));
    expect(dist).toContainEqual(expect.objectContaining({ action: 'proposal.countersigned', subject: `proposal-versions/${ta}`, person: null }));
  });

  it('countersigns once: again, or twice at the same moment, is refused and the first stands', async () => {
    const ta = await table(district, agreementYaml(8));
    const first = await team.request('POST', `/api/proposal-versions/${ta}/countersign`);
    expect(first.status).toBe(201);
    expect(first.body.public).toBeNull();
    const again = await (await s.as('teachers', 'admin')).request('POST', `/api/proposal-versions/${ta}/countersign`);
    expect([again.status, again.body.code]).toEqual([409, 'proposal.already-countersigned']);
    const race = await table(district, agreementYaml(9));
    const both = await Promise.all([team, await s.as('teachers', 'admin')].map((c) => c.request('POST', `/api/proposal-versions/${race}/countersign`)));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await s.handle.db.selectFrom('countersignatures').select(['proposal_version_id', 'countersigned_at']).where('proposal_version_id', 'in', [ta, race]).execute();
    expect(rows).toHaveLength(2);
    expect((await team.request('GET', `/api/proposal-versions/${ta}`)).body.countersigned.at).toBe(first.body.countersigned.at);
    // Not even the database lets it change or disappear.
    await expect(s.handle.db.updateTable('countersignatures').set({ countersigned_at: '2000-01-01T00:00:00.000Z' }).where('proposal_version_id', '=', ta).execute()).rejects.toThrow(/never changes/);
    await expect(s.handle.db.deleteFrom('countersignatures').where('proposal_version_id', '=', ta).execute()).rejects.toThrow(/never (changes|withdrawn)/);
    expect(await s.handle.db.selectFrom('countersignatures').select('countersigned_at').where('proposal_version_id', '=', ta).executeTakeFirst()).toEqual({ countersigned_at: first.body.countersigned.at });
  });

  it('lets a district countersign the agreement a union drafted and passed to it', async () => {
    const ta = await table(team, agreementYaml(10), { publish: true });
    expect(entry(await publicList(), ta).party).toBe('union');
    expect((await team.request('POST', `/api/proposal-versions/${ta}/countersign`)).body.code).toBe('proposal.own-version');
    expect((await (await s.as('district', 'budget-analyst')).request('POST', `/api/proposal-versions/${ta}/countersign`)).status).toBe(403);
    expect((await district.request('POST', `/api/proposal-versions/${ta}/countersign`)).status).toBe(201);
    expect(entry(await publicList(), ta)).toMatchObject({ party: 'joint', countersigned: { organization: { name: 'Tiny Unified', side: 'district' } } });
  });
});
