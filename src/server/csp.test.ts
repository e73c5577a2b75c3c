/**
 * The Content-Security-Policy on the web app's page and a static asset, the stricter one on an API
 * answer (and an error); the built index.html needs nothing the policy forbids; and the report endpoint logs
 * each violation in one line, refuses what is not a report, and bounds what it logs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emailOf, PASSWORD, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { createApp, type App } from './app.ts';
import { contentSecurityPolicy, CSP_LOG_PER_MINUTE, tileSource } from './csp.ts';

const TILES = { url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' };

/** The policy as a map from directive to its sources. */
function directives(header: string | null): Map<string, string[]> {
  expect(header, 'no Content-Security-Policy header').not.toBeNull();
  return new Map(header!.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

function expectStrict(header: string | null) {
  const d = directives(header);
  expect(d.get('default-src')).toEqual(["'self'"]);
  expect(d.get('script-src')).toEqual(["'self'"]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'none'"]);
  expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  expect(d.get('connect-src')).toEqual(["'self'"]);
  expect(d.get('form-action')).toEqual(["'self'"]);
  // Images: this server, data: URLs (Leaflet's own) and the tile server, whose {s} is any first label.
  expect(d.get('img-src')).toEqual(["'self'", 'data:', 'https://*.tiles.example.org']);
  expect(d.get('style-src-elem')).toEqual(["'self'"]);
  expect(d.get('report-uri')).toEqual(['/api/csp-report']);
  expect(d.get('report-to')).toEqual(['csp']);
  // Nowhere may a script run from an inline block, an attribute or eval.
  expect(header).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
}

describe('the Content-Security-Policy', () => {
  let s: TestServer;
  let app: App;
  const logged: string[] = [];
  beforeAll(async () => {
    s = await startTestServer({ dialect: 'sqlite' });
    app = createApp({ ...s.deps, log: (l) => void logged.push(l) }, { webRoot: inject('webRoot'), tiles: TILES });
  });
  afterAll(async () => {
    await app?.close();
    await s?.close();
  });

  it('is on the web app\'s page and a static asset, the same on both; JSON answers (errors too) carry a stricter, shorter one', async () => {
    const page = await app.request('/workspace/dataset?version=1');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const assetName = readdirSync(join(inject('webRoot'), 'assets')).find((n) => n.endsWith('.js'))!;
    const asset = await app.request(`/assets/${assetName}`);
    expect(asset.status).toBe(200);
    for (const r of [page, asset]) {
      expectStrict(r.headers.get('content-security-policy'));
      expect(r.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'));
      expect(r.headers.get('reporting-endpoints')).toBe('csp="/api/csp-report"');
      expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
    const api = await app.request('/api/config');
    expect(api.status).toBe(200);
    const error = await app.request('/api/proposals');
    expect(error.status).toBe(401);
    const missing = await app.request('/api/no-such-route');
    expect(missing.status).toBe(404);
    for (const r of [api, error, missing]) {
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      // Loads nothing, runs nothing, framed nowhere: every fetch directive falls back to 'none'.
      expect(directives(r.headers.get('content-security-policy'))).toEqual(new Map([['default-src', ["'none'"]], ['frame-ancestors', ["'none'"]]]));
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
      expect(r.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      // What speaks only to a document is left off.
      for (const name of ['reporting-endpoints', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-download-options', 'x-dns-prefetch-control', 'x-permitted-cross-domain-policies']) {
        expect(r.headers.get(name), name).toBeNull();
      }
    }
  });

  it('allows only this server\'s images without a tile server', () => {
    expect(directives(contentSecurityPolicy({ tiles: null })).get('img-src')).toEqual(["'self'", 'data:']);
    expect(tileSource('http://127.0.0.1:9/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9');
    expect(() => tileSource('https://tiles.{s}.example.org/{z}/{x}/{y}.png')).toThrow(/first part of its host name/);
    expect(() => tileSource('ftp://tiles.example.org/{z}/{x}/{y}.png')).toThrow(/http:\/\/ or https:\/\//);
  });

  it('fits the built page: no inline script, no inline style block, nothing from another origin', () => {
    const html = readFileSync(join(inject('webRoot'), 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(body.trim(), 'an inline script').toBe('');
      expect(attrs).toMatch(/\bsrc="\/assets\//);
    }
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('logs a report-uri report in one line, with no session or CSRF token needed', async () => {
    logged.length = 0;
    const report = {
      'csp-report': {
        'document-uri': 'http://127.0.0.1:8080/workspace/dataset', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline',
        'source-file': 'http://127.0.0.1:8080/workspace/dataset', 'line-number': 1, 'script-sample': 'alert(1)\n<img src=x>',
      },
    };
    const r = await app.request('/api/csp-report', { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: JSON.stringify(report) });
    expect(r.status).toBe(204);
    expect(logged).toEqual(['csp violation: script-src-elem blocked "inline" on "http://127.0.0.1:8080/workspace/dataset" at "http://127.0.0.1:8080/workspace/dataset:1" sample "alert(1)\\n<img src=x>"']);
    // The same from a signed-in person's page: the session cookie and no CSRF token, as a browser sends it.
    const signIn = await app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: emailOf('teachers', 'bargaining-team'), password: PASSWORD }) });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    const withCookie = await app.request('/api/csp-report', { method: 'POST', headers: { 'content-type': 'application/csp-report', cookie }, body: JSON.stringify(report) });
    expect(withCookie.status).toBe(204);
    // A change the same way is refused (the cookie is a session's): the report route alone needs no token.
    expect((await app.request('/api/session', { method: 'DELETE', headers: { cookie } })).status).toBe(403);
    expect(logged).toHaveLength(2);
  });

  it('logs each csp-violation of a Reporting API batch and skips other report types', async () => {
    logged.length = 0;
    const batch = [
      { type: 'csp-violation', url: 'http://127.0.0.1/public', body: { documentURL: 'http://127.0.0.1/public', effectiveDirective: 'img-src', blockedURL: 'https://evil.example/x.png' } },
      { type: 'deprecation', url: 'http://127.0.0.1/public', body: { id: 'x', message: 'y' } },
      { type: 'csp-violation', url: 'http://127.0.0.1/public', body: { documentURL: 'http://127.0.0.1/public', effectiveDirective: 'connect-src', blockedURL: 'https://evil.example/steal' } },
    ];
    const r = await app.request('/api/csp-report', { method: 'POST', headers: { 'content-type': 'application/reports+json' }, body: JSON.stringify(batch) });
    expect(r.status).toBe(204);
    expect(logged).toEqual([
      'csp violation: img-src blocked "https://evil.example/x.png" on "http://127.0.0.1/public"',
      'csp violation: connect-src blocked "https://evil.example/steal" on "http://127.0.0.1/public"',
    ]);
  });

  it('refuses what is not a report, and a body over 16 KB, logging nothing', async () => {
    logged.length = 0;
    const post = (body: string, contentType: string) => app.request('/api/csp-report', { method: 'POST', headers: { 'content-type': contentType }, body });
    const answers = [
      [await post('{', 'application/csp-report'), 400],
      [await post('[]', 'application/csp-report'), 400],
      [await post('{"csp-report": {}}', 'application/reports+json'), 400],
      [await post('{"csp-report": {}}', 'text/plain'), 415],
      [await post(JSON.stringify({ 'csp-report': { 'script-sample': 'x'.repeat(17 * 1024) } }), 'application/csp-report'), 413],
    ] as const;
    for (const [r, status] of answers) {
      expect(r.status).toBe(status);
      expect(Object.keys(await r.json())).toEqual(expect.arrayContaining(['code', 'message']));
    }
    expect(logged.filter((l) => l.startsWith('csp violation'))).toEqual([]);
  });

  it(`logs at most ${CSP_LOG_PER_MINUTE} violations a minute, then how many more came`, async () => {
    logged.length = 0;
    s.clock.now = new Date('2026-01-15T17:00:00.000Z');
    const one = JSON.stringify({ 'csp-report': { 'document-uri': 'http://127.0.0.1/', 'effective-directive': 'img-src', 'blocked-uri': 'https://x.example/' } });
    // 60 logged and 15 counted in the minute from 17:00; the first report of 17:01 logs the count, then itself.
    for (let i = 0; i < CSP_LOG_PER_MINUTE + 15; i++) {
      expect((await app.request('/api/csp-report', { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: one })).status).toBe(204);
    }
    expect(logged).toHaveLength(CSP_LOG_PER_MINUTE);
    s.clock.now = new Date('2026-01-15T17:01:00.000Z');
    await app.request('/api/csp-report', { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: one });
    expect(logged.slice(CSP_LOG_PER_MINUTE)).toEqual(['csp violations: 15 more not logged in the minute before', expect.stringMatching(/^csp violation: img-src/)]);
  });
});
