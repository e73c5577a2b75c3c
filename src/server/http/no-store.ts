/**
 * Private answers are never kept by a browser or a proxy: every answer under /api/ carries
 * `Cache-Control: no-store` (errors too), except the public record's routes and the server's
 * own public ones (health, config, the OpenAPI document), which set their own caching.
 * A shared computer's back button or a proxy's cache must not show one person's workspace
 * to the next.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';

/** Paths (as Hono sees them) whose answers are the same for everyone. */
export const PUBLIC_API = /^\/api\/(public\/.*|health|config|openapi\.json)$/;

export function noStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') && !PUBLIC_API.test(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
  };
}
