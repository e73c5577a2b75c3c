/**
 * The check-in fast path (src/server/pickets/checkin-fast.ts) answers exactly as the ordinary
 * route does. A real Node HTTP server runs the app behind the fast path; the ordinary listener
 * it hands requests to counts them, so each case shows which path answered. The same check-ins go
 * both ways (the ordinary way is forced with a body of unknown length, sent chunked), and:
 *
 * - an ordinary check-in is answered by the fast path: 200, the same answer shape, and every
 *   header the ordinary route sets (security headers, CSP, no-store) with the same value;
 * - an action sent again either way is `duplicate`, stored once;
 * - each refusal (a body that is not JSON, one the schema refuses, a session that does not
 *   exist, a person removed, the district, a wrong CSRF token) is the ordinary route's answer,
 *   status and body, word for word;
 * - the fast path's own failure is a 500 with the headers of every API answer (no-store, CSP).
 */
import { getRequestListener } from '@hono/node-server';
import { listenOnLoopback } from './helpers/listen.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/server/app.ts';
import { withCheckInFastPath } from '../src/server/pickets/checkin-fast.ts';
import { eachDatabase } from './helpers/databases.ts';
import { actionMaker, seedMorning, type Loader } from './helpers/checkin-load.ts';
import { emailOf, PASSWORD, startTestServer, type TestServer } from './helpers/server.ts';
import { csrfTokenFor } from '../src/server/auth/tokens.ts';
import { coalescerOf, UNION_QUEUE_ACTIONS } from '../src/server/pickets/coalescer.ts';

interface Answer { status: number; body: any; headers: Record<string, string> }

