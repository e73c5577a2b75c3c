/**
 * The Content-Security-Policy on every document the server gives (the web app's page, its
 * assets, reports; JSON answers carry a stricter one, src/server/http/security-headers.ts), and
 * the endpoint browsers report violations to. Text from the other side of the table or from a dataset is always written as text;
 * this is the second wall, for the day a mistake lets some through as markup: no script but
 * the app's own files runs, nothing is sent or loaded anywhere but this server (and the map's
 * tile server), and the page cannot be framed.
 *
 * - `script-src 'self'`: the built index.html has no inline script (a test checks), so no
 *   'unsafe-inline' and no 'unsafe-eval' for scripts.
 * - Styles: `<style>` and stylesheet links only from this server (`style-src-elem 'self'`),
 *   but style *attributes* are allowed (`style-src-attr 'unsafe-inline'`): ECharts' SVG
 *   charts and tooltips and Leaflet's panes write `style="…"`. A style attribute cannot run
 *   script in any browser this app supports, and what it could load (`url(…)`) is held by
 *   img-src and font-src like anything else.
 * - `img-src 'self' data:` and the tile server's origin (`settle serve --tiles`): Leaflet's
 *   own marker images are data: URLs; tiles are images.
 * - `worker-src 'self'`: the editor's dataset worker is a file of the build.
 * - Violations are reported to POST /api/csp-report, with `report-uri` (every browser,
 *   sent at once) and `report-to` (the Reporting API; Chromium then uses only this).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, Deps } from './env.ts';
import { ApiError } from './errors.ts';
import { errors } from './schemas.ts';

export const CSP_REPORT_PATH = '/api/csp-report';
/** A browser's report is about 1 KB; a batch from the Reporting API a few. */
export const CSP_REPORT_LIMIT = 16 * 1024;
/** At most this many violations are logged a minute (each report one line); past it they are counted, and the count logged once the minute is over. */
export const CSP_LOG_PER_MINUTE = 60;

/**
 * The origin to allow images from for a Leaflet tile URL template. A `{s}` (or other
 * placeholder) as the first label of the host becomes `*`; a placeholder anywhere else in
 * the origin cannot be written as a CSP source, and is refused.
 */
