/**
 * The workspace's bargaining table, on both databases: what crossed the table in either
 * direction, in rounds by the proposals' dates and contract terms, never by the order the
 * versions were passed. Both sides see the same rounds; a draft never passed is in none;
 * "compare with the one before" stays inside a round.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { addDatasetVersion, raiseYaml } from './test-world.ts';

/** Test proposals are dated March 1, 2019; these are dated otherwise (the same contract, 2019-07-01 to 2023-06-30). */
const dated = (yaml: string, date: string) => yaml.replace('date: 2019-03-01', `date: ${date}`);

eachDatabase('the workspace\'s rounds', (dialect) => {
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

  /** A version drafted by `c`, passed across a second after the one before (unless `pass: false`). */
  const across = async (c: Client, yaml: string, pass = true) => {
    s.clock.now = new Date(s.clock.now.getTime() + 1000);
    const v = await c.request('POST', '/api/proposals', { yaml });
    expect(v.status).toBe(201);
    if (pass) expect((await c.request('POST', `/api/proposal-versions/${v.body.id}/pass`)).status).toBe(201);
    return v.body.id as number;
  };
  const countersign = async (c: Client, id: number) => expect((await c.request('POST', `/api/proposal-versions/${id}/countersign`)).status).toBe(201);

  it('places what crossed the table in rounds by date, whatever order it was passed in, the same for both sides', async () => {
    // Passed in this order: the second agreement's round first, then the first round, then a
    // proposal dated before the first agreement, passed last of all.
    const demand2 = await across(team, dated(raiseYaml(5, { title: 'Union, April' }), '2019-04-10'));
    const agreement2 = await across(district, dated(raiseYaml(4, { party: 'joint', title: 'Second agreement' }), '2019-05-01'));
    await countersign(team, agreement2);
    const demand = await across(team, dated(raiseYaml(6, { title: 'Union demand' }), '2019-01-10'));
    const offer = await across(district, dated(raiseYaml(1, { party: 'district', title: 'District offer' }), '2019-01-11'));
    const agreement = await across(team, dated(raiseYaml(3, { party: 'joint', title: 'First agreement' }), '2019-01-22'));
    await countersign(district, agreement);
    const draft = await across(district, dated(raiseYaml(2, { party: 'district', title: 'Never passed' }), '2019-01-12'), false);
    const late = await across(district, dated(raiseYaml(1.5, { party: 'district', title: 'District, January 15' }), '2019-01-15'));

    const rounds = [
      // Newest by date: the second agreement closes the April proposal's round (the table's status: agreed on May 1).
      { union: demand2, district: null, agreement: agreement2, versions: [{ id: demand2, before: null }, { id: agreement2, before: demand2 }] },
      // January by date: the late offer of the 15th is compared with the district's offer of
      // the 11th (its side's previous), the agreement with it (the latest before it). The
      // draft of the 12th was never passed and is in no round.
      {
        union: demand, district: late, agreement,
        versions: [{ id: demand, before: null }, { id: offer, before: demand }, { id: late, before: offer }, { id: agreement, before: late }],
      },
    ];
    for (const side of [team, district]) {
      const res = await side.request('GET', '/api/proposals');
      expect(res.status).toBe(200);
      expect(res.body.tables).toHaveLength(1);
      const [table] = res.body.tables;
      expect(table).toMatchObject({ id: `d${s.orgId.district}-u${s.orgId.teachers}`, district: { name: 'Tiny Unified' }, union: { name: 'Tiny Teachers', unit: 'T' } });
      expect(table.rounds).toEqual(rounds);
      expect(table.history).toEqual([demand, offer, late, agreement, demand2, agreement2]);
      expect(table.history).not.toContain(draft);
      // The history's entries name each version in words, with its date and side.
      expect(table.versions.map((v: { title: string; date: string; party: string; from: { kind: string } }) => [v.title, v.date, v.party, v.from.kind])).toEqual([
        ['Union demand', '2019-01-10', 'union', 'union'],
        ['District offer', '2019-01-11', 'district', 'district'],
        ['District, January 15', '2019-01-15', 'district', 'district'],
        ['First agreement', '2019-01-22', 'joint', 'union'],
        ['Union, April', '2019-04-10', 'union', 'union'],
        ['Second agreement', '2019-05-01', 'joint', 'district'],
      ]);
    }
  });
});
