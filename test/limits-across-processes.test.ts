/**
 * Rate limits with several `settle serve` processes on one PostgreSQL (docs/pickets.md, "Several
 * processes"): two apps, each with its own database pool and its own in-process state, as two
 * processes behind a proxy would be, and requests from one attacker split between them. Every
 * limit must hold for the pair as it does for one: the counts are in the database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeFor, windowOf } from '../src/pickets/codes.ts';
import { ACCOUNT_FREE } from '../src/server/auth/throttle.ts';
import { CODE_TRIES_PER_HOUR } from '../src/server/pickets/checkin-tries.ts';
import { ACCESS_PER_ADDRESS } from '../src/server/votes/channels/online.ts';
import { checkinWorld, type CheckinWorld } from './helpers/checkin-world.ts';
import { PG_URL, probePostgres } from './helpers/databases.ts';
import { anotherApp, emailOf, startTestServer, type TestServer } from './helpers/server.ts';
import { openVoteWorld, type VoteWorld } from './helpers/votes.ts';

const unavailable = await probePostgres();
if (unavailable && !process.env.CI) console.warn(`[skip] limits across processes: PostgreSQL is not reachable at ${PG_URL} (${unavailable}).`);

describe.skipIf(unavailable !== null && !process.env.CI)('rate limits shared by two apps on one PostgreSQL', () => {
  let s: TestServer;
  let other: Awaited<ReturnType<typeof anotherApp>>;
  let checkins: CheckinWorld;
  let vote: VoteWorld;

  beforeAll(async () => {
    if (unavailable) throw new Error(`PostgreSQL is not reachable at ${PG_URL} (${unavailable}); on CI this test must run, not skip.`);
    s = await startTestServer({ dialect: 'postgres' });
    // The second app from a fresh copy of the server's modules: nothing kept in a module is shared, as between processes.
    vi.resetModules();
    const { createApp } = await import('../src/server/app.ts');
    other = await anotherApp(s, createApp);
    checkins = await checkinWorld(s);
    vote = await openVoteWorld(s, 'otherTeachers', { perSite: [2] });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  it(`checks at most ${ACCOUNT_FREE} of 30 wrong passwords for one email sent at once, half to each app`, async () => {
    const email = emailOf('classified', 'admin');
    const address = '198.51.100.30';
    const apps = [s.anonymous(address), other.anonymous(address)];
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => apps[i % 2].request('POST', '/api/session', { email, password: `parallel guess ${i}` })));
    const checked = answers.filter((a) => a.status === 401).length;
    console.log(`[limits] 30 wrong passwords at once, 15 to each app: ${checked} compared, ${30 - checked} answered 429`);
    // 5 free failures for the email, shared: at most 5 passwords compared between the two apps.
    // (Each app alone would let 5 in, 10 for the pair, if the checks in flight were counted per process.)
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_FREE);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBe(30 - checked);
    expect(new Set(refused.map((a) => a.body.code))).toEqual(new Set(['auth.throttled']));
    expect(refused.every((a) => Number(a.headers.get('retry-after')) >= 1)).toBe(true);
    const failures = await s.handle.db.selectFrom('sign_in_failures').select('id').where('account', '=', email).execute();
    expect(failures.length).toBe(checked); // one failure per password compared, none left behind by the refused
  }, 120_000);

  it(`refuses wrong check-in codes after ${CODE_TRIES_PER_HOUR}, counted across both apps, and then even the right one`, async () => {
    s.clock.now = new Date('2019-01-14T16:00:00.000Z');
    const at = '2019-01-14T15:59:00.000Z';
    const secret = checkins.secrets.b;
    const good = codeFor(secret, windowOf(Date.parse(at)));
    // Every code the shift accepts around `at` (the windows 10 minutes either side), so none of the guesses is right by chance.
    const near = new Set([-2, -1, 0, 1, 2].map((k) => codeFor(secret, windowOf(Date.parse(at)) + k)));
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(good) + 100 + i) % 1_000_000).padStart(6, '0')).filter((c) => !near.has(c)).slice(0, 20);
    expect(guesses.length).toBe(20);
    const members = [await s.as('teachers', 'member'), await other.as('teachers', 'member')];
    let n = 0;
    const send = (k: number, code: string, when = at) => members[k % 2].request('POST', '/api/pickets/check-ins', { actions: [{ id: `across-${++n}-device-id`, shiftId: checkins.shifts.b, action: 'in', at: when, code }] });
    const answers = await Promise.all(guesses.map((code, k) => send(k, code)));
    const reasons = answers.map((a) => a.body.results[0].reason as string);
    // 20 guesses, 10 to each app: exactly 10 compared (all wrong), the other 10 refused unchecked.
    expect(reasons.filter((r) => r === 'picket.code-wrong').length).toBe(CODE_TRIES_PER_HOUR);
    expect(reasons.filter((r) => r === 'picket.too-many-tries').length).toBe(20 - CODE_TRIES_PER_HOUR);
    for (const k of [0, 1]) {
      const right = await send(k, good);
      expect(right.body.results[0]).toMatchObject({ outcome: 'refused', reason: 'picket.too-many-tries' });
    }
    // An hour after the first wrong code (16:00 + 1 h), the right code is heard again.
    s.clock.now = new Date('2019-01-14T17:00:00.000Z');
    const later = '2019-01-14T16:59:00.000Z';
    const back = await send(1, codeFor(secret, windowOf(Date.parse(later))), later);
    expect(back.body.results[0], JSON.stringify(back.body)).toMatchObject({ outcome: 'recorded' });
  }, 120_000);

  it(`answers ${ACCESS_PER_ADDRESS} vote-code requests an hour from one address across both apps, then 429 with Retry-After`, async () => {
    s.clock.now = new Date('2026-01-15T16:00:00.000Z');
    const address = '203.0.113.60';
    const apps = [s.anonymous(address), other.anonymous(address)];
    const answers = await Promise.all(Array.from({ length: 2 * ACCESS_PER_ADDRESS }, (_, i) => apps[i % 2].request('POST', `/api/votes/${vote.voteId}/access`, { memberId: `x${i}`, via: 'email' })));
    // 60 requests, 30 to each app: the address's 30 an hour are shared, so 30 answered and 30 refused.
    expect(answers.filter((a) => a.status === 202).length).toBe(ACCESS_PER_ADDRESS);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBe(ACCESS_PER_ADDRESS);
    expect(new Set(refused.map((a) => a.body.code))).toEqual(new Set(['vote.too-many']));
    // The hour opened at 16:00 and the clock stands still: 3600 s to wait.
    expect(new Set(refused.map((a) => a.headers.get('retry-after')))).toEqual(new Set(['3600']));
  }, 120_000);
});
