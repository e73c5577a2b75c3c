/**
 * Downloads of a proposal version: its public disclosure (Government Code 3547.5) as a PDF,
 * and the same disclosure as a spreadsheet whose live formulas reproduce every total. Readable
 * by the organization that made the version and the one it was passed to; anything else 404.
 * The HTML and the workbook are made on a costing thread; Chromium prints the PDF (one
 * browser per server, see printer.ts). A version never changes, so each file is made once and
 * kept for the next download.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { datasetFilesGz } from '../datasets/store.ts';
import { allow } from '../authz.ts';
import type { AppEnv } from '../env.ts';
import { ErrorSchema, errors, IdParams } from '../schemas.ts';
import { perOrganization } from '../per-organization.ts';
import { Memo } from './memo.ts';
import { SharedPrinter } from './printer.ts';
import { fileName, readableVersion } from './readable.ts';

const binary = (type: string, description: string) => ({ description, content: { [type]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) } } });

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const pdf = createRoute({
  method: 'get', path: '/api/proposal-versions/{id}/disclosure.pdf', tags: ['reports'],
  summary: 'The public disclosure of a version (Government Code 3547.5), as a PDF',
  description: 'Costs, the multi-year projection with the reserve, and the certification page, as `settle disclose --format pdf` prints them: the board meets on the proposal\'s date, the other units are pending, Letter paper. For your own versions and the versions passed to you.',
  request: { params: IdParams },
  responses: {
    200: binary(PDF, 'The disclosure, printed (Content-Disposition names the file)'),
    ...errors(400, 401, 403, 404, 429, 503),
    503: { description: 'This server has no Chromium to print with (the spreadsheet still downloads)', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

const xlsx = createRoute({
  method: 'get', path: '/api/proposal-versions/{id}/disclosure.xlsx', tags: ['reports'],
  summary: 'The public disclosure of a version as a spreadsheet with live formulas',
  description: 'Read me, Summary, Disclosure, Lines, Inputs, Terms, Schedule, Groups, Pay and Health sheets: every total is a formula over the inputs, as `settle disclose --format xlsx` writes it. For your own versions and the versions passed to you.',
  request: { params: IdParams },
  responses: { 200: binary(XLSX, 'The workbook (Content-Disposition names the file)'), ...errors(400, 401, 403, 404, 429, 503) },
});

export interface ReportOptions {
  /** Where Chromium is (default /usr/bin/chromium). */
  chromium?: string;
}

/** Registers the download routes; the answer closes the printer (call it when the server stops). */
export function reportRoutes(app: OpenAPIHono<AppEnv>, options: ReportOptions = {}): { close: () => Promise<void> } {
  const printer = new SharedPrinter(options.chromium);
  // Kept per organization: one side's download never makes the other's faster (a file already
  // kept would tell that someone at the table had just downloaded that version).
  const pdfsOf = perOrganization(() => new Memo<Buffer>(6));
  const booksOf = perOrganization(() => new Memo<Uint8Array>(6));

  app.openapi(pdf, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.read');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const v = await readableVersion(deps.db, actor, id);
    const dv = v.row.dataset_version_id;
    const bytes = await pdfsOf(actor.org.id).get(String(id), async () => {
      const doc = await deps.costing.disclosure({ datasetVersionId: dv, yaml: v.row.yaml, loadFiles: () => datasetFilesGz(deps.db, dv) });
      return printer.print(doc.html, { paper: 'letter', footer: doc.title });
    });
    return c.body(new Uint8Array(bytes) as Uint8Array<ArrayBuffer>, 200, {
      'content-type': PDF,
      'content-disposition': `attachment; filename="${fileName(v.summary.proposal.title, v.number, 'disclosure.pdf')}"`,
      'cache-control': 'private, no-cache',
    });
  });

  app.openapi(xlsx, async (c) => {
    const actor = allow(c.get('actor'), 'proposal.read');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const v = await readableVersion(deps.db, actor, id);
    const dv = v.row.dataset_version_id;
    const bytes = await booksOf(actor.org.id).get(String(id), () => deps.costing.workbook({ datasetVersionId: dv, yaml: v.row.yaml, loadFiles: () => datasetFilesGz(deps.db, dv) }));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': XLSX,
      'content-disposition': `attachment; filename="${fileName(v.summary.proposal.title, v.number, 'disclosure.xlsx')}"`,
      'cache-control': 'private, no-cache',
    });
  });

  return { close: () => printer.close() };
}
