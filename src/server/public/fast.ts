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
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookieName } from '../auth/session.ts';
import type { Deps } from '../env.ts';
import { commonHeaders, sessionToken, type Fetcher, type Listener } from '../http/fast-path.ts';
import { outgoing } from './ready.ts';
import { publicRecordOf, type Cached } from './record.ts';
import { answersNow, liveAnswer, LIVE_MAX_AGE, sitesAnswer, SITES_MAX_AGE, zipsAnswer, ZIPS_MAX_AGE } from './sites.ts';
import { PublicSitesQuery } from './sites-schemas.ts';

/** Headers that belong to one answer, not to every answer of the path. */
const OWN_HEADERS = new Set(['content-length', 'content-type', 'content-encoding', 'etag', 'cache-control', 'vary', 'date', 'set-cookie', 'transfer-encoding', 'connection', 'keep-alive']);

/** The public record's list, sent for 10 s (as its route). */
const LIST_MAX_AGE = 10;

interface Ready { answer: Cached; maxAge: number }
type Route = NonNullable<ReturnType<typeof fastRoute>>;

/** Seconds each path's answers may be kept by a browser or shared cache (as their routes say). */
const MAX_AGE: Record<string, number> = {
  '/api/public/sites': SITES_MAX_AGE, '/api/public/sites/live': LIVE_MAX_AGE, '/api/public/sites/zips': ZIPS_MAX_AGE, '/api/public/proposals': LIST_MAX_AGE,
};

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
  /** The same headers, once read: most requests are answered without waiting for anything. */
  const commonNow = new Map<string, Record<string, string>>();
  // The headers the ordinary stack puts on the path's answers, read from one answer of its own.
  const headersOf = (path: string) => {
    let h = common.get(path);
    if (!h) {
      h = commonHeaders(app, new Request(`http://localhost${path}`), OWN_HEADERS);
      common.set(path, h);
      h.then((v) => commonNow.set(path, v), () => common.delete(path));
    }
    return h;
  };

  // The answer kept for `route`: read what is needed (async), or taken at once when it was
  // checked within the last second (null otherwise). Both may be null: the ordinary stack answers.
  const ready = async (route: Route): Promise<Cached | null> => {
    if (route.path === '/api/public/sites') return sitesAnswer(deps, route.date);
    if (route.path === '/api/public/sites/live') return liveAnswer(deps, route.date);
    if (route.path === '/api/public/sites/zips') return zipsAnswer(deps);
    const record = publicRecordOf(deps);
    return record.peek(await record.state(), 'list') ?? null;
  };
  const readyNow = (route: Route): Cached | null => {
    if (route.path === '/api/public/sites') return answersNow.sites(deps, route.date);
    if (route.path === '/api/public/sites/live') return answersNow.live(deps, route.date);
    if (route.path === '/api/public/sites/zips') return answersNow.zips(deps);
    const record = publicRecordOf(deps);
    const state = record.stateNow();
    return state === null ? null : record.peek(state, 'list') ?? null;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, common: Record<string, string>, r: Ready) => {
    const inm = req.headers['if-none-match'];
    const p = prepared(r, common, req.headers['accept-encoding'], Array.isArray(inm) ? inm.join(',') : inm);
    res.writeHead(p.status, p.headers);
    res.end(p.body ?? undefined);
  };

  return (req, res) => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith('/api/public/') || sessionToken(req.headers.cookie, name) !== null) return ordinary(req, res);
    const route = fastRoute(url);
    if (!route) return ordinary(req, res);
    const maxAge = MAX_AGE[route.path];
    const headers = commonNow.get(route.path);
    const now = headers && readyNow(route);
    if (headers && now) return answer(req, res, headers, { answer: now, maxAge });
    Promise.all([ready(route), headersOf(route.path)]).then(
      ([r, common]) => {
        if (!r) return ordinary(req, res);
        answer(req, res, common, { answer: r, maxAge });
      },
      () => ordinary(req, res),
    );
  };
}

/** One way an answer goes out: its status, its headers as Node's flat list, and its bytes. */
interface Prepared { status: number; headers: string[]; body: Buffer | null }

/** Forms kept per answer (one per request-header pair seen); past this, the oldest is forgotten. */
const FORMS = 64;

/**
 * How each kept answer goes out, decided by `outgoing` (as the ordinary route does) once per
 * answer, path headers and pair of request headers (Accept-Encoding, If-None-Match), since a surge
 * sends the same few forms of the same answer thousands of times a second. Forgotten with the
 * answer.
 */
const preparedOf = new WeakMap<Cached, { common: Record<string, string>; maxAge: number; forms: Map<string, Prepared>; plain?: Buffer }>();

function prepared(r: Ready, common: Record<string, string>, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): Prepared {
  let kept = preparedOf.get(r.answer);
  if (!kept || kept.common !== common || kept.maxAge !== r.maxAge) preparedOf.set(r.answer, (kept = { common, maxAge: r.maxAge, forms: new Map() }));
  const key = `${acceptEncoding ?? ''}\n${ifNoneMatch ?? ''}`;
  const hit = kept.forms.get(key);
  if (hit) return hit;
  const o = outgoing(r.answer, { acceptEncoding, ifNoneMatch }, r.maxAge);
  // The plain text's bytes are made once per answer, whichever forms send them.
  const body = o.body === null ? null : typeof o.body === 'string' ? (kept.plain ??= Buffer.from(o.body)) : Buffer.from(o.body.buffer, o.body.byteOffset, o.body.byteLength);
  const all: Record<string, string> = { ...common, ...o.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  const p = { status: o.status, headers: Object.entries(all).flat(), body };
  if (kept.forms.size >= FORMS) kept.forms.delete(kept.forms.keys().next().value as string);
  kept.forms.set(key, p);
  return p;
}