eachDatabase('the check-in fast path', (dialect) => {
  let s: TestServer;
  let closeServer: (() => Promise<void>) | undefined;
  let base = '';
  let loader: Loader;
  let ordinaryCalls = 0;
  let failHandOver = false;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    s.clock.now = new Date(); // the morning below is happening now
    loader = await seedMorning(s.options, dialect, 5);
    const ordinary = getRequestListener(s.app.fetch);
    // Counted: requests handed to the ordinary stack, before their body is read or after.
    const app = {
      fetch: (r: Request, env?: unknown) => {
        if (failHandOver && r.headers.has('cookie')) throw new Error('the app failed (test)');
        if (r.headers.has('cookie')) ordinaryCalls++;
        return s.app.fetch(r, env as never);
      },
    };
    ({ base, close: closeServer } = await listenOnLoopback(withCheckInFastPath(s.deps, app, (req, res) => {
      ordinaryCalls++;
      return ordinary(req, res);
    }, { bodyLimit: BODY_LIMIT })));
  }, 120_000);
  afterAll(async () => {
    await closeServer?.();
    await s?.close();
  });

  /** POSTs a check-in body; `chunked` sends it with no length, which the fast path leaves to the ordinary route. */
  async function post(body: string, o: { cookie: string; csrf: string; chunked?: boolean }): Promise<Answer & { ordinary: boolean }> {
    const before = ordinaryCalls;
    const payload = o.chunked ? new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(body)); c.close(); } }) : body;
    const res = await fetch(`${base}/api/pickets/check-ins`, {
      method: 'POST', body: payload, headers: { 'content-type': 'application/json', cookie: o.cookie, 'x-csrf-token': o.csrf }, ...(o.chunked ? { duplex: 'half' } : {}),
    } as RequestInit);
    const text = await res.text();
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) headers[k] = v;
    });
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
    return { status: res.status, body: parsed, headers, ordinary: ordinaryCalls > before };
  }

  it('answers an ordinary check-in itself, with the ordinary answer and headers, and a resend either way is a duplicate', async () => {
    const next = actionMaker(loader, `fast-${dialect}`);
    const a = next();
    const b = next();
    const fast = await post(a.body, a.member);
    const ordinary = await post(b.body, { ...b.member, chunked: true });
    expect(fast.ordinary).toBe(false);
    expect(ordinary.ordinary).toBe(true);
    expect([fast.status, ordinary.status]).toEqual([200, 200]);
    expect(fast.headers).toEqual(ordinary.headers);
    expect(fast.headers['content-security-policy']).toBeTruthy();
    expect(fast.headers['cache-control']).toContain('no-store');
    // The same answer but for the member, the device id and the times.
    const shape = (x: any) => JSON.parse(JSON.stringify(x), (k, v) => (['id', 'memberRowId', 'shiftId', 'checkedInAt', 'checkedOutAt', 'at'].includes(k) ? typeof v : v));
    expect(shape(fast.body)).toEqual(shape(ordinary.body));
    expect(fast.body.results[0]).toMatchObject({ id: a.id, outcome: 'recorded' });
    expect(ordinary.body.results[0]).toMatchObject({ id: b.id, outcome: 'recorded' });

    // Sent again, the other way each: stored once.
    expect((await post(a.body, { ...a.member, chunked: true })).body.results[0]).toMatchObject({ id: a.id, outcome: 'duplicate' });
    const again = await post(b.body, b.member);
    expect(again.ordinary).toBe(false);
    expect(again.body.results[0]).toMatchObject({ id: b.id, outcome: 'duplicate' });
    const stored = await s.handle.db.selectFrom('picket_actions').select('device_action_id').where('device_action_id', 'in', [a.id, b.id]).execute();
    expect(stored.map((r) => r.device_action_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('answers its own failure 500 with the headers of every API answer', async () => {
    const next = actionMaker(loader, `fail-${dialect}`);
    const ok = next();
    const served = await post(ok.body, ok.member);
    expect([served.ordinary, served.status]).toEqual([false, 200]);
    // A body that does not parse is handed to the app; the app failing there is the fast path's own error.
    failHandOver = true;
    let failed: Answer;
    try {
      failed = await post('{not json', ok.member);
    } finally {
      failHandOver = false;
    }
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ code: 'internal' });
    expect(failed.headers).toEqual(served.headers);
    expect(failed.headers['cache-control']).toContain('no-store');
  });

  it('gives every refusal as the ordinary route does, word for word', async () => {
    const next = actionMaker(loader, `refuse-${dialect}`);
    const a = next();
    const member = a.member;
    // A session that does not exist (its CSRF token is right for it, so only the batch can tell).
    const ghostToken = 'no-such-session-token-0123456789';
    const ghost = { cookie: `__Host-sid=${ghostToken}`, csrf: csrfTokenFor(ghostToken) };
    const cases: { name: string; body: string; who: { cookie: string; csrf: string }; status: number }[] = [
      { name: 'not JSON', body: '{"actions": [', who: member, status: 400 },
      { name: 'refused by the schema', body: JSON.stringify({ actions: [{ id: 'x', shiftId: 'one', action: 'in', at: 'now' }] }), who: member, status: 400 },
      { name: 'no actions', body: JSON.stringify({ actions: [] }), who: member, status: 400 },
      { name: 'a field of its own', body: JSON.stringify({ actions: JSON.parse(a.body).actions, extra: 1 }), who: member, status: 400 },
      { name: 'no such session', body: a.body, who: ghost, status: 401 },
      { name: 'a wrong CSRF token', body: a.body, who: { cookie: member.cookie, csrf: 'wrong' }, status: 403 },
    ];
    for (const c of cases) {
      const fast = await post(c.body, c.who);
      const ordinary = await post(c.body, { ...c.who, chunked: true });
      expect({ name: c.name, status: fast.status, body: fast.body, headers: fast.headers }).toEqual({ name: c.name, status: ordinary.status, body: ordinary.body, headers: ordinary.headers });
      expect({ name: c.name, status: fast.status }).toEqual({ name: c.name, status: c.status });
    }
    // Nothing of any refused request was stored.
    const stored = await s.handle.db.selectFrom('picket_actions').select('id').where('device_action_id', '=', a.id).execute();
    expect(stored).toEqual([]);
  });

  it('hands a removed person\'s check-in and the district\'s to the ordinary route, which refuses them', async () => {
    const next = actionMaker(loader, `removed-${dialect}`);
    const a = next();
    await s.handle.db.updateTable('people').set({ removed_at: s.clock.now.toISOString() }).where('id', '=', a.member.personId).execute();
    try {
      const fast = await post(a.body, a.member);
      const ordinary = await post(a.body, { ...a.member, chunked: true });
      expect(fast.ordinary).toBe(true);
      expect({ status: fast.status, body: fast.body }).toEqual({ status: ordinary.status, body: ordinary.body });
      expect(fast.status).toBe(401);
    } finally {
      await s.handle.db.updateTable('people').set({ removed_at: null }).where('id', '=', a.member.personId).execute();
    }
    // The district's negotiator: a session of a district person, with its right CSRF token.
    const signIn = await s.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: emailOf('district', 'negotiator'), password: PASSWORD }) });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    const { csrfToken } = (await signIn.json()) as { csrfToken: string };
    const fast = await post(a.body, { cookie, csrf: csrfToken });
    const ordinary = await post(a.body, { cookie, csrf: csrfToken, chunked: true });
    expect(fast.ordinary).toBe(true);
    expect({ status: fast.status, body: fast.body }).toEqual({ status: ordinary.status, body: ordinary.body });
    expect(fast.status).toBe(404);
  });
});

