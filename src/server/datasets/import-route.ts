/**
 * POST /api/datasets/{id}/import-cde: a new version whose schools and enrollment come from the
 * California Department of Education's public files, keeping everything else of the latest
 * version (see cde.ts for why, and what is refused). The import runs on its own thread, the
 * check on a costing thread, and the note of the version says what was imported.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { districtCode, type TextFile } from '../../district/import/cde.ts';
import { InvalidInput } from '../../errors/problem.ts';
import { allow } from '../authz.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, conflict, invalidContent, notFound } from '../errors.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { asFormProblems } from './cde.ts';
import { runCdeImport } from './cde-worker.ts';
import { checkOnThread, mayWrite, withExample } from './check.ts';
import { addVersion } from './save.ts';
import { IMPORT_EXAMPLE, ImportForm, UploadAnswer } from './schemas.ts';
import { datasetFilesGz } from './store.ts';
import { datasetAtTable, latestOf, versionAnswer } from './versions.ts';

const route = createRoute({
  method: 'post', path: '/api/datasets/{id}/import-cde', tags: ['datasets'], middleware: [mayWrite] as const,
  summary: 'Import schools and enrollment from the California public files as a new version (district admins)',
  description: 'Makes a new version of the dataset whose schools.csv and enrollment.csv come from the CDE public schools directory and FRPM file (and the enrollment-by-grade file, if given), exactly as `settle import cde` makes them. district.yaml, units, schedules, staff and budget stay those of the latest version: they are the district\'s own records, and nothing is generated. If staff.csv places staff at a site the import has no school for (for example a charter school left out), nothing is stored and each such site is listed (422). The dataset\'s CDS code must be the imported district\'s. Files that are not UTF-8 are read as Windows-1252. The version\'s note says what was imported.',
  request: { params: IdParams, body: { required: true, description: 'The CDE files and options', content: { 'multipart/form-data': { schema: ImportForm } } } },
  responses: {
    201: ok(UploadAnswer, 'Stored as the next version (source `cde`)'),
    200: ok(UploadAnswer, 'The import gives the latest version\'s files exactly: nothing stored (`unchanged: true`)'),
    ...errors(400, 401, 403, 404, 409, 413, 422),
  },
});

/** A CDE file's text: UTF-8, or else Windows-1252 (older CDE downloads); never a spreadsheet. */
async function textOf(field: string, value: File | string): Promise<TextFile> {
  if (typeof value === 'string') return { file: field, text: value };
  const bytes = new Uint8Array(await value.arrayBuffer());
  const file = value.name || field;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    throw new ApiError(422, { code: 'import.not-text', message: `${file} is a spreadsheet or a zip, not a text file`, where: { file, field }, hint: 'the CDE\'s .txt or .csv download, or the spreadsheet saved as CSV' });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return { file, text: text.replace(/^\uFEFF/, '') };
}

/** The dataset's district must be the one imported (its CDS code starts with the county-district code). */
function sameDistrict(requested: string, cdsCode: string, district: string): void {
  let code: string;
  try {
    code = districtCode(requested);
  } catch (e) {
    if (e instanceof InvalidInput) throw invalidContent(asFormProblems(e.problems));
    throw e;
  }
  if (!cdsCode.startsWith(code)) {
    throw new ApiError(422, {
      code: 'import.other-district', where: { field: 'district' }, hint: `${cdsCode.slice(0, 2)}-${cdsCode.slice(2, 7)}`,
      message: `this dataset is ${district} (CDS code ${cdsCode}), not district ${code.slice(0, 2)}-${code.slice(2)}; nothing was imported`,
    });
  }
}

export function importRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(route, async (c) => {
    const deps = c.get('deps');
    const actor = allow(c.get('actor'), 'dataset.write');
    const { id } = c.req.valid('param');
    if (!(await datasetAtTable(deps.db, actor, id))) throw notFound('dataset', id);
    const form = c.req.valid('form');
    const latest = await latestOf(deps.db, id);
    if (!latest) throw conflict('dataset.no-version', `dataset ${id} has no version to import into`, 'upload the dataset first');
    sameDistrict(form.district, latest.summary.cdsCode, latest.summary.district);
    const outcome = await runCdeImport({
      latestGz: await datasetFilesGz(deps.db, latest.id), basedOn: latest.version,
      directory: await textOf('directory', form.directory), frpm: await textOf('frpm', form.frpm),
      enrollment: form.enrollment === undefined ? undefined : await textOf('enrollment', form.enrollment),
      district: form.district, charters: form.charters, highNeedThreshold: form.highNeedThreshold, gradeWeights: form.gradeWeights, note: form.note ?? '',
    });
    if (!outcome.ok) throw invalidContent(outcome.problems);
    const saved = outcome.sha256 === latest.sha256
      ? { versionId: latest.id, unchanged: true }
      : await addVersion(deps, actor, id, await checkOnThread(deps, { gz: outcome.gz, sha256: outcome.sha256 }, { source: 'cde', note: outcome.note }));
    const answer = { ...(await versionAnswer(deps.db, saved.versionId)), unchanged: saved.unchanged, ignored: [] };
    return saved.unchanged ? c.json(answer, 200) : c.json(answer, 201);
  }, withExample(IMPORT_EXAMPLE));
}
