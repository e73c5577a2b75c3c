import { afterAll, beforeAll, expect, it } from 'vitest';
import { existingDemo, seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/demo.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

// The demo that `settle serve --demo` opens: the LAUSD workspaces, the generated dataset,
// UTLA's synthetic roster and the nine worked examples, drafted, passed and published through
// the API on their dates.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ dialect: 'sqlite' });
  // The test world already has workspaces, so the demo adds nothing to it...
  expect(await seedDemo(s.deps)).toBeNull();
  await s.close();
  // ...and on an empty database (a fresh one, beside it) it opens the demo.
  s = await startTestServer({ dialect: 'sqlite', empty: true });
}, 60_000);
afterAll(async () => s?.close());

/** A demo account signed in: its reads carry the session cookie. */
async function demoPerson(email: string) {
  const login = await s.anonymous().request('POST', '/api/session', { email, password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  return { request: (method: string, path: string) => s.anonymous().request(method, path, undefined, { cookie }) };
}

it('opens the LAUSD demo with every worked example on the public record, dated as it happened', async () => {
  // As `settle serve --behind-proxy --demo` seeds it: the demo's own sign-ins do not come through the proxy.
  const report = await seedDemo({ ...s.deps, behindProxy: true });
  expect(report?.published).toBe(9);
  expect(report?.accounts.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
  const record = await s.anonymous().request('GET', '/api/public/proposals');
  expect(record.status).toBe(200);
  const titles = record.body.proposals.map((p: { title: string }) => p.title);
  expect(titles).toContain('LAUSD offer of January 11, 2019');
  expect(titles).toContain('SEIU Local 99 tentative agreement of March 24, 2023');
  // The district drafted each tentative agreement; the union countersigned it (an hour after it
  // was passed, before it was published), so the public record shows the agreements as such.
  const seiu = record.body.proposals.find((p: { title: string }) => p.title === 'SEIU Local 99 tentative agreement of March 24, 2023');
  expect(seiu).toMatchObject({ party: 'joint', awaitingCountersignature: false, countersigned: { at: '2023-03-24T19:00:00.000Z', organization: { name: 'SEIU Local 99', side: 'union' } }, publishedAt: '2023-03-24T20:00:00.000Z' });
  expect(record.body.proposals.filter((p: { party: string }) => p.party === 'joint')).toHaveLength(3);
  expect(record.body.tables.flatMap((t: { rounds: { agreement: number | null }[] }) => t.rounds.map((r) => r.agreement)).filter((a: number | null) => a !== null)).toHaveLength(3);
  const offer = record.body.proposals.find((p: { title: string }) => p.title === 'LAUSD offer of January 11, 2019');
  // Published an hour after it was passed, two hours after it was drafted on its date.
  expect(offer.publishedAt).toBe('2019-01-11T19:00:00.000Z');
  expect(offer.organization).toEqual({ name: 'Los Angeles Unified School District', side: 'district' });
  // Each is costed on the data of its own year: the 2019 offer on 2018-19, the 2023 agreement on
  // 2022-23 (a second dataset the district uploaded), certified positive on 2022-23's own budget.
  expect(offer.district.baseFiscalYear).toBe('2018-19');
  expect(seiu.district.baseFiscalYear).toBe('2022-23');
  expect(seiu.datasetVersionId).not.toBe(offer.datasetVersionId);
  expect(seiu.years.map((y: { fy: string }) => y.fy)).toEqual(['2022-23', '2023-24', '2024-25']);
  expect(seiu.reserve.every((y: { extrapolated: boolean }) => !y.extrapolated)).toBe(true);
  expect(seiu.certification).toBe('positive');
  // The two district offers are versions 1 and 2 of one proposal in the district's workspace.
  const district = s.anonymous();
  const login = await district.request('POST', '/api/session', { email: 'negotiator@lausd.demo', password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  // UTLA's roster: 31,800 synthetic members, every one at a site of the 2018-19 dataset, with
  // captains at the 20 largest sites, imported on November 5, 2018.
  const utla = await demoPerson('admin@utla.demo');
  const sites = await utla.request('GET', '/api/roster/worksites');
  expect(sites.status).toBe(200);
  const worksites = sites.body.worksites as { members: number; matched: boolean; captains: { assignedAt: string }[] }[];
  expect(worksites.reduce((n, w) => n + w.members, 0)).toBe(31_800);
  expect(worksites.every((w) => w.matched)).toBe(true);
  expect(worksites.flatMap((w) => w.captains)).toHaveLength(20);
  expect(worksites.flatMap((w) => w.captains).every((c) => c.assignedAt.startsWith('2018-11-06'))).toBe(true);
  const teachers = await utla.request('GET', '/api/roster/members?limit=1');
  expect(teachers.body.total).toBe(31_800);
  expect(teachers.body.members[0].email ?? 'none@example.org').toMatch(/@example\.org$/);
  // The district sees none of it: its admin is refused the roster, and its pages name no member.
  const districtAdmin = await demoPerson('admin@lausd.demo');
  for (const path of ['/api/roster/worksites', '/api/roster/members']) {
    const seen = await districtAdmin.request('GET', path);
    expect([403, 404]).toContain(seen.status);
    expect(JSON.stringify(seen.body)).not.toContain(teachers.body.members[0].name);
  }
  // A second run adds nothing, and finds the demo's accounts to print again.
  expect(await seedDemo(s.deps)).toBeNull();
  const again = await existingDemo(s.deps);
  expect(again?.accounts).toEqual(report?.accounts);
  expect(again?.published).toBe(9);
}, 300_000);