describe('what waits in the unions\' check-in queue', () => {
  eachDatabase('the check-in queue', (dialect) => {
    let s: TestServer;
    let closeServer: (() => Promise<void>) | undefined;
    let base = '';
    let loader: Loader;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      s.clock.now = new Date();
      loader = await seedMorning(s.options, dialect, 3);
      ({ base, close: closeServer } = await listenOnLoopback(withCheckInFastPath(s.deps, s.app, getRequestListener(s.app.fetch), { bodyLimit: BODY_LIMIT })));
    }, 120_000);
    afterAll(async () => {
      await closeServer?.();
      await s?.close();
    });
    const send = async (body: string, who: { cookie: string; csrf: string }) => {
      const r = await fetch(`${base}/api/pickets/check-ins`, { method: 'POST', body, headers: { 'content-type': 'application/json', cookie: who.cookie, 'x-csrf-token': who.csrf } });
      return { status: r.status, body: await r.json() as any };
    };

    it('never queues a made-up session\'s check-ins or the district\'s: only a union member\'s wait for the batch', async () => {
      const queue = coalescerOf(s.deps);
      const next = actionMaker(loader, `gate-${dialect}`);
      const a = next();
      // A session token anyone can make up, with the CSRF token derived from it.
      const ghostToken = 'made-up-session-token-0123456789';
      const before = queue.stats.jobs;
      const ghost = await send(a.body, { cookie: `__Host-sid=${ghostToken}`, csrf: csrfTokenFor(ghostToken) });
      expect([ghost.status, ghost.body.code]).toEqual([401, 'auth.required']);
      const signIn = await s.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: emailOf('district', 'admin'), password: PASSWORD }) });
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
      const { csrfToken } = (await signIn.json()) as { csrfToken: string };
      expect((await send(a.body, { cookie, csrf: csrfToken })).status).toBe(404);
      // Neither joined a batch (the ordinary route refuses both before the queue).
      expect(queue.stats.jobs).toBe(before);
      // A member's check-in does.
      const ok = await send(a.body, a.member);
      expect([ok.status, ok.body.results[0].outcome]).toEqual([200, 'recorded']);
      expect(queue.stats.jobs).toBe(before + 1);
    });

    it('keeps room for other unions when one union fills its share of the queue', async () => {
      const queue = coalescerOf(s.deps);
      const action = JSON.parse(actionMaker(loader, `share-${dialect}`)().body).actions[0];
      // Sessions that do not exist: the batch reads none and writes nothing.
      const job = (n: number) => ({ tokenHash: 'no-such-session', receivedAt: new Date().toISOString(), actions: Array.from({ length: n }, () => action) });
      const first = queue.submit(job(UNION_QUEUE_ACTIONS), 1);
      // Union 1's share is full: its next action is refused at once; union 2's is queued.
      await expect(queue.submit(job(1), 1)).rejects.toMatchObject({ status: 503, body: { code: 'picket.busy' } });
      const other = queue.submit(job(1), 2);
      for (const a of await Promise.all([first, other])) expect('results' in a).toBe(false);
      // Once written (here: refused, its session unknown), the share is free again.
      expect('results' in (await queue.submit(job(1), 1))).toBe(false);
    }, 60_000);
  });
});

describe('the session cookie as the fast path reads it', () => {
  it('finds the named cookie among others, quoted or not, and nothing in its absence', async () => {
    const { sessionToken } = await import('../src/server/http/fast-path.ts');
    expect(sessionToken('a=1; __Host-sid=tok; b=2', '__Host-sid')).toBe('tok');
    expect(sessionToken('__Host-sid="tok"', '__Host-sid')).toBe('tok');
    expect(sessionToken('sid=other; x=1', '__Host-sid')).toBeNull();
    expect(sessionToken(undefined, 'sid')).toBeNull();
  });
});