export function tileSource(template: string): string {
  const m = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!m) throw new Error(`the tile server address must start with http:// or https://, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png; got ${template}`);
  const host = m[2].replace(/^\{[a-z]+\}\./, '*.');
  if (/[{}\s;,'"]/.test(host)) throw new Error(`the tile server address may have a placeholder only as the first part of its host name (https://{s}.tile.example.org/{z}/{x}/{y}.png); got ${template}`);
  return `${m[1]}://${host}`;
}

/** The policy, one string. */
export function contentSecurityPolicy(opts: { tiles?: { url: string } | null } = {}): string {
  const images = ["'self'", 'data:', ...(opts.tiles ? [tileSource(opts.tiles.url)] : [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "style-src-elem 'self'",
    "style-src-attr 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "child-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    'report-to csp',
  ].join('; ');
}

/** One violation, as the two report formats give it (fields named by either). */
interface Violation {
  directive: string;
  blocked: string;
  document: string;
  source: string;
  sample: string;
}

const field = (o: Record<string, unknown>, ...names: string[]): string => {
  for (const n of names) {
    const v = o[n];
    if (typeof v === 'string' || typeof v === 'number') return String(v).slice(0, 300);
  }
  return '';
};

function violationOf(o: Record<string, unknown>): Violation {
  const file = field(o, 'source-file', 'sourceFile');
  const line = field(o, 'line-number', 'lineNumber');
  return {
    directive: field(o, 'effective-directive', 'effectiveDirective', 'violated-directive'),
    blocked: field(o, 'blocked-uri', 'blockedURL'),
    document: field(o, 'document-uri', 'documentURL'),
    source: file ? `${file}${line ? `:${line}` : ''}` : '',
    sample: field(o, 'script-sample', 'sample'),
  };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

const invalid = (message: string) =>
  new ApiError(400, { code: 'csp-report.invalid', message, hint: 'send {"csp-report": {…}} as application/csp-report, or a list of reports of type "csp-violation" as application/reports+json' });

/** The violations in a report body: `{"csp-report": {…}}` (report-uri) or `[{type, body}, …]` (report-to). */
export function violationsIn(contentType: string, text: string): Violation[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw invalid('the report is not JSON');
  }
  // Some browsers send report-uri bodies as application/json; a list there is a Reporting API batch.
  if (contentType === 'application/reports+json' || (contentType === 'application/json' && Array.isArray(data))) {
    if (!Array.isArray(data)) throw invalid('a Reporting API body is a list of reports');
    return data.filter((r) => isObject(r) && r.type === 'csp-violation' && isObject(r.body)).map((r) => violationOf(r.body as Record<string, unknown>));
  }
  if (!isObject(data) || !isObject(data['csp-report'])) throw invalid('a report-uri body is {"csp-report": {…}}');
  return [violationOf(data['csp-report'])];
}

/** Logs at most CSP_LOG_PER_MINUTE violations a minute, then one line with how many more came. */
function rateLimitedLog() {
  let minute = -1;
  let logged = 0;
  let dropped = 0;
  return (d: Deps, violation: Violation) => {
    const now = Math.floor(d.now().getTime() / 60_000);
    if (now !== minute) {
      if (dropped > 0) d.log(`csp violations: ${dropped} more not logged in the minute before`);
      minute = now;
      logged = 0;
      dropped = 0;
    }
    if (logged >= CSP_LOG_PER_MINUTE) {
      dropped++;
      return;
    }
    logged++;
    // JSON.stringify writes each value on one line, with any control character escaped.
    d.log(`csp violation: ${violation.directive || '?'} blocked ${JSON.stringify(violation.blocked)} on ${JSON.stringify(violation.document)}`
      + `${violation.source ? ` at ${JSON.stringify(violation.source)}` : ''}${violation.sample ? ` sample ${JSON.stringify(violation.sample)}` : ''}`);
  };
}

async function readLimited(c: Context<AppEnv>): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > CSP_REPORT_LIMIT) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > CSP_REPORT_LIMIT) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const tooLarge = () => new ApiError(413, { code: 'request.too-large', message: `a violation report is at most ${CSP_REPORT_LIMIT / 1024} KB`, hint: 'send one report at a time' });

/**
 * Adds POST /api/csp-report. Register it before the
 * session middleware: a browser sends reports with the page's cookies but no CSRF token,
 * and a report changes nothing but the log.
 */
export function cspRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: CSP_REPORT_PATH,
    tags: ['server'],
    summary: 'Where browsers report Content-Security-Policy violations (logged, one line each)',
    description: `Sent by browsers, not people: no session or CSRF token needed. At most ${CSP_REPORT_LIMIT / 1024} KB; at most ${CSP_LOG_PER_MINUTE} violations are logged a minute.`,
    request: {
      body: {
        required: true,
        content: {
          'application/csp-report': { schema: z.object({ 'csp-report': z.record(z.string(), z.unknown()) }) },
          'application/reports+json': { schema: z.array(z.object({ type: z.string(), url: z.string().optional(), body: z.record(z.string(), z.unknown()) })) },
        },
      },
    },
    responses: { 204: { description: 'Logged' }, ...errors(400, 413, 415) },
  });

  const log = rateLimitedLog();
  app.post(CSP_REPORT_PATH, async (c) => {
    const contentType = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!['application/csp-report', 'application/reports+json', 'application/json'].includes(contentType)) {
      throw new ApiError(415, { code: 'csp-report.content-type', message: `a violation report is application/csp-report or application/reports+json, not ${JSON.stringify(contentType.slice(0, 100))}`, hint: 'this address is for browsers reporting Content-Security-Policy violations' });
    }
    const text = await readLimited(c);
    for (const v of violationsIn(contentType, text)) log(c.get('deps'), v);
    return c.body(null, 204);
  });
}
