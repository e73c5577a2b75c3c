/**
 * How browsers reach the server, and what follows for cookies and client addresses.
 *
 * - local: listening on a loopback address (127.0.0.1, ::1, localhost). Browsers accept Secure
 *   cookies from http://localhost, so the session cookie is `__Host-sid`, Secure.
 * - behind-proxy: a TLS reverse proxy (Caddy, nginx) in front terminates HTTPS and forwards
 *   plain HTTP. The cookie stays Secure `__Host-sid` (the browser sees HTTPS); the proxy's
 *   X-Forwarded-Proto says whether the browser used HTTPS, X-Forwarded-For who the client is.
 * - insecure-http: plain HTTP to other machines, explicitly asked for. Cookies lose Secure,
 *   the server warns at start, and every answer says so (header and web app banner).
 *
 * A non-loopback address without one of the last two refuses to start: passwords and session
 * cookies would cross the network in the clear, and browsers would drop the Secure cookie so
 * sign-in would fail without a word.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

export type Transport = 'local' | 'behind-proxy' | 'insecure-http';

/** 127.0.0.0/8, ::1 (also as ::ffff:127.x), localhost and *.localhost. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return v4 !== null && v4[1] === '127' && v4.slice(1).every((n) => Number(n) <= 255);
}

export class TransportRefused extends Error {}

/** The transport for a listening address and the flags given; refuses a non-loopback address with neither flag. */
export function transportFor(o: { host: string; behindProxy?: boolean; insecureHttp?: boolean }): Transport {
  if (o.behindProxy && o.insecureHttp) throw new TransportRefused('--behind-proxy and --insecure-http contradict each other: behind a TLS proxy the browser uses HTTPS, so give only --behind-proxy');
  if (o.behindProxy) return 'behind-proxy';
  if (o.insecureHttp) return 'insecure-http';
  if (isLoopback(o.host)) return 'local';
  throw new TransportRefused(
    `refusing to listen on ${o.host} over plain HTTP: passwords and session cookies would cross the network unencrypted, and browsers drop the Secure session cookie so nobody could sign in. Either\n` +
    '  --behind-proxy    a TLS reverse proxy (Caddy, nginx) in front serves HTTPS and forwards to this server (docs/deploy.md), or\n' +
    '  --insecure-http   serve plain HTTP anyway (cookies without Secure; only on a network you trust, for a trial)\n' +
    'or listen on 127.0.0.1 (the default) for this machine only.',
  );
}

/** The header every answer carries in insecure-http mode. */
export const INSECURE_HEADER = 'X-Settle-Insecure';
const INSECURE_TEXT = 'plain HTTP: passwords and sessions can be read on the network; serve behind a TLS proxy (docs/deploy.md)';

export function insecureNotice(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set(INSECURE_HEADER, INSECURE_TEXT);
  };
}

/** The first value of a forwarding header a proxy set (`https, http` → `https`). */
const first = (v: string | undefined) => v?.split(',')[0]?.trim().toLowerCase() || undefined;

/** Did the browser use HTTPS? Behind a proxy, its X-Forwarded-Proto says; otherwise the connection itself. */
export function browserUsedHttps(c: Context<AppEnv>): boolean {
  if (c.get('deps').behindProxy) return first(c.req.header('x-forwarded-proto')) === 'https';
  return new URL(c.req.url).protocol === 'https:';
}

/**
 * The client's address: behind a proxy, the last address in X-Forwarded-For (the one the
 * proxy itself appended, which the client cannot forge); otherwise the connection's peer.
 * Null when unknown (requests made in-process).
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  if (c.get('deps').behindProxy) {
    const list = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (list.length > 0) return list[list.length - 1];
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

/**
 * Before a route that sets the session cookie: when the cookie would be Secure but the browser
 * is on plain HTTP at an address that is not its own machine, it would drop the cookie and the
 * sign-in would seem to do nothing. Answer why instead (400 session.needs-https), before any
 * password is checked.
 */
export function needsHttps(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    if (c.req.method !== 'POST' || !deps.secureCookies || browserUsedHttps(c)) return next();
    const host = new URL(c.req.url).hostname;
    if (!deps.behindProxy && isLoopback(host)) return next();
    throw new ApiError(400, {
      code: 'session.needs-https',
      message: deps.behindProxy
        ? `this sign-in reached the server over plain HTTP through the proxy (X-Forwarded-Proto: ${first(c.req.header('x-forwarded-proto')) ?? 'missing'}); the session cookie is Secure, so the browser would drop it`
        : `this sign-in came over plain HTTP to ${host}; the session cookie is Secure, so the browser would drop it and you would not be signed in`,
      hint: deps.behindProxy
        ? 'open the site at its https:// address, and have the proxy send X-Forwarded-Proto (Caddy does; nginx: proxy_set_header X-Forwarded-Proto $scheme)'
        : c.req.header('x-forwarded-proto')
          ? 'a proxy is in front of this server: start it with settle serve --behind-proxy (docs/deploy.md)'
          : 'open the site through a TLS proxy at its https:// address (docs/deploy.md), or on this machine at http://127.0.0.1; a trial on a trusted network can use settle serve --insecure-http',
    });
  };
}
