/**
 * The public answers' fast path (src/server/public/fast.ts) answers exactly as the ordinary routes
 * do. A real Node HTTP server runs the app behind the fast path; the ordinary listener it hands
 * requests to counts them, so each case shows which path answered. The same request goes both
 * ways (the ordinary way is forced with a session cookie, which the fast path never takes), and:
 *
 * - GET /api/public/sites and /api/public/sites/live (and ?date=), /api/public/sites/zips and, once its answer is kept,
 *   /api/public/proposals are answered by the fast path with the same status, bytes and headers
 *   (security headers, CSP, ETag, Cache-Control, Vary, Content-Encoding), plain, gzipped and 304;
 * - what it does not answer (a date that does not exist, another query, HEAD, POST, the list not
 *   yet kept) is the ordinary route's answer;
 * - a publication made through this process shows at once; one made through another process
 *   (another app on the same database) shows within a few seconds; a site administrator's count
 *   changes the live status within 10 s.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { listenOnLoopback } from './helpers/listen.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDatasetVersion, raiseYaml } from '../src/server/proposals/test-world.ts';
import { withPublicFastPath } from '../src/server/public/fast.ts';
import { todayIn } from '../src/server/public/sites-choose.ts';
import { eachDatabase } from './helpers/databases.ts';
import { anotherApp, startTestServer, type TestServer } from './helpers/server.ts';
import { plantSiteDay } from './helpers/site-day.ts';
import { publishSiteDay } from './helpers/site-publication.ts';
import { JSON_POLICY } from '../src/server/http/security-headers.ts';

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; ordinary: boolean }

/** Headers that differ between any two answers (the time), or that only a session-cookie request gets. */
const VARYING = new Set(['date', 'set-cookie', 'connection', 'keep-alive', 'transfer-encoding']);

