/**
 * What every dataset write shares: refusing early who may not write (before a large body is
 * read), reading the body in whichever form it came, and checking the files on a costing
 * thread, never on the event loop, so a 50,000-row staff file does not stall other requests.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from '@hono/zod-openapi';
import { allow } from '../authz.ts';
import type { AppEnv, Deps } from '../env.ts';
import { ApiError, invalidContent, requestInvalid } from '../errors.ts';
import type { CheckedVersion } from './save.ts';
import type { FilesSchema } from './schemas.ts';
import { fromFields, fromJson, fromZip, type DatasetFile, type FieldValue, type Source, type Upload } from './upload.ts';

/** Route middleware: 401/403 before the body is read. */
export const mayWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  allow(c.get('actor'), 'dataset.write');
  await next();
};

/** A route hook: request-validation failures as 400 with a valid example. */
export const withExample = (example: string) => (result: { success: boolean; target: string; error?: unknown }): undefined => {
  if (!result.success) throw requestInvalid((result.error as z.ZodError).issues, result.target === 'json' ? 'body' : result.target, example);
  return undefined;
};

const contentType = (c: Context) => (c.req.header('content-type') ?? '').toLowerCase();
export const isJson = (c: Context) => /^application\/([a-z-.]+\+)?json/.test(contentType(c));
export const isForm = (c: Context) => /^(multipart\/form-data|application\/x-www-form-urlencoded)/.test(contentType(c));

export const noBody = (example: string) =>
  new ApiError(400, { code: 'request.no-body', message: 'send the dataset as JSON (application/json) or as a form (multipart/form-data)', hint: example });

type Form = { zip?: File; name?: string; note?: string } & Partial<Record<DatasetFile, FieldValue>>;

/** The files of an upload: JSON `files`, or form fields (`zip`, or the seven files). */
export async function uploadOf(body: { json?: { files: z.infer<typeof FilesSchema> }; form?: Form }): Promise<Upload> {
  if (body.json) return fromJson(body.json.files);
  const { zip, name: _name, note: _note, ...fields } = body.form ?? {};
  const given = Object.keys(fields);
  if (zip && given.length > 0) {
    throw new ApiError(400, { code: 'request.zip-and-files', message: `send either the zip or the files one by one, not both (got zip and ${given.join(', ')})`, where: { field: 'zip' } });
  }
  return zip ? fromZip(zip) : fromFields(fields);
}

export interface Packed {
  gz: Uint8Array;
  sha256: string;
}

/** Validates packed files on a costing thread: their summary, or a 422 with every problem. */
export async function checkOnThread(deps: Deps, packed: Packed, x: { source: Source; note: string }): Promise<CheckedVersion> {
  const outcome = await deps.costing.checkDataset(packed.gz);
  if (!outcome.ok) throw invalidContent(outcome.problems);
  return { ...packed, summary: outcome.value, source: x.source, note: x.note };
}
