import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, expect, it } from 'vitest';
import type { AppEnv } from './env.ts';
import { webRoutes } from './web.ts';

const root = mkdtempSync(join(tmpdir(), 'settle-web-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>settle</title><div id="root"></div>');
const script = `console.log(${JSON.stringify('settle '.repeat(2000))});`;
writeFileSync(join(root, 'assets', 'index-abc123.js'), script);
writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const app = new OpenAPIHono<AppEnv>();
expect(webRoutes(app, root)).toBe(true);

it('sends hashed assets gzipped to a browser that accepts it, as they are otherwise, cached for a year', async () => {
  const zipped = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(zipped.status).toBe(200);
  expect(zipped.headers.get('content-encoding')).toBe('gzip');
  expect(zipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(zipped.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  const body = Buffer.from(await zipped.arrayBuffer());
  // 14,000 characters of a repeated word compress to well under a tenth.
  expect(body.length).toBeLessThan(script.length / 10);
  expect(gunzipSync(body).toString()).toBe(script);
  const plain = await app.request('/assets/index-abc123.js');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(script);
  expect((await app.request('/assets/nothing.js')).status).toBe(404);
});

it('answers page paths with index.html, and other files as they are', async () => {
  const page = await app.request('/workspace/versions/12?lang=es');
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  expect(await page.text()).toContain('<div id="root">');
  expect(await (await app.request('/favicon.svg')).text()).toContain('<svg');
});
