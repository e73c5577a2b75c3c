import { readFileSync } from 'node:fs';
import { readFamilySitesCsv } from '../src/sites/family-csv.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { existingDemo, seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/demo.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

// The demo that `settle serve --demo` opens: the LAUSD workspaces, the generated dataset,
// UTLA's synthetic roster and strike authorization vote, and the nine worked examples, drafted, passed and published through
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
  expect(worksites.flatMap((w) => w.captains).every((c) => c.assignedAt.startsWith('2018-08-02'))).toBe(true);
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
  // UTLA's strike authorization, at school sites August 22–30, 2018, on the public record as UTLA reported it.
  // Eligible: the roster's 30,846 active + 636 on-leave members = 31,482 (src/roster/demo.test.ts).
  // voted = round(0.81 × 31,482) = round(25,500.42) = 25,500: 25,500 ÷ 31,482 = 0.80999 → 81.0%.
  // yes = round(0.98 × 25,500) = 24,990: 24,990 ÷ 25,500 = 0.980 → 98.0%; no = 510.
  const votes = await s.anonymous().request('GET', '/api/public/votes');
  expect(votes.status).toBe(200);
  expect(votes.body.votes).toHaveLength(1);
  expect(votes.body.votes[0]).toMatchObject({ union: 'United Teachers Los Angeles', kind: 'strike-authorization', summary: '98.0% yes, passed; 81.0% turnout', turnout: '0.810', closedAt: '2018-08-31T01:00:00.000Z' });
  expect(votes.body.votes[0].questions).toEqual([expect.objectContaining({ passOption: 'yes', share: '0.980', passed: true })]);
  const committee = await demoPerson('committee@utla.demo');
  const listed = await committee.request('GET', '/api/votes');
  const voteId = listed.body.votes[0].id as number;
  const answer = await committee.request('GET', `/api/votes/${voteId}/results`);
  expect(answer.status).toBe(200);
  expect(answer.body.vote).toMatchObject({ state: 'certified', publishedAt: '2018-08-31T19:00:00.000Z' });
  const results = { body: answer.body.results };
  expect(results.body).toMatchObject({ eligible: 31_482, voted: 25_500, turnout: '0.810', ballots: { spoiled: 0 } });
  expect(results.body.questions[0]).toMatchObject({ counts: { yes: 24_990, no: 510 }, blank: 0, answered: 25_500, share: '0.980', passed: true });
  // Three channels: 100 online (one signed in, 99 with a code), the two largest sites at kiosks, the rest on paper.
  const byChannel = results.body.byChannel as { online: number; kiosk: number; paper: number };
  expect(byChannel.online).toBe(100);
  expect(byChannel.kiosk).toBeGreaterThan(0);
  expect(byChannel.paper).toBe(25_500 - 100 - byChannel.kiosk);
  expect(results.body.ballots.opened).toBe(100 + byChannel.kiosk);
  const member = await demoPerson('member@utla.demo');
  expect((await member.request('GET', `/api/votes/${voteId}/me`)).body).toMatchObject({ onList: true, voted: true, channel: 'online' });
  // The district sees none of it: the union's votes are absent for it (404), not just refused.
  for (const path of ['/api/votes', `/api/votes/${voteId}`, `/api/votes/${voteId}/results`, `/api/votes/${voteId}/paper`, `/api/votes/${voteId}/ballots`]) {
    const seen = await districtAdmin.request('GET', path);
    expect(seen.status, path).toBe(404);
    expect(JSON.stringify(seen.body)).not.toContain('Strike authorization');
  }
  // UTLA's strike pay on the demo's six strike days: the rules saved as version 1, two weeks, a ledger of the members on duty.
  const admin = await demoPerson('admin@utla.demo');
  const rules = await admin.request('GET', '/api/pickets/pay/rules');
  expect([rules.status, rules.body.version]).toEqual([200, 1]);
  const periods = await admin.request('GET', '/api/pickets/pay/periods');
  expect(periods.status).toBe(200);
  expect(periods.body.periods.map((p: { start: string; open: boolean; produced: boolean }) => [p.start, p.open, p.produced])).toEqual([['2019-01-14', false, false], ['2019-01-21', false, false]]);
  const week = await admin.request('GET', '/api/pickets/pay/ledger?periodStart=2019-01-14&limit=5');
  expect(week.status).toBe(200);
  expect(week.body.count).toBeGreaterThan(1000);
  expect((await member.request('GET', '/api/me/strike-pay')).status).not.toBe(500);
  // The district's strike days (src/server/demo-sites.ts): the public page shows the latest, March 23, 2023 (the
  // test clock is in 2026): 150 supervision sites, the other 1,150 sites closed; the 40 grab-and-go schools and
  // the rows of the district's file open that day (every row of examples/lausd-2023/family-sites.csv lists it or no date).
  const family = readFamilySitesCsv({ text: readFileSync(new URL('../examples/lausd-2023/family-sites.csv', import.meta.url), 'utf8') }).sites
    .filter((f) => f.site.dates.length === 0 || f.site.dates.includes('2023-03-23'));
  const where = await s.anonymous().request('GET', '/api/public/sites');
  expect(where.status).toBe(200);
  expect(where.body.day).toMatchObject({ date: '2023-03-23', closedSites: 1150 });
  expect([where.body.day.sites.length, where.body.day.familySites.length]).toEqual([150, 40 + family.length]);
  expect(where.body.days.map((d: { date: string }) => d.date)).toEqual(['2023-03-23', '2023-03-22', '2023-03-21', '2019-01-22', '2019-01-18', '2019-01-17', '2019-01-16', '2019-01-15', '2019-01-14']);
  // The day's cost: two strikes; the 2019 days attended as published (156,774 on January 14).
  const budget = await demoPerson('budget@lausd.demo');
  const cost = await budget.request('GET', '/api/sites/cost');
  expect(cost.body.strikes.map((k: { from: string; to: string }) => [k.from, k.to])).toEqual([['2019-01-14', '2019-01-22'], ['2023-03-21', '2023-03-23']]);
  expect(cost.body.days[0].impact.studentsAttending).toBe(156_774);
  // A union sees none of the district's plan (404, as if there were no such route).
  expect((await admin.request('GET', '/api/sites/days')).status).toBe(404);
  // A second run adds nothing, and finds the demo's accounts to print again.
  expect(await seedDemo(s.deps)).toBeNull();
  const again = await existingDemo(s.deps);
  expect(again?.accounts).toEqual(report?.accounts);
  expect(again?.published).toBe(9);
}, 600_000);
