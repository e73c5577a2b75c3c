/**
 * Serves the built web app (web/dist) at /: files as they are, hashed assets cached for a
 * year, and index.html for every other page path so the app's own router takes over.
 * Paths under /api never reach here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export function webRoutes(app: OpenAPIHono<AppEnv>, root: string): boolean {
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  const html = readFileSync(index, 'utf8');
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => (c.req.path.startsWith('/api/') ? next() : serveStatic({ root })(c, next)));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/')) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return true;
}
