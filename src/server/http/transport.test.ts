/**
 * Deployment: `settle serve` on an address other machines reach refuses plain HTTP unless told
 * it is behind a TLS proxy (then the proxy's X-Forwarded-* are trusted and the cookie stays
 * Secure) or explicitly insecure (cookies without Secure, a warning at start and on every
 * answer). A sign-in whose Secure cookie the browser would drop is answered with why
 * (400 session.needs-https), never silently.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/cli.ts';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { emailOf, PASSWORD, startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { spawnServer } from '../../../test/helpers/spawn-server.ts';
import { createApp } from '../app.ts';
import type { AppEnv, Deps } from '../env.ts';
import { rowCounts } from '../proposals/test-world.ts';
import { clientAddress, INSECURE_HEADER, isLoopback, transportFor, TransportRefused } from './transport.ts';

describe('which transport an address and flags give', () => {
  it('knows loopback addresses from the others', () => {
    for (const h of ['127.0.0.1', '127.8.9.10', 'localhost', 'app.localhost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.5', '10.0.0.2', 'example.org', '128.0.0.1', '127.0.0.300', '::ffff:10.0.0.1']) expect(isLoopback(h), h).toBe(false);
  });

  it('refuses a non-loopback address with neither flag, naming both ways out', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.5']) {
      expect(() => transportFor({ host }), host).toThrow(TransportRefused);
      expect(() => transportFor({ host })).toThrow(/--behind-proxy[\s\S]*--insecure-http/);
    }
    expect(transportFor({ host: '127.0.0.1' })).toBe('local');
    expect(transportFor({ host: '0.0.0.0', behindProxy: true })).toBe('behind-proxy');
    expect(transportFor({ host: '127.0.0.1', behindProxy: true })).toBe('behind-proxy');
    expect(transportFor({ host: '0.0.0.0', insecureHttp: true })).toBe('insecure-http');
    expect(() => transportFor({ host: '0.0.0.0', behindProxy: true, insecureHttp: true })).toThrow(/contradict/);
  });

  it('settle serve --host 0.0.0.0 exits 2 before opening the database, and says what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'settle-transport-'));
    try {
      for (const args of [['--host', '0.0.0.0'], ['--host', '192.168.1.5'], ['--host', '0.0.0.0', '--behind-proxy', '--insecure-http']]) {
        const r = await runCli('serve', '--db', join(dir, 'x.sqlite'), '--port', '0', ...args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.out).toBe('');
        expect(r.err).toMatch(args.length === 2 ? /refusing to listen on .* over plain HTTP[\s\S]*--behind-proxy[\s\S]*docs\/deploy\.md[\s\S]*--insecure-http/ : /contradict/);
      }
      expect(existsSync(join(dir, 'x.sqlite'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the client address from the proxy\'s X-Forwarded-For only behind a proxy', async () => {
    const probe = (behindProxy: boolean) => {
      const app = new Hono<AppEnv>();
      app.use('*', async (c, next) => { c.set('deps', { behindProxy } as Deps); await next(); });
      app.get('/', (c) => c.text(String(clientAddress(c))));
      return app;
    };
    // The proxy appends the address it saw last; what the client wrote before it is not believed.
    const headers = { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' };
    expect(await (await probe(true).request('/', { headers })).text()).toBe('203.0.113.9');
    expect(await (await probe(false).request('/', { headers })).text()).toBe('null');
  });
});

eachDatabase('signing in over each transport', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  }, 60_000);
  afterAll(async () => s?.close());

  const signIn = (app: { request: TestServer['app']['request'] }, url: string, headers: Record<string, string> = {}, password = PASSWORD) =>
    app.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ email: emailOf('teachers', 'admin'), password }) });

  it('answers a plain-HTTP sign-in from another machine with 400 session.needs-https, before checking the password, and sets no cookie', async () => {
    const before = await rowCounts(s);
    for (const password of [PASSWORD, 'a wrong password']) {
      const res = await signIn(s.app, 'http://192.168.1.5:8787/api/session', {}, password);
      const body = (await res.json()) as Record<string, string>;
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ code: 'session.needs-https', message: expect.stringContaining('plain HTTP to 192.168.1.5'), hint: expect.stringMatching(/https:\/\/[\s\S]*127\.0\.0\.1[\s\S]*--insecure-http/) });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const accept = await s.app.request('http://192.168.1.5:8787/api/invitations/accept', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'x'.repeat(20), password: 'a long passphrase' }) });
    expect([accept.status, ((await accept.json()) as { code: string }).code]).toEqual([400, 'session.needs-https']);
    // A proxy in front that settle was not told about: the hint says which flag.
    const proxied = await signIn(s.app, 'http://settle.example.org/api/session', { 'x-forwarded-proto': 'https' });
    expect(((await proxied.json()) as { hint: string }).hint).toContain('--behind-proxy');
    expect(await rowCounts(s)).toEqual(before);
    // On this machine (http://localhost) browsers keep Secure cookies: signed in.
    const local = await signIn(s.app, 'http://localhost:8787/api/session');
    expect(local.status).toBe(200);
    expect(local.headers.get('set-cookie')).toMatch(/^__Host-sid=[^;]+;.*Secure/);
  });

  it('behind a proxy keeps the Secure __Host- cookie for HTTPS browsers and explains a plain-HTTP one', async () => {
    const app = createApp({ ...s.deps, behindProxy: true });
    const https = await signIn(app, 'http://127.0.0.1:8787/api/session', { host: 'settle.example.org', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
    expect(https.status).toBe(200);
    expect(https.headers.get('set-cookie')).toMatch(/^__Host-sid=[^;]+;.*Secure/);
    for (const proto of [{ 'x-forwarded-proto': 'http' }, {}] as Record<string, string>[]) {
      const res = await signIn(app, 'http://127.0.0.1:8787/api/session', proto);
      const body = (await res.json()) as { code: string; hint: string };
      expect([res.status, body.code]).toEqual([400, 'session.needs-https']);
      expect(body.hint).toContain('X-Forwarded-Proto');
    }
  });

  it('with --insecure-http signs in from another machine with a cookie without Secure, and says it is insecure on every answer', async () => {
    const app = createApp({ ...s.deps, secureCookies: false }, { insecureHttp: true });
    const res = await signIn(app, 'http://192.168.1.5:8787/api/session');
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sid=/);
    expect(cookie).not.toMatch(/Secure/i);
    for (const path of ['/api/health', '/api/session', '/api/nothing-here', '/api/public/proposals']) {
      expect((await app.request(`http://192.168.1.5:8787${path}`)).headers.get(INSECURE_HEADER), path).toMatch(/plain HTTP/);
    }
    expect(await (await app.request('/api/config')).json()).toMatchObject({ insecureHttp: true });
    // The ordinary server says nothing of the kind.
    expect((await s.app.request('/api/health')).headers.get(INSECURE_HEADER)).toBeNull();
    expect(await (await s.app.request('/api/config')).json()).toMatchObject({ insecureHttp: false });
  });
});

describe('settle serve as a process, on every interface', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'settle-serve-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A raw request with the Host and forwarding headers a proxy would send. */
  const post = (url: string, path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const u = new URL(url);
      const body = JSON.stringify({ email: 'nobody@example.org', password: 'not a real password' });
      const req = httpRequest({ host: '127.0.0.1', port: u.port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (t: string) => void (text += t)).on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('--behind-proxy: answers a sign-in the proxy forwarded from HTTPS, and explains one from plain HTTP', async () => {
    const server = await spawnServer({ db: join(dir, 'proxy.sqlite'), args: ['--host', '0.0.0.0', '--behind-proxy'] });
    try {
      expect(server.log()).toContain('Behind a TLS proxy');
      const viaHttps = await post(server.url, '/api/session', { host: 'settle.example.org', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' });
      // Past the transport check: the (unknown) account is refused as a wrong password is.
      expect([viaHttps.status, viaHttps.body.code]).toEqual([401, 'auth.invalid']);
      const viaHttp = await post(server.url, '/api/session', { host: 'settle.example.org', 'x-forwarded-proto': 'http' });
      expect([viaHttp.status, viaHttp.body.code]).toEqual([400, 'session.needs-https']);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('--insecure-http: warns loudly at start and marks every answer', async () => {
    const server = await spawnServer({ db: join(dir, 'insecure.sqlite'), args: ['--host', '0.0.0.0', '--insecure-http'] });
    try {
      expect(server.log()).toMatch(/WARNING: --insecure-http[\s\S]*unencrypted/);
      const res = await fetch(`${server.url.replace('0.0.0.0', '127.0.0.1')}/api/health`);
      expect(res.headers.get(INSECURE_HEADER)).toMatch(/plain HTTP/);
      const signIn = await post(server.url, '/api/session', { host: '192.168.1.5:8787' });
      expect([signIn.status, signIn.body.code]).toEqual([401, 'auth.invalid']);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
