/**
 * The fast path of the public answers a surge asks for (docs/sites.md, "Surge"): at 6 a.m. on a
 * strike day half a million families open "where can my child go today", and journalists the
 * public record. Through the ordinary stack each request pays for the Web Request and stream
 * adapters and every middleware, which caps one server process near 1,500 answers a second; the
 * answers themselves are already kept ready (built once, gzipped once, revalidated by ETag).
 *
 * So this listener answers, straight from Node's request, a GET of
 *
 * - `/api/public/sites` and `/api/public/sites/live` (optionally `?date=` a valid date, the routes' own query schema),
 * - `/api/public/sites/zips`,
 * - `/api/public/proposals` when its answer is kept for the state now,
 *
 * that carries no session cookie, with the answer the route would send (`outgoing`, shared with
 * `send`) and the headers the ordinary stack puts on it (security headers, CSP, the plain-HTTP
 * notice; read once from the app's own answer to the same path). Anything else, and anything it
 * cannot answer from what is kept, goes to the ordinary stack untouched.
 */
import type { ServerResponse } from 'node:http';
import { cookieName } from '../auth/session.ts';
import type { Deps } from '../env.ts';
import { commonHeaders, sessionToken, type Fetcher, type Listener } from '../http/fast-path.ts';
import { outgoing, type Outgoing } from './ready.ts';
import { publicRecordOf, type Cached } from './record.ts';
import { liveAnswer, LIVE_MAX_AGE, sitesAnswer, SITES_MAX_AGE, zipsAnswer, ZIPS_MAX_AGE } from './sites.ts';
import { PublicSitesQuery } from './sites-schemas.ts';

/** Headers that belong to one answer, not to every answer of the path. */
const OWN_HEADERS = new Set(['content-length', 'content-type', 'content-encoding', 'etag', 'cache-control', 'vary', 'date', 'set-cookie', 'transfer-encoding', 'connection', 'keep-alive']);

/** The public record's list, sent for 10 s (as its route). */
const LIST_MAX_AGE = 10;

interface Ready { answer: Cached; maxAge: number }

/** What the fast path answers for this URL, or null: the ordinary stack answers. */
export function fastRoute(url: string): { path: string; date?: string } | null {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  if (path === '/api/public/proposals' || path === '/api/public/sites/zips') return query === '' ? { path } : null;
  if (path !== '/api/public/sites' && path !== '/api/public/sites/live') return null;
  if (query === '') return { path };
  const m = /^date=(\d{4}-\d{2}-\d{2})$/.exec(query);
  return m && PublicSitesQuery.safeParse({ date: m[1] }).success ? { path, date: m[1] } : null;
}

export function withPublicFastPath(deps: Deps, app: Fetcher, ordinary: Listener): Listener {
  const name = cookieName(deps);
  const common = new Map<string, Promise<Record<string, string>>>();
  // The headers the ordinary stack puts on the path's answers, read from one answer of its own.
  const headersOf = (path: string) => {
    let h = common.get(path);
    if (!h) {
      h = commonHeaders(app, new Request(`http://localhost${path}`), OWN_HEADERS);
      common.set(path, h);
      h.catch(() => common.delete(path));
    }
    return h;
  };

  const ready = async (route: { path: string; date?: string }): Promise<Ready | null> => {
    if (route.path === '/api/public/sites') return { answer: await sitesAnswer(deps, route.date), maxAge: SITES_MAX_AGE };
    if (route.path === '/api/public/sites/live') return { answer: await liveAnswer(deps, route.date), maxAge: LIVE_MAX_AGE };
    if (route.path === '/api/public/sites/zips') return { answer: await zipsAnswer(deps), maxAge: ZIPS_MAX_AGE };
    const record = publicRecordOf(deps);
    const answer = record.peek(await record.state(), 'list');
    return answer ? { answer, maxAge: LIST_MAX_AGE } : null;
  };

  const write = (res: ServerResponse, common: Record<string, string>, o: Outgoing) => {
    const body = o.body === null ? null : typeof o.body === 'string' ? Buffer.from(o.body) : o.body;
    res.writeHead(o.status, { ...common, ...o.headers, ...(body ? { 'content-length': String(body.length) } : {}) });
    res.end(body ?? undefined);
  };

  return (req, res) => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith('/api/public/') || sessionToken(req.headers.cookie, name) !== null) return ordinary(req, res);
    const route = fastRoute(url);
    if (!route) return ordinary(req, res);
    Promise.all([ready(route), headersOf(route.path)]).then(
      ([r, common]) => {
        if (!r) return ordinary(req, res);
        const ifNoneMatch = req.headers['if-none-match'];
        write(res, common, outgoing(r.answer, { acceptEncoding: req.headers['accept-encoding'], ifNoneMatch: Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch }, r.maxAge));
      },
      () => ordinary(req, res),
    );
  };
}
