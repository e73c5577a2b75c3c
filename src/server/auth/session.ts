/**
 * Sessions: a random 32-byte token in an HttpOnly, SameSite=Lax cookie; the database keeps
 * only its SHA-256. A session lasts 12 hours from its last use (extended at most once an
 * hour, so reads do not turn into writes). Every request that changes something while signed
 * in must carry the session's CSRF token in the `X-CSRF-Token` header. A removed person's sessions
 * stop working at once (their sessions are deleted too, but the check does not rely on it).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Actor, AppEnv, Deps } from '../env.ts';
import { ApiError } from '../errors.ts';
import { CSP_REPORT_PATH } from '../csp.ts';
import { SMS_INBOUND_PATH, UNSUBSCRIBE_PATH } from '../messages/opt-out-routes.ts';
import { csrfTokenFor, hashToken, newToken, sameToken } from './tokens.ts';

export const SESSION_IDLE_MS = 12 * 3600_000;
const EXTEND_AFTER_MS = 3600_000;

/** A session is extended (to 12 hours from now) once less than 11 hours are left. */
export const needsExtension = (expiresAt: string, now: Date) => Date.parse(expiresAt) - now.getTime() < SESSION_IDLE_MS - EXTEND_AFTER_MS;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const NO_CSRF = new Set([CSP_REPORT_PATH, UNSUBSCRIBE_PATH, SMS_INBOUND_PATH]);

export const cookieName = (deps: Deps) => (deps.secureCookies ? '__Host-sid' : 'sid');

/** Starts a session for a person (inside the caller's transaction) and sets the cookie. */
export async function startSession(c: Context<AppEnv>, person: { id: number; organizationId: number }, tx: Deps['db']): Promise<string> {
  const deps = c.get('deps');
  const token = newToken();
  const now = deps.now();
  await tx
    .insertInto('sessions')
    .values({ id: deps.ids.next(person.organizationId), token_hash: hashToken(token), person_id: person.id, created_at: now.toISOString(), expires_at: new Date(now.getTime() + SESSION_IDLE_MS).toISOString() })
    .execute();
  setCookie(c, cookieName(deps), token, { httpOnly: true, secure: deps.secureCookies, sameSite: 'Lax', path: '/', maxAge: SESSION_IDLE_MS / 1000 });
  return csrfTokenFor(token);
}

export function endSessionCookie(c: Context<AppEnv>): void {
  const deps = c.get('deps');
  deleteCookie(c, cookieName(deps), { path: '/', secure: deps.secureCookies });
}

/** The CSRF token of the request's session cookie. */
export function csrfOf(c: Context<AppEnv>): string | null {
  const token = getCookie(c, cookieName(c.get('deps')));
  return token ? csrfTokenFor(token) : null;
}

/** Loads the signed-in person (or null), then refuses unsafe requests without the CSRF token. */
export function sessions(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps');
    const token = getCookie(c, cookieName(deps));
    let actor: Actor | null = null;
    if (token && token.length <= 100) {
      const now = deps.now();
      const row = await deps.db
        .selectFrom('sessions')
        .innerJoin('people', 'people.id', 'sessions.person_id')
        .innerJoin('organizations', 'organizations.id', 'people.organization_id')
        .select([
          'sessions.id as sessionId', 'sessions.expires_at', 'people.id as personId', 'people.name as personName', 'people.email', 'people.role',
          'organizations.id as orgId', 'organizations.kind', 'organizations.name as orgName', 'organizations.district_id', 'organizations.unit',
        ])
        .where('sessions.token_hash', '=', hashToken(token))
        .where('people.removed_at', 'is', null)
        .executeTakeFirst();
      if (row && row.expires_at > now.toISOString()) {
        actor = {
          sessionId: row.sessionId,
          person: { id: row.personId, name: row.personName, email: row.email, role: row.role },
          org: { id: row.orgId, kind: row.kind, name: row.orgName, districtId: row.district_id, unit: row.unit },
        };
        if (needsExtension(row.expires_at, now)) {
          await deps.db.updateTable('sessions').set({ expires_at: new Date(now.getTime() + SESSION_IDLE_MS).toISOString() }).where('id', '=', row.sessionId).execute();
        }
      }
    }
    c.set('actor', actor);
    // Browsers send violation reports with the page's cookies and no header of ours; the route
    // only logs. The unsubscribe button and the SMS webhook carry their own proof (a signed
    // token, a shared secret) and act for no signed-in person. The token guards every other change.
    if (actor && token && !SAFE.has(c.req.method) && !NO_CSRF.has(c.req.path)) {
      const sent = c.req.header('x-csrf-token') ?? '';
      if (!sameToken(sent, csrfTokenFor(token))) {
        throw new ApiError(403, {
          code: 'auth.csrf',
          message: 'this change needs the X-CSRF-Token header of your session',
          hint: 'read csrfToken from GET /api/session and send it as X-CSRF-Token',
        });
      }
    }
    await next();
  };
}
