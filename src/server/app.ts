/**
 * The HTTP API: one Hono app, every route described once (validation, types and the OpenAPI
 * document at /api/openapi.json), every error in one shape, sessions and CSRF checked before
 * any route runs. Tests call `app.request(...)` in-process on a real database.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, Deps } from './env.ts';
import { ApiError, handleError, requestInvalid } from './errors.ts';
import { authRoutes } from './auth/routes.ts';
import { sessions } from './auth/session.ts';
import { sideOnly } from './authz.ts';
import { costingScope } from './costing/scope.ts';
import { orgRoutes } from './orgs/routes.ts';
import { peopleRoutes } from './people/routes.ts';
import { ok } from './schemas.ts';
import { webRoutes } from './web.ts';
import { fairShare } from './http/fair-share.ts';
import { noStore } from './http/no-store.ts';
import { insecureNotice, needsHttps } from './http/transport.ts';
import { jsonDepth } from './json-depth.ts';
import { datasetRoutes } from './datasets/routes.ts';
import { proposalRoutes } from './proposals/routes.ts';
import { publicRoutes } from './public/routes.ts';
import { overviewRoutes } from './overview/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { compareRoutes } from './compare/routes.ts';
import { contentSecurityPolicy, cspRoutes } from './csp.ts';
import { securityHeaders } from './http/security-headers.ts';
import { rosterSweep } from './roster/sweep.ts';
import { rosterRoutes } from './roster/routes.ts';
import { voteRoutes } from './votes/routes.ts';
import { voteChannelRoutes } from './votes/channels/index.ts';
import { blankBallotRoutes } from './votes/ballot-form.ts';
import { messageRoutes } from './messages/routes.ts';
import { memberInvitationRoutes } from './people/member-invitations.ts';
import { picketRoutes } from './pickets/routes.ts';
import { siteRoutes } from './sites/routes.ts';
import { ROSTER_LIMITS } from '../roster/table.ts';

/** Bodies larger than this are refused (413) before they are read, except dataset uploads. */
export const BODY_LIMIT = 1024 * 1024;
/** A dataset upload (a zip or the folder's files) may be this large. */
export const UPLOAD_LIMIT = 64 * 1024 * 1024;

export const API_VERSION = '1.0.0';

/** Paths (as Hono sees them) that take an upload rather than a small JSON body. */
const isUpload = (path: string) => /^\/api\/datasets(\/\d+\/(versions|import-cde))?$/.test(path);
/** A roster file (and the form around it) may be this large. */
const ROSTER_UPLOAD_LIMIT = ROSTER_LIMITS.bytes + 64 * 1024;

function limits(): MiddlewareHandler<AppEnv> {
  const small = bodyLimit({ maxSize: BODY_LIMIT, onError: () => { throw tooLarge(BODY_LIMIT); } });
  const large = bodyLimit({ maxSize: UPLOAD_LIMIT, onError: () => { throw tooLarge(UPLOAD_LIMIT); } });
  const roster = bodyLimit({ maxSize: ROSTER_UPLOAD_LIMIT, onError: () => { throw tooLarge(ROSTER_UPLOAD_LIMIT); } });
  return (c, next) => (isUpload(c.req.path) ? large(c, next) : c.req.path === '/api/roster/imports' ? roster(c, next) : small(c, next));
}

const tooLarge = (max: number) =>
  new ApiError(413, { code: 'request.too-large', message: `the request body is larger than ${Math.round(max / 1024)} KB, the most this route accepts`, hint: 'upload a dataset as a zip, or send a smaller body' });

export interface AppOptions {
  /** The built web app to serve at / (web/dist); none in API-only tests. */
  webRoot?: string;
  /** Map tiles for the web app, e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; none in tests. */
  tiles?: { url: string; attribution: string } | null;
  /** Chromium for the disclosure PDFs (default /usr/bin/chromium); started on the first PDF asked for. */
  chromium?: string;
  /** Served over plain HTTP to other machines (`--insecure-http`): every answer and the web app say so. */
  insecureHttp?: boolean;
}

/** The app, and `close()` for what its routes started on demand (the PDF printer): call it when the server stops. */
export type App = OpenAPIHono<AppEnv> & { close(): Promise<void> };

export function createApp(deps: Deps, options: AppOptions = {}): App {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw requestInvalid(result.error.issues, result.target === 'json' ? 'body' : result.target);
    },
  });
  app.onError((err, c) => handleError(err, c, deps.log));
  app.notFound((c) => c.json({ code: 'not-found', message: `there is no route ${c.req.method} ${c.req.path}`, hint: 'the routes are listed at /api/openapi.json' }, 404));
  // The security headers on every answer: a page's Content-Security-Policy on documents, a stricter, shorter set on JSON answers.
  app.use('*', securityHeaders(contentSecurityPolicy({ tiles: options.tiles })));
  app.use('/api/*', noStore());
  if (options.insecureHttp) app.use('*', insecureNotice());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // Where browsers report Content-Security-Policy violations (before sessions: browsers send no CSRF token).
  cspRoutes(app);
  app.use('/api/*', limits());
  app.use('/api/*', jsonDepth());
  app.use('/api/*', sessions());
  // The routes that set the session cookie: no Secure cookie sent where the browser would drop it.
  app.use('/api/session', needsHttps());
  app.use('/api/invitations/accept', needsHttps());
  app.use('/api/invitations/accept-code', needsHttps());
  app.use('/api/*', costingScope());
  // Each person's requests take turns, so one person's burst cannot hold everyone else's.
  app.use('/api/*', fairShare());
  // One side's own business: the other side's accounts get the no-route 404 before the request is read (authz.ts).
  for (const path of ['/api/pickets/*', '/api/me/pickets', '/api/me/pickets/*', '/api/me/strike-pay']) app.use(path, sideOnly('union'));
  app.use('/api/sites/*', sideOnly('district'));

  app.openapi(
    createRoute({ method: 'get', path: '/api/health', tags: ['server'], summary: 'Is the server answering', responses: { 200: ok(z.object({ ok: z.literal(true) }), 'It is') } }),
    (c) => c.json({ ok: true as const }, 200),
  );
  app.openapi(
    createRoute({
      method: 'get', path: '/api/config', tags: ['server'], summary: 'Settings the web app needs (the map tile server, if any; whether it is served over plain HTTP)',
      responses: {
        200: ok(z.object({
          tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
          insecureHttp: z.boolean().openapi({ description: 'served over plain HTTP to other machines (settle serve --insecure-http): passwords and sessions cross the network unencrypted' }),
        }), 'Settings'),
      },
    }),
    (c) => c.json({ tiles: options.tiles ?? null, insecureHttp: options.insecureHttp === true }, 200),
  );
  authRoutes(app);
  orgRoutes(app);
  peopleRoutes(app);
  datasetRoutes(app);
  proposalRoutes(app);
  publicRoutes(app);
  overviewRoutes(app);
  const reports = reportRoutes(app, { chromium: options.chromium });
  compareRoutes(app);
  rosterRoutes(app);
  voteRoutes(app);
  voteChannelRoutes(app);
  blankBallotRoutes(app);
  messageRoutes(app);
  memberInvitationRoutes(app);
  picketRoutes(app);
  siteRoutes(app);
  const sweep = rosterSweep(deps);

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'settle API', version: API_VERSION, description: 'Workspaces, proposals across the bargaining table and the public record. Errors: {code, message, where?, hint?, problems?}. Changes need the X-CSRF-Token header from GET /api/session.' },
  });
  if (options.webRoot) webRoutes(app, options.webRoot);
  return Object.assign(app, { close: async () => { sweep.stop(); await reports.close(); } });
}
