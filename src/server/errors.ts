/**
 * One error shape for every API response that is not a success:
 * `{ code, message, where?, hint?, problems? }`, the same fields the command line prints.
 * `problems` lists every problem when there is more than one (a proposal file with three
 * mistakes); `code`, `message`, `where` and `hint` repeat the first.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { InvalidInput, type Problem } from '../errors/problem.ts';

export interface ErrorBody extends Problem {
  problems?: Problem[];
}

/** Thrown by handlers; turned into the error shape with its status by `onError`. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;
  constructor(status: ContentfulStatusCode, body: ErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const unauthenticated = () =>
  new ApiError(401, { code: 'auth.required', message: 'sign in first: this needs an account', hint: 'POST /api/session {"email": "…", "password": "…"}' });
export const forbidden = (what: string) =>
  new ApiError(403, { code: 'auth.forbidden', message: `your role cannot ${what}` });
/** Not found, also used for things that exist but belong to another organization (no existence leak). */
export const notFound = (what: string, id: number | string) =>
  new ApiError(404, { code: 'not-found', message: `there is no ${what} ${id} that you can see`, where: { field: 'id' } });
/** The answer for a path with no route (app.notFound), also given where a route must look absent. */
export const noSuchRoute = (method: string, path: string) =>
  new ApiError(404, { code: 'not-found', message: `there is no route ${method} ${path}`, hint: 'the routes are listed at /api/openapi.json' });
export const conflict = (code: string, message: string, hint?: string) => new ApiError(409, { code, message, hint });

/** Problems in the submitted content (a proposal, a dataset) → 422 with every problem. */
export function invalidContent(problems: Problem[]): ApiError {
  const [first] = problems;
  return new ApiError(422, { ...first, problems });
}

type Issue = z.core.$ZodIssue;

function fieldOf(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

/** A zod request-validation failure → 400, naming the field, what is wrong and an example. */
export function requestInvalid(issues: readonly Issue[], target: string, example?: string): ApiError {
  const problems: Problem[] = issues.map((i) => {
    const field = fieldOf(i.path);
    const message = i.code === 'unrecognized_keys' ? `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')}` : i.message;
    return { code: `request.${i.code}`, message: `${target}${field ? ` ${field}` : ''}: ${message}`, where: { field: field || target } };
  });
  const [first] = problems;
  return new ApiError(400, { ...first, hint: example, problems: problems.length > 1 ? problems : undefined });
}

/** The app's `onError`: every thrown error leaves as the one shape; unexpected ones as 500 without internals. */
export function handleError(err: Error, c: Context, log: (line: string) => void): Response {
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(err.body, err.status);
  }
  if (err instanceof InvalidInput) return c.json(invalidContent(err.problems).body, 422);
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 413) return c.json({ code: 'request.too-large', message: 'the request body is larger than this route accepts', hint: 'upload a dataset as a zip (POST /api/datasets/{id}/versions) or split the request' }, 413);
    if (status === 400) {
      const malformed = /json/i.test(err.message);
      return c.json({ code: malformed ? 'request.malformed-json' : 'request.malformed', message: malformed ? 'the request body is not valid JSON' : `the request could not be read: ${err.message}`, hint: malformed ? 'send one JSON object with the fields the route lists in /api/openapi.json, e.g. {"email": "ana@example.org", "password": "…"}' : undefined }, 400);
    }
    if (status === 415) return c.json({ code: 'request.content-type', message: 'this route reads a JSON body: send it with Content-Type: application/json', hint: 'Content-Type: application/json' }, 415);
    return c.json({ code: `http.${status}`, message: err.message || 'request refused' }, status);
  }
  log(`internal error on ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}`);
  return c.json({ code: 'internal', message: 'the server failed on this request; nothing was saved. The error is in the server log.' }, 500);
}
