/**
 * Reading datasets: the list at the actor's table (a district's own; for a union, its
 * district's), one version, and a version's folder as a zip, so anyone at the table can run
 * `settle cost` on exactly the data a proposal was costed on. Another table's versions are
 * answered 404, the same as ids that do not exist.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { allow } from '../authz.ts';
import { filesFromGzip } from '../costing/work.ts';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { zipFolder } from './download.ts';
import { DatasetSchema, VersionAnswer } from './schemas.ts';
import { datasetFilesGz, visibleDatasetVersion } from './store.ts';
import { datasetsAtTable, versionAnswer } from './versions.ts';
import { perOrganization } from '../per-organization.ts';
import { ZipCache } from './zip-cache.ts';

const list = createRoute({
  method: 'get', path: '/api/datasets', tags: ['datasets'], summary: 'The datasets at your table, each with every version (newest first)',
  responses: { 200: ok(z.object({ datasets: z.array(DatasetSchema) }), 'Newest dataset first'), ...errors(401, 403) },
});

const one = createRoute({
  method: 'get', path: '/api/dataset-versions/{id}', tags: ['datasets'], summary: 'One dataset version: its source, note, SHA-256 and summary',
  request: { params: IdParams },
  responses: { 200: ok(VersionAnswer, 'The version'), ...errors(400, 401, 403, 404) },
});

const files = createRoute({
  method: 'get', path: '/api/dataset-versions/{id}/files', tags: ['datasets'], summary: 'Download a version\'s folder as a zip (for `settle cost`)',
  description: 'A zip holding one folder with the seven files exactly as stored; unzip it and run `settle cost --data FOLDER`. The same zip can be uploaded again.',
  request: { params: IdParams },
  responses: {
    200: { description: 'The folder, zipped', content: { 'application/zip': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } } },
    ...errors(400, 401, 403, 404),
  },
});

/** A file name from a dataset's name: `tiny-unified-2018-19-v3`. */
export function folderName(dataset: string, version: number): string {
  const slug = dataset.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return `${slug || 'dataset'}-v${version}`;
}

/** Zips kept for each organization: a few versions of a large district (LAUSD's is about 1 MB). */
const ORG_ZIP_BYTES = 16 * 1024 * 1024;
const ORG_ZIP_ENTRIES = 32;

export function readRoutes(app: OpenAPIHono<AppEnv>): void {
  // Per app (so per database) and per organization: a version's zip is built once for each
  // side that downloads it, then served from here. One side's downloads never make the other's
  // faster (a zip already kept would tell that someone at the table had just downloaded it), and
  // each side's builds queue behind its own.
  const zipsOf = perOrganization(() => new ZipCache(ORG_ZIP_BYTES, ORG_ZIP_ENTRIES));

  app.openapi(list, async (c) => {
    const actor = allow(c.get('actor'), 'dataset.read');
    return c.json({ datasets: await datasetsAtTable(c.get('deps').db, actor) }, 200);
  });

  app.openapi(one, async (c) => {
    const actor = allow(c.get('actor'), 'dataset.read');
    const { id } = c.req.valid('param');
    const db = c.get('deps').db;
    if (!(await visibleDatasetVersion(db, actor, id))) throw notFound('dataset version', id);
    return c.json(await versionAnswer(db, id), 200);
  });

  app.openapi(files, async (c) => {
    const actor = allow(c.get('actor'), 'dataset.read');
    const { id } = c.req.valid('param');
    const db = c.get('deps').db;
    if (!(await visibleDatasetVersion(db, actor, id))) throw notFound('dataset version', id);
    const { dataset, version } = await versionAnswer(db, id);
    const folder = folderName(dataset.name, version.version);
    // Only after the visibility check above: the cache is keyed by what the zip is made of, never by who asks.
    const key = JSON.stringify([id, version.sha256, folder, version.createdAt]);
    const zip = await zipsOf(actor.org.id).get(key, async () => zipFolder(folder, filesFromGzip(await datasetFilesGz(db, id)), new Date(version.createdAt)));
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${folder}.zip"`,
      'x-dataset-sha256': version.sha256,
    });
  });
}
