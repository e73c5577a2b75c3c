/**
 * The security headers on every answer, chosen by what the answer is.
 *
 * - A **document** (the web app's page, its scripts and its worker, a report a browser shows, a
 *   file to download): Hono's secure headers and the app's Content-Security-Policy (src/server/csp.ts)
 *   with its report endpoint.
 * - A **JSON answer** (every JSON answer and error under /api/, and an API answer with no body:
 *   a 304, a 204; a CSV, PDF, spreadsheet or event stream there is a document) is read by the
 *   app's scripts, never run or shown as a page: it carries what means something for it, a policy that lets it load and run
 *   nothing and be framed nowhere (`default-src 'none'; frame-ancestors 'none'`, stricter than the
 *   page's; what OWASP's REST Security Cheat Sheet advises), `X-Content-Type-Options: nosniff`,
 *   Strict-Transport-Security and Cross-Origin-Resource-Policy. The headers that speak only to a
 *   document (how it may open windows, send referrers, prefetch, be framed by older browsers, report
 *   violations) are left off: on a strike morning a phone polling the public sites' counts
 *   received about 1.1 KB of headers for a 0.5 KB answer, and a surge pays for them on every answer.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env.ts';
import { CSP_REPORT_PATH } from '../csp.ts';

/** The policy of a JSON answer: it may load nothing, run nothing, and be framed nowhere. */
export const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** `application/json`, `application/problem+json` and the like. */
export const isJson = (contentType: string | null | undefined): boolean => /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');

const forDocuments = secureHeaders();
const forJson = secureHeaders({
  crossOriginOpenerPolicy: false, originAgentCluster: false, referrerPolicy: false, xDnsPrefetchControl: false,
  xDownloadOptions: false, xFrameOptions: false, xPermittedCrossDomainPolicies: false, xXssProtection: false,
});
const nothingMore = async () => undefined;

/** Sets the headers once the answer is made (errors included); `documentPolicy` is the page's Content-Security-Policy. */
export function securityHeaders(documentPolicy: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // An API answer with no body (a 304 revalidating a JSON answer, a 204) is one of the API's:
    // a 304 carries the headers of the answer it stands for.
    const type = c.res.headers.get('content-type');
    if (type ? isJson(type) : c.req.path.startsWith('/api/')) {
      await forJson(c, nothingMore);
      c.header('Content-Security-Policy', JSON_POLICY);
    } else {
      await forDocuments(c, nothingMore);
      c.header('Content-Security-Policy', documentPolicy);
      // The Reporting API's endpoint named by `report-to csp` (a relative address, resolved against the page's).
      c.header('Reporting-Endpoints', `csp="${CSP_REPORT_PATH}"`);
    }
  };
}
