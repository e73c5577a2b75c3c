/**
 * Pieces every route description shares: the error shape, id parameters, JSON bodies and
 * responses. One zod schema per route drives validation, the handler's types and the
 * OpenAPI document at /api/openapi.json.
 */
import { z } from '@hono/zod-openapi';
import { looksEmpty, LOOKS_EMPTY } from '../text/invisible.ts';
import { oddCharacter, PLAIN_TEXT } from '../text/plain-text.ts';

export const WhereSchema = z
  .object({ file: z.string().optional(), line: z.number().int().optional(), col: z.number().int().optional(), field: z.string().optional() })
  .openapi('Where');

const ProblemSchema = z
  .object({ code: z.string(), message: z.string(), where: WhereSchema.optional(), hint: z.string().optional() })
  .openapi('Problem');

export const ErrorSchema = ProblemSchema.extend({ problems: z.array(ProblemSchema).optional() }).openapi('Error', {
  example: { code: 'request.invalid_type', message: 'body title: expected string, received number', where: { field: 'title' }, hint: '{"title": "January offer"}' },
});

/**
 * A database id in a path: a positive whole number written plainly (12, not 012, 1e1 or 0xc),
 * up to 16 digits. Ids are random (src/db/ids.ts): below 2^53, in no order.
 */
export const Id = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be a whole number such as 12')
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n), 'is too large to be an id');

/** `?versions=12,15`: 2 to 6 distinct version ids, written plainly, separated by commas. */
export function versionsQuery(what: string) {
  const message = `must be 2 to 6 ${what} ids separated by commas, such as 12,15`;
  return z.object({
    versions: z
      .string({ error: message })
      .regex(/^[1-9]\d{0,15}(,[1-9]\d{0,15})*$/, message)
      .transform((s) => s.split(',').map(Number))
      .refine((ids) => ids.every((n) => Number.isSafeInteger(n)), `${message}; an id is below 9007199254740992`)
      .refine((ids) => ids.length >= 2 && ids.length <= 6, `${message}; compare 2 to 6 at a time`)
      .refine((ids) => new Set(ids).size === ids.length, 'name each version once')
      .openapi({ param: { name: 'versions', in: 'query' }, example: '12,15' }),
  });
}

export const IdParams = z.object({ id: Id.openapi({ param: { name: 'id', in: 'path' }, example: 12 }) });

export function jsonBody<T extends z.ZodType>(schema: T, description: string) {
  return { body: { content: { 'application/json': { schema } }, required: true, description } };
}

export function ok<T extends z.ZodType>(schema: T, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

const error = (description: string) => ({ content: { 'application/json': { schema: ErrorSchema } }, description });

/** The error responses a route can give, by status. */
export const ERRORS = {
  400: error('The request is malformed or a field is invalid (which field, and a valid example, are in the body).'),
  401: error('Nobody is signed in.'),
  403: error('The signed-in role may not do this, or the CSRF token is missing.'),
  404: error('No such thing that you can see.'),
  409: error('Conflicts with what is already there.'),
  410: error('It was there but is gone for good (a pending roster import discarded, or expired after 24 hours).'),
  413: error('The body is too large.'),
  415: error('The body is not of a type this route reads.'),
  422: error('The content (a proposal or a dataset) has problems; every one is listed with where it is.'),
  429: error('Too many attempts, or your organization already has as many costings waiting as it may (costing.busy); Retry-After says when to try again.'),
  503: error('The costing took longer than its deadline (costing.timeout), or was cancelled because the request was.'),
} as const;

export function errors<K extends keyof typeof ERRORS>(...codes: K[]): Pick<typeof ERRORS, K> {
  return Object.fromEntries(codes.map((k) => [k, ERRORS[k]])) as Pick<typeof ERRORS, K>;
}

export const OrganizationSchema = z
  .object({ id: z.number().int(), kind: z.enum(['district', 'union']), name: z.string(), unit: z.string().nullable(), districtId: z.number().int().nullable() })
  .openapi('Organization');

export const PersonSchema = z
  .object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.string() })
  .openapi('Person');

/** Text a person typed: no control characters (tab and line breaks aside) and no broken Unicode. */
export const plainText = (max: number) => z.string().max(max).refine((s) => oddCharacter(s) === null, PLAIN_TEXT);
/** One line of text: as plainText, and no line breaks or tabs either. */
export const plainLine = (max: number) => z.string().trim().max(max).refine((s) => oddCharacter(s) === null && !/[\t\n\r]/.test(s), `${PLAIN_TEXT}, on one line`)
  // A name of zero-width or direction-control characters only would look empty everywhere it is shown.
  .refine((s) => s === '' || !looksEmpty(s), LOOKS_EMPTY);

export const Email = z.string().trim().toLowerCase().min(3).max(254).regex(/^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+$/, 'must be an email address such as ana@example.org').refine((s) => oddCharacter(s) === null, PLAIN_TEXT);
