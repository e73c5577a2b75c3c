import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { emailOf, PASSWORD, startTestServer, type ApiResponse, type TestServer } from '../../../test/helpers/server.ts';
import { normaliseAddress } from './client-address.ts';
import { openDatabase } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { ACCOUNT_FREE, ACCOUNT_HOURLY, ADDRESS_FREE, CAP_SECONDS, forgetFailures, keepFailure, PENDING_MS, releaseCheck, reserveCheck, waitSeconds } from './throttle.ts';

describe('the waits', () => {
  it('grow from 1 second, doubling, to at most 15 minutes', () => {
    // 5 failures → 2^0 = 1 s, 6 → 2, 7 → 4, … 14 → 2^9 = 512, 15 → 2^10 = 1024 capped to 900.
    expect([4, 5, 6, 7, 14, 15, 40, 10_000].map((f) => waitSeconds(f, ACCOUNT_FREE))).toEqual([0, 1, 2, 4, 512, 900, 900, 900]);
    // An address: 20 free, then the same doubling.
    expect([19, 20, 21, 29, 30].map((f) => waitSeconds(f, ADDRESS_FREE))).toEqual([0, 1, 2, 512, 900]);
  });

  it('count an address as the client it names (IPv4, IPv4-mapped, an IPv6 /64)', () => {
    expect(normaliseAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(normaliseAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normaliseAddress('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(normaliseAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normaliseAddress('[2001:DB8:0:1::5]')).toBe('2001:db8:0:1::/64');
    expect(normaliseAddress('not an address')).toBe('unknown');
  });
});

/** What a client can observe of an answer: status, body and every header. */
const observed = (r: ApiResponse) => ({ status: r.status, body: r.body, headers: [...r.headers.entries()].filter(([k]) => k !== 'date') });

eachDatabase('the sign-in throttle', (dialect) => {
  let s: TestServer;
  let n = 0;
  /** A client address never used before in this suite. */
  const fresh = () => `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const later = (seconds: number) => void (s.clock.now = new Date(s.clock.now.getTime() + seconds * 1000));
  const signIn = (address: string, email: string, password: string) => s.anonymous(address).request('POST', '/api/session', { email, password });

  beforeAll(async () => {
    s = await startTestServer({ dialect });
  }, 60_000);
  afterAll(async () => s?.close());

  it('let no more password checks run at once than an email or an address has free failures left', async () => {
    const now = s.clock.now;
    const from = fresh();
    const reserve = (account: string) => reserveCheck(s.handle.db, dialect, { account, address: from, now });
    const a = [];
    for (let i = 0; i < ACCOUNT_FREE + 1; i++) a.push(await reserve('in-flight-a@x.test'));
    // 5 free failures: 5 checks may run; the 6th finds 5 failures (in flight) at this instant: 2^0 = 1 s.
    expect(a.map((r) => r.wait)).toEqual([0, 0, 0, 0, 0, 1]);
    // One check ends without an answer (an error): its failure is taken back, and one more may run.
    await releaseCheck(s.handle.db, a[0].reserved as NonNullable<(typeof a)[0]['reserved']>);
    expect((await reserve('in-flight-a@x.test')).wait).toBe(0);
    // The address has 20 free: 6 are in flight, so 14 more for other emails, then a wait of 1 s.
    const others = [];
    for (let i = 0; i < ADDRESS_FREE - ACCOUNT_FREE + 1; i++) others.push(await reserve(`in-flight-${i}@x.test`));
    expect(others.map((r) => r.wait)).toEqual([...Array(ADDRESS_FREE - ACCOUNT_FREE).fill(0), 1]);
  });

  it('stops counting a failure written before a check once the check cannot still be running (its process died)', async () => {
    const t0 = s.clock.now;
    const at = (ms: number) => new Date(t0.getTime() + ms);
    // 15 checks for each of two emails cut off by a crash at t0: written in advance, never ended.
    // For the second, 15 kept failures (wrong passwords) at t0, for contrast.
    const rows = (account: string, address: string, pending: number) => Array.from({ length: 15 }, () => ({ id: newId(), account, address, at: t0.toISOString(), pending }));
    const [a1, a2] = [fresh(), fresh()];
    await s.handle.db.insertInto('sign_in_failures').values([...rows('crashed@x.test', a1, 1), ...rows('wrong@x.test', a2, 0)]).execute();
    const wait = (account: string, address: string, ms: number) => reserveCheck(s.handle.db, dialect, { account, address, now: at(ms) }).then((r) => r.wait);
    // While they may still be running they count: 15 failures → 2^(15-5) = 1,024 s, capped at 900,
    // after t0; 30 s later, 870 s left.
    expect(await wait('crashed@x.test', a1, 30_000)).toBe(870);
    // A minute after they began they are orphans and stop counting; the kept ones still count
    // (900 s after t0, 60.001 s later: 839.999 s, rounded up to 840).
    expect(await wait('crashed@x.test', a1, PENDING_MS + 1)).toBe(0);
    expect(await wait('wrong@x.test', a2, PENDING_MS + 1)).toBe(840);
  });

  it('keeps a wrong password\'s failure even when a sign-in cleared the email\'s failures during its check', async () => {
    const email = 'cleared-during@x.test';
    const r = await reserveCheck(s.handle.db, dialect, { account: email, address: fresh(), now: s.clock.now });
    if (!r.reserved) throw new Error('expected the check to be let in');
    expect(await forgetFailures(s.handle.db, email)).toBe(1); // the reservation was the only failure
    await keepFailure(s.handle.db, r.reserved);
    await keepFailure(s.handle.db, r.reserved); // kept once, however often
    const n = await s.handle.db.selectFrom('sign_in_failures').select((eb) => eb.fn.countAll<number | string>().as('n')).where('account', '=', email).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('lets exactly the free failures through when 30 checks for one email are reserved at once (two database handles on PostgreSQL, as two processes)', async () => {
    const other = dialect === 'postgres' ? await openDatabase(s.options) : s.handle; // a SQLite file has one writer: one handle
    try {
      const email = 'burst-reserve@x.test';
      const from = fresh();
      const all = await Promise.all(Array.from({ length: 30 }, (_, i) => reserveCheck(i % 2 ? other.db : s.handle.db, dialect, { account: email, address: from, now: s.clock.now })));
      // No check ends here, so exactly ACCOUNT_FREE (5) are let in; the other 25 wait 1 s (2^(5−5)).
      expect(all.filter((r) => r.reserved).length).toBe(ACCOUNT_FREE);
      expect(all.filter((r) => !r.reserved).map((r) => r.wait)).toEqual(Array(30 - ACCOUNT_FREE).fill(1));
    } finally {
      if (other !== s.handle) await other.close();
    }
  }, 60_000);

  it('slows an email down with growing waits, never checks a password during one, and lets the right one in after', async () => {
    const email = emailOf('classified', 'bargaining-team');
    const from = fresh();
    for (let i = 0; i < ACCOUNT_FREE; i++) expect((await signIn(from, email, `wrong ${i}`)).status).toBe(401);
    // After the 5th failure the waits are 2^(F−5) s: 1, 2, 4, … 512, then 900 (the cap).
    const expected = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900];
    const seen: number[] = [];
    for (const wait of expected) {
      const refused = await signIn(from, email, PASSWORD); // even the right password: not checked
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('auth.throttled');
      seen.push(Number(refused.headers.get('retry-after')));
      later(wait - 1);
      expect((await signIn(from, email, 'still wrong')).status).toBe(429);
      later(1);
      expect((await signIn(from, email, 'wrong again')).status).toBe(401);
    }
    expect(seen).toEqual(expected);
    later(CAP_SECONDS);
    const right = await signIn(from, email, PASSWORD);
    expect(right.status).toBe(200);
    // A successful sign-in forgets the email's failures: the next wrong one is heard at once.
    expect((await signIn(from, email, 'a fresh typo')).status).toBe(401);
  }, 120_000);

  it('answers a known and an unknown email identically, in status, body and headers, under the same attempts', async () => {
    const known = emailOf('otherTeachers', 'bargaining-team');
    const unknown = 'nobody-here@other-teachers.test';
    const run = async (email: string, address: string) => {
      const answers = [];
      for (let i = 0; i < ACCOUNT_FREE + 2; i++) answers.push(observed(await signIn(address, email, `wrong ${i}`)));
      later(1);
      answers.push(observed(await signIn(address, email, 'wrong after the wait')));
      answers.push(observed(await signIn(fresh(), email, 'wrong from a new address')));
      return answers;
    };
    const a = await run(known, fresh());
    const b = await run(unknown, fresh());
    // 5 × 401, then 429 (1 s), 429 (1 s), after 1 s a 401, then the new address heard: 401.
    expect(a.map((x) => x.status)).toEqual([401, 401, 401, 401, 401, 429, 429, 401, 401]);
    expect(b).toEqual(a);
  }, 60_000);

  it('checks no more than the free failures when 30 wrong passwords for one email arrive at once', async () => {
    const email = emailOf('otherDistrict', 'budget-analyst');
    const from = fresh();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(from, email, `parallel guess ${i}`)));
    const checked = answers.filter((a) => a.status === 401).length;
    // 5 free failures: at most 5 checks at once, and none once 5 have failed.
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_FREE);
    expect(answers.filter((a) => a.status === 429).length).toBe(30 - checked);
  }, 60_000);

  it('hears a new client address while the email waits, so an attacker cannot keep the person out', async () => {
    const email = emailOf('teachers', 'site-captain');
    const attacker = fresh();
    for (let i = 0; i < ACCOUNT_FREE; i++) await signIn(attacker, email, `guess ${i}`);
    expect((await signIn(attacker, email, 'guess again')).status).toBe(429);
    // Another address gets two tries (fewer than 2 failures there) even during the wait…
    const other = fresh();
    expect((await signIn(other, email, 'typo')).status).toBe(401);
    expect((await signIn(other, email, 'typo 2')).status).toBe(401);
    expect((await signIn(other, email, 'typo 3')).status).toBe(429);
    // …and the person, from their own address, signs in with the right password.
    expect((await signIn(fresh(), email, PASSWORD)).status).toBe(200);
  }, 60_000);

  it(`stops hearing new addresses after ${ACCOUNT_HOURLY} failures for an email in an hour, and checks at most 100 passwords per email per hour`, async () => {
    const email = emailOf('teachers', 'member');
    // 1,000 wrong passwords over an hour (one every 3.6 s), each from a new address.
    let checked = 0;
    for (let i = 0; i < 1000; i++) {
      const r = await signIn(fresh(), email, `botnet ${i}`);
      if (r.status === 401) checked++;
      else expect(r.status).toBe(429);
      later(3.6);
    }
    // Heard: every new address until 50 failures in the last hour, then one per expired wait (≤ 900 s).
    expect(checked).toBeGreaterThanOrEqual(ACCOUNT_HOURLY);
    expect(checked).toBeLessThanOrEqual(100);
  }, 300_000);

  it(`slows one address across emails after ${ADDRESS_FREE} failures, whatever the emails, and not the others`, async () => {
    const noisy = fresh();
    for (let i = 0; i < ADDRESS_FREE; i++) expect((await signIn(noisy, `stranger-${i}@example.org`, 'password guess')).status).toBe(401);
    const next = await signIn(noisy, 'stranger-next@example.org', 'password guess');
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe('1'); // 20 failures → 2^0 s
    // The right password from that address waits too; from any other address it works.
    expect((await signIn(noisy, emailOf('district', 'budget-analyst'), PASSWORD)).status).toBe(429);
    expect((await signIn(fresh(), emailOf('district', 'budget-analyst'), PASSWORD)).status).toBe(200);
    later(1);
    expect((await signIn(noisy, emailOf('district', 'budget-analyst'), PASSWORD)).status).toBe(200);
  }, 60_000);

  it("lets an admin clear a person's wait (audited), and only in the admin's own workspace", async () => {
    const email = emailOf('teachers', 'organizer');
    const from = fresh();
    for (let i = 0; i < ACCOUNT_FREE; i++) await signIn(from, email, `wrong ${i}`);
    expect((await signIn(from, email, PASSWORD)).status).toBe(429);
    const person = await s.handle.db.selectFrom('people').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const across = await (await s.as('district', 'admin')).request('DELETE', `/api/people/${person.id}/sign-in-throttle`);
    expect(across.status).toBe(404);
    expect((await signIn(from, email, PASSWORD)).status).toBe(429);
    const admin = await s.as('teachers', 'admin');
    const cleared = await admin.request('DELETE', `/api/people/${person.id}/sign-in-throttle`);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ cleared: ACCOUNT_FREE });
    const log = await admin.request('GET', '/api/audit?limit=1');
    expect(log.body.entries[0]).toMatchObject({ person: 'Tiny Teachers admin', action: 'person.sign-in-throttle-clear', subject: `people/${person.id}` });
    expect((await signIn(from, email, PASSWORD)).status).toBe(200);
  }, 60_000);
});
