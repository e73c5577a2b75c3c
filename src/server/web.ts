/**
 * Serves the built web app (web/dist) at /: hashed assets cached for a year and sent gzipped
 * to browsers that accept it (compressed once, on first request, off the event loop, then
 * kept in memory), other files as they are, and index.html for every other page path so the
 * app's own router takes over. Paths under /api never reach here.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml',
  '.json': 'application/json', '.png': 'image/png', '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json']);
const gzipAsync = promisify(gzip);

interface Asset { type: string; raw: Buffer; gz: Promise<Buffer> | null; compressible: boolean }

/** The files under assets/, read once: they are content-hashed, so they never change while served. */
function readAssets(root: string): Map<string, Asset> {
  const dir = join(root, 'assets');
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir)) {
    const ext = extname(name);
    assets.set(name, { type: TYPES[ext] ?? 'application/octet-stream', raw: readFileSync(join(dir, name)), gz: null, compressible: COMPRESSIBLE.has(ext) });
  }
  return assets;
}

export function webRoutes(app: OpenAPIHono<AppEnv>, root: string): boolean {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  const html = readFileSync(index, 'utf8');
  const assets = readAssets(root);
  app.get('/assets/:name', async (c) => {
    const asset = assets.get(c.req.param('name'));
    if (!asset) return c.notFound();
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Type', asset.type);
    if (!asset.compressible) return c.body(new Uint8Array(asset.raw));
    c.header('Vary', 'Accept-Encoding');
    if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return c.body(new Uint8Array(asset.raw));
    asset.gz ??= gzipAsync(asset.raw, { level: 9 });
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(await asset.gz));
  });
  app.use('*', async (c, next) => (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/') ? next() : serveStatic({ root })(c, next)));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/')) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return true;
}
