/**
 * How the demo talks to its own API: as a person's browser would, signed in with a session
 * cookie and sending the CSRF token on every change. A session is kept while the demo's clock
 * stays within a few hours of its sign-in (sessions last 12 hours from their last use), so a
 * step of hundreds of requests signs in once rather than once per request.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';

export const DEMO_PASSWORD = 'settle-demo-password';

/** Reuse a session for this long on the demo's clock, well inside its 12 idle hours. */
const REUSE_MS = 6 * 3600_000;

export interface DemoClient {
  /** A JSON request (or a multipart form, for a FormData body) as `who`; a 3xx–5xx answer throws, naming the request. */
  call<T>(who: string, method: string, path: string, body?: unknown): Promise<T>;
  /** A JSON request without a session (a member with a voter token, a kiosk device), with these headers. */
  send<T>(method: string, path: string, body: unknown, headers?: Record<string, string>): Promise<T>;
}

export function demoClient(app: OpenAPIHono<AppEnv>, clock: { now: Date }): DemoClient {
  const sessions = new Map<string, { cookie: string; csrfToken: string; at: number }>();
  const signIn = async (who: string) => {
    const held = sessions.get(who);
    const now = clock.now.getTime();
    if (held && now >= held.at && now - held.at < REUSE_MS) return held;
    const login = await app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: who, password: DEMO_PASSWORD }) });
    if (login.status !== 200) throw new Error(`demo: signing in as ${who} answered ${login.status}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    const session = { cookie, csrfToken, at: now };
    sessions.set(who, session);
    return session;
  };
  const answer = async <T>(res: Response, what: string): Promise<T> => {
    const json = (await res.json()) as T & { message?: string };
    if (res.status >= 300) throw new Error(`demo: ${what} answered ${res.status}: ${json.message}`);
    return json;
  };
  return {
    async send<T>(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
      const res = await app.request(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return answer<T>(res, `${method} ${path}`);
    },
    async call<T>(who: string, method: string, path: string, body?: unknown): Promise<T> {
      const { cookie, csrfToken } = await signIn(who);
      const form = body instanceof FormData;
      const headers: Record<string, string> = { cookie, 'x-csrf-token': csrfToken, ...(form ? {} : { 'content-type': 'application/json' }) };
      const res = await app.request(path, { method, headers, body: body === undefined ? undefined : form ? body : JSON.stringify(body) });
      return answer<T>(res, `${method} ${path} as ${who}`);
    },
  };
}