eachDatabase('the public answers\' fast path', (dialect) => {
  let s: TestServer;
  let closeServer: (() => Promise<void>) | undefined;
  let base = '';
  let ordinaryCalls = 0;
  let dayId = 0;
  let admin = 0;
  const today = todayIn(new Date());

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    s.clock.now = new Date(); // the strike day below is today
    await addDatasetVersion(s, 'district');
    const team = await s.as('teachers', 'bargaining-team');
    for (const pct of [1, 2]) {
      const v = await team.request('POST', '/api/proposals', { yaml: raiseYaml(pct) });
      await team.request('POST', `/api/proposal-versions/${v.body.id}/pass`);
      expect((await team.request('POST', `/api/proposal-versions/${v.body.id}/publish`)).status).toBe(201);
    }
    admin = (await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', s.orgId.district).where('role', '=', 'admin').executeTakeFirstOrThrow()).id;
    const dv = (await s.handle.db.selectFrom('dataset_versions').select('id').executeTakeFirstOrThrow()).id;
    // 30 sites, so the answer is past the 1 KB from which it is gzipped.
    const sites = Array.from({ length: 30 }, (_, i) => ({ schoolId: `E${String(i + 1).padStart(4, '0')}`, name: `School ${i + 1}`, status: 'supervision' as const, opens: '08:00', closes: '18:00', capacity: 50, latitude: 34 + i / 100, longitude: -118.3, address: `${i + 1} Main St, Los Angeles, CA 9001${i % 10}` }));
    ({ dayId } = await plantSiteDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.district, datasetVersionId: dv, personId: admin, date: today, label: 'Strike day 1', sites }));
    await publishSiteDay(s.handle.db, s.deps.ids, { dayId, organizationId: s.orgId.district, personId: admin, at: s.clock.now.toISOString() });
    const ordinary = getRequestListener(s.app.fetch);
    ({ base, close: closeServer } = await listenOnLoopback(withPublicFastPath(s.deps, s.app, (req, res) => {
      ordinaryCalls++;
      return ordinary(req, res);
    })));
  }, 120_000);
  afterAll(async () => {
    await closeServer?.();
    await s?.close();
  });

  /** A request through the server (node:http, so the bytes come as sent: no decompression). */
  function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
    const before = ordinaryCalls;
    return new Promise((resolve, reject) => {
      const r = httpRequest(`${base}${path}`, { method, headers }, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ordinary: ordinaryCalls > before }));
      });
      r.on('error', reject);
      r.end();
    });
  }
  const cookie = { cookie: '__Host-sid=not-a-session' };
  const text = (a: Answer) => (a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body).toString('utf8');
  const steady = (a: Answer) => Object.fromEntries(Object.entries(a.headers).filter(([k]) => !VARYING.has(k)).sort(([x], [y]) => x.localeCompare(y)));

  /** The same request both ways: the fast path answers the first, the ordinary stack the second, alike. */
  async function alike(path: string, headers: Record<string, string> = {}) {
    const fast = await send('GET', path, headers);
    const slow = await send('GET', path, { ...headers, ...cookie });
    expect(fast.ordinary, `${path} answered by the fast path`).toBe(false);
    expect(slow.ordinary).toBe(true);
    expect(fast.status).toBe(slow.status);
    expect(steady(fast)).toEqual(steady(slow));
    expect(fast.body.equals(slow.body), `${path}: the same bytes`).toBe(true);
    return fast;
  }

  describe('answers as the ordinary routes do', () => {
    for (const [name, headers] of [['plain', {}], ['gzip', { 'accept-encoding': 'gzip, deflate' }]] as const) {
      it(`GET /api/public/sites, ${name}`, async () => {
        const a = await alike('/api/public/sites', headers);
        expect(a.status).toBe(200);
        expect(a.headers['content-encoding']).toBe(name === 'gzip' ? 'gzip' : undefined);
        // A JSON answer's policy (src/server/http/security-headers.ts), and no document-only headers.
        expect(a.headers['content-security-policy']).toBe(JSON_POLICY);
        expect(a.headers['x-frame-options']).toBeUndefined();
        expect(a.headers['x-content-type-options']).toBe('nosniff');
        expect(a.headers['cache-control']).toBe('public, max-age=5');
        const body = JSON.parse(text(a));
        expect(body.day.date).toBe(today);
        expect(body.day.sites).toHaveLength(30);
        await alike(`/api/public/sites?date=${today}`, headers);
        const live = await alike('/api/public/sites/live', headers);
        const statuses = JSON.parse(text(live));
        expect(statuses.date).toBe(today);
        expect(statuses.live.E0001).toBeUndefined(); // open: not listed
        await alike(`/api/public/sites/live?date=${today}`, headers);
      });
      it(`GET /api/public/sites/zips, ${name}`, async () => {
        const a = await alike('/api/public/sites/zips', headers);
        expect(a.status).toBe(200);
        expect(a.headers['cache-control']).toBe('public, max-age=300');
      });
    }

    it('answers If-None-Match with 304 and no body, for either encoding\'s tag', async () => {
      const plain = await send('GET', '/api/public/sites');
      const gz = await send('GET', '/api/public/sites', { 'accept-encoding': 'gzip' });
      expect(plain.headers.etag).not.toBe(gz.headers.etag);
      for (const tag of [plain.headers.etag as string, gz.headers.etag as string, `W/${gz.headers.etag as string}`]) {
        const a = await alike('/api/public/sites', { 'if-none-match': tag, 'accept-encoding': 'gzip' });
        expect(a.status).toBe(304);
        expect(a.body.length).toBe(0);
      }
      expect((await alike('/api/public/sites', { 'if-none-match': '"another"' })).status).toBe(200);
    });

    it('GET /api/public/proposals: the ordinary route builds the list, then the fast path sends it', async () => {
      // The state read at most once a second: past it, nothing is kept for the state read now.
      await new Promise((r) => setTimeout(r, 1100));
      const first = await send('GET', '/api/public/proposals');
      const a = await alike('/api/public/proposals', { 'accept-encoding': 'gzip' });
      expect(a.status).toBe(200);
      expect(a.headers['cache-control']).toBe('public, max-age=10');
      expect(JSON.parse(text(a)).proposals).toHaveLength(2);
      expect(JSON.parse(first.body.toString('utf8')).proposals).toHaveLength(2);
    });
  });

  describe('leaves to the ordinary routes what it does not answer', () => {
    it.each([
      ['a date that does not exist', 'GET', '/api/public/sites?date=2026-02-30', 400],
      ['another query', 'GET', `/api/public/sites?date=${today}&x=1`, 200],
      ['a query on the ZIP codes', 'GET', '/api/public/sites/zips?x=1', 200],
      ['a path below', 'GET', '/api/public/sites/other', 404],
      ['HEAD', 'HEAD', '/api/public/sites', 200],
      ['POST', 'POST', '/api/public/sites', 404],
      ['a published version', 'GET', '/api/public/proposals/1', 404],
    ])('%s', async (_name, method, path, status) => {
      const a = await send(method, path);
      expect(a.ordinary).toBe(true);
      expect(a.status).toBe(status);
    });
  });

  describe('fresh', () => {
    it('a publication made through this process is in the next answer', async () => {
      const team = await s.as('teachers', 'bargaining-team');
      await send('GET', '/api/public/proposals'); // kept: the fast path would answer with two
      const v = await team.request('POST', '/api/proposals', { yaml: raiseYaml(3) });
      await team.request('POST', `/api/proposal-versions/${v.body.id}/pass`);
      expect((await team.request('POST', `/api/proposal-versions/${v.body.id}/publish`)).status).toBe(201);
      const a = await send('GET', '/api/public/proposals');
      expect(JSON.parse(a.body.toString('utf8')).proposals.map((p: { id: number }) => p.id)).toContain(v.body.id);
    });

    it('a publication made through another process shows within a few seconds', async () => {
      const other = await anotherApp(s);
      try {
        const team = await other.as('teachers', 'bargaining-team');
        await send('GET', '/api/public/proposals');
        const v = await team.request('POST', '/api/proposals', { yaml: raiseYaml(4) });
        await team.request('POST', `/api/proposal-versions/${v.body.id}/pass`);
        expect((await team.request('POST', `/api/proposal-versions/${v.body.id}/publish`)).status).toBe(201);
        const started = Date.now();
        let ids: number[] = [];
        while (Date.now() - started < 10_000 && !ids.includes(v.body.id)) {
          ids = JSON.parse((await send('GET', '/api/public/proposals')).body.toString('utf8')).proposals.map((p: { id: number }) => p.id);
          if (!ids.includes(v.body.id)) await new Promise((r) => setTimeout(r, 100));
        }
        expect(ids).toContain(v.body.id);
      } finally {
        await other.close();
      }
    });

    it('a site administrator\'s count turns a site full in the fast answer within 10 s', async () => {
      const live = async () => JSON.parse((await send('GET', '/api/public/sites/live')).body.toString('utf8')).live as Record<string, string>;
      expect((await live()).E0003).toBeUndefined(); // open: not listed
      await s.handle.db.updateTable('site_statuses').set({ children_present: 50, counted_at: new Date().toISOString() }).where('day_id', '=', dayId).where('school_id', '=', 'E0003').execute();
      const started = Date.now();
      let status = '';
      while (Date.now() - started < 10_000 && status !== 'full') {
        status = (await live()).E0003;
        if (status !== 'full') await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe('full');
    });
  });
});
