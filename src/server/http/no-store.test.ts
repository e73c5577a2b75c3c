/**
 * No private answer is kept by a browser or a proxy: every route of the OpenAPI document that
 * is not public answers with `Cache-Control: no-store`, signed in or not, success or error;
 * the public record keeps its own caching.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { PUBLIC_API } from './no-store.ts';

eachDatabase('Cache-Control on API answers', (dialect) => {
  let s: TestServer;
  let routes: { method: string; path: string }[] = [];
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    const doc = await s.anonymous().request('GET', '/api/openapi.json');
    for (const [path, ops] of Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) routes.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') });
    }
    routes = routes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  }, 60_000);
  afterAll(async () => s?.close());

  const ask = (c: Client, r: { method: string; path: string }) =>
    c.request(r.method, r.method === 'GET' && r.path.includes('compare') ? `${r.path}?versions=1,2` : r.path, r.method === 'GET' || r.method === 'DELETE' ? undefined : {});

  it('marks every answer of every private route no-store, for anyone, success or error', async () => {
    const privateRoutes = routes.filter((r) => !PUBLIC_API.test(r.path));
    // The document lists the workspace's routes: sessions, people, datasets, proposals, reports.
    expect(privateRoutes.length).toBeGreaterThan(20);
    const admin = await s.as('district', 'admin');
    const wrong: string[] = [];
    const statuses = new Set<number>();
    for (const r of privateRoutes) {
      for (const [who, c] of [['anonymous', s.anonymous()], ['district admin', admin]] as const) {
        const a = await ask(c, r);
        statuses.add(a.status);
        if (a.headers.get('cache-control') !== 'no-store') wrong.push(`${who} ${r.method} ${r.path} → ${a.status} Cache-Control: ${a.headers.get('cache-control')}`);
      }
    }
    // Successes and the error statuses all seen (200 signed in; 400 bad body, 401 nobody, 404 no such id).
    expect([...statuses].filter((x) => [200, 400, 401, 404].includes(x)).sort()).toEqual([200, 400, 401, 404]);
    expect(wrong).toEqual([]);
  });

  it('marks an unknown API route, a refused CSRF and an oversized body no-store too', async () => {
    const admin = await s.as('district', 'admin');
    const none = await s.anonymous().request('GET', '/api/no-such-route');
    expect([none.status, none.headers.get('cache-control')]).toEqual([404, 'no-store']);
    const csrf = await admin.request('POST', '/api/invitations', { email: 'x@y.test', name: 'X', role: 'admin' }, { 'x-csrf-token': 'wrong' });
    expect([csrf.status, csrf.body.code, csrf.headers.get('cache-control')]).toEqual([403, 'auth.csrf', 'no-store']);
    const big = await admin.request('POST', '/api/costings', `{"yaml":"${'a'.repeat(1024 * 1024 + 10)}"}`, { 'content-type': 'application/json' });
    expect([big.status, big.headers.get('cache-control')]).toEqual([413, 'no-store']);
  });

  it('leaves the public record, health, config and the document their own caching', async () => {
    const anon = s.anonymous();
    const list = await anon.request('GET', '/api/public/proposals');
    expect([list.status, list.headers.get('cache-control')]).toEqual([200, 'public, max-age=10']);
    for (const path of ['/api/health', '/api/config', '/api/openapi.json']) {
      const a = await anon.request('GET', path);
      expect(a.status, path).toBe(200);
      expect(a.headers.get('cache-control'), path).not.toBe('no-store');
    }
  });
});
