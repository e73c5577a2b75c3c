/**
 * JSON bodies nested too deeply are refused (400) before anything reads them as objects, and
 * other formats written in JSON (`application/json-patch+json`) are not read as the body (415).
 *
 * `JSON.parse` copes with a body nested 150,000 deep, but what comes after it is recursive
 * (validation, rendering a proposal as YAML, copying) and would overflow the stack. The raw
 * text is scanned once, without recursion, counting open `[` and `{` outside strings.
 */
import { CSP_REPORT_PATH } from './csp.ts';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';

/** The deepest nesting of objects and arrays a JSON body may have (a proposal as JSON needs about 6). */
export const MAX_JSON_DEPTH = 64;

/** The offset where nesting first goes past `max`, or -1; linear in the text, no recursion. */
export function tooDeepAt(text: string, max: number = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return i;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return -1;
}

export function jsonDepth(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (c.req.path !== CSP_REPORT_PATH && /^\s*application\/[^;\s]+\+json\b/i.test(type)) {
      // Browsers' violation reports are application/reports+json; otherwise a JSON Patch, a JSON-LD document…: another format written in JSON, not the body this API reads.
      throw new ApiError(415, { code: 'request.content-type', message: `this API reads plain JSON bodies, not ${type.split(';')[0].trim()}`, hint: 'Content-Type: application/json' });
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && /json/i.test(type)) {
      const at = tooDeepAt(await c.req.text());
      if (at >= 0) {
        throw new ApiError(400, {
          code: 'request.too-deep',
          message: `the JSON body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep (at character ${at + 1}); no request needs that`,
          where: { field: 'body' },
          hint: 'send the fields the route lists in /api/openapi.json, e.g. {"title": "Opening offer", "yaml": "…"}',
        });
      }
    }
    await next();
  };
}
