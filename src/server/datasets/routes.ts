/**
 * The dataset routes. A district admin uploads the district's data (the CLI's folder of seven
 * files, as JSON, as form fields or as one zip) or imports schools and enrollment from the
 * California public files; every version is kept, numbered 1, 2, 3… per dataset, and proposals
 * name the version they were costed on. Both sides of the table read and download them.
 *
 * This file has the two uploads; reading is in read-routes.ts, the CDE import in import-route.ts.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { allow } from '../authz.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { checkOnThread, isForm, isJson, mayWrite, noBody, uploadOf, withExample } from './check.ts';
import { importRoutes } from './import-route.ts';
import { readRoutes } from './read-routes.ts';
import { addVersion, createDataset } from './save.ts';
import { CreateForm, CreateJson, UPLOAD_EXAMPLE, UploadAnswer, VersionForm, VersionJson } from './schemas.ts';
import { packFilesOffLoop } from './store.ts';
import { datasetAtTable, latestOf, versionAnswer } from './versions.ts';

const FORMS = 'As JSON (`files`: the text of each file) or as multipart/form-data: either one field `zip` (the folder zipped; the seven files at its top or inside one folder; other entries are left out and listed in `ignored`) or the seven files as fields named `district.yaml`, `schools.csv`… Text must be UTF-8. The files are checked as `settle cost` checks them; every problem is listed (422) and nothing is stored.';

const body = <J extends z.ZodType, F extends z.ZodType>(json: J, form: F, description: string) => ({
  body: { required: false, description, content: { 'application/json': { schema: json }, 'multipart/form-data': { schema: form } } },
});

const create = createRoute({
  method: 'post', path: '/api/datasets', tags: ['datasets'], middleware: [mayWrite] as const,
  summary: 'Upload a new dataset: the district data, as version 1 (district admins)',
  description: FORMS,
  request: body(CreateJson, CreateForm, 'The name, an optional note, and the seven files'),
  responses: { 201: ok(UploadAnswer, 'Stored as version 1'), ...errors(400, 401, 403, 413, 422, 429, 503) },
});

const addVersionRoute = createRoute({
  method: 'post', path: '/api/datasets/{id}/versions', tags: ['datasets'], middleware: [mayWrite] as const,
  summary: 'Upload a new version of a dataset (district admins)',
  description: `${FORMS} Files byte-identical to the latest version store nothing: the answer is 200 with \`unchanged: true\` and that version.`,
  request: { params: IdParams, ...body(VersionJson, VersionForm, 'An optional note, and the seven files') },
  responses: {
    201: ok(UploadAnswer, 'Stored as the next version'),
    200: ok(UploadAnswer, 'The files are the latest version\'s: nothing stored (`unchanged: true`)'),
    ...errors(400, 401, 403, 404, 409, 413, 422, 429, 503),
  },
});

/**
 * The validated JSON or form body of an upload, whichever the content type says (the route's
 * types merge the two schemas, so each is named here).
 */
function bodyOf<J extends z.ZodType, F extends z.ZodType>(c: Context<AppEnv>, schemas: { json: J; form: F }): { json?: z.infer<J>; form?: z.infer<F> } {
  const valid = c.req.valid.bind(c.req) as (target: 'json' | 'form') => unknown;
  if (isJson(c)) return { json: valid('json') as z.infer<J> };
  if (isForm(c)) return { form: valid('form') as z.infer<F> };
  throw noBody(UPLOAD_EXAMPLE);
}

export function datasetRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(create, async (c) => {
    const deps = c.get('deps');
    const actor = allow(c.get('actor'), 'dataset.write');
    const b = bodyOf(c, { json: CreateJson, form: CreateForm });
    const { name, note = '' } = b.json ?? b.form!;
    const upload = await uploadOf(b);
    const version = await checkOnThread(deps, await packFilesOffLoop(upload.files), { source: upload.source, note });
    const saved = await createDataset(deps, actor, name, version);
    return c.json({ ...(await versionAnswer(deps.db, saved.versionId)), unchanged: false, ignored: upload.ignored }, 201);
  }, withExample(UPLOAD_EXAMPLE));

  app.openapi(addVersionRoute, async (c) => {
    const deps = c.get('deps');
    const actor = allow(c.get('actor'), 'dataset.write');
    const { id } = c.req.valid('param');
    if (!(await datasetAtTable(deps.db, actor, id))) throw notFound('dataset', id);
    const b = bodyOf(c, { json: VersionJson, form: VersionForm });
    const note = (b.json ?? b.form!).note ?? '';
    const upload = await uploadOf(b);
    const packed = await packFilesOffLoop(upload.files);
    const latest = await latestOf(deps.db, id);
    const saved = latest?.sha256 === packed.sha256
      ? { versionId: latest.id, unchanged: true }
      : await addVersion(deps, actor, id, await checkOnThread(deps, packed, { source: upload.source, note }));
    const answer = { ...(await versionAnswer(deps.db, saved.versionId)), unchanged: saved.unchanged, ignored: upload.ignored };
    return saved.unchanged ? c.json(answer, 200) : c.json(answer, 201);
  }, withExample(UPLOAD_EXAMPLE));

  importRoutes(app);
  readRoutes(app);
}
