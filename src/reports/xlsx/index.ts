import ExcelJS from 'exceljs';
import { parseFiscalYear, range } from '../../calendar/fiscal-year.ts';
import { layoutProposal } from '../../costing/layout.ts';
import { prepare } from '../../costing/prepare.ts';
import type { CostResult } from '../../costing/result.ts';
import type { Dataset } from '../../district/types.ts';
import type { Proposal } from '../../proposals/types.ts';
import type { Context } from './context.ts';
import { groupsSheet, inputsSheet, scheduleSheet, termsSheet } from './inputs.ts';
import { linesSheet, numberLines } from './lines.ts';
import { healthSheet, paySheet } from './pay.ts';
import { readMeSheet } from './read-me.ts';
import { disclosureSheet, summarySheet } from './summary.ts';

export interface WorkbookInput {
  kind: 'cost' | 'compare' | 'disclose';
  dataset: Dataset;
  proposals: Proposal[];
  results: CostResult[];
}

/** A spreadsheet whose live formulas reproduce every total from an inputs sheet. */
export async function workbookFor(input: WorkbookInput): Promise<Buffer> {
  const wb = buildWorkbook(input);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Tab order: what a reader looks at first, then the working, then the inputs. */
const ORDER = ['Read me', 'Summary', 'Disclosure', 'Lines', 'Inputs', 'Terms', 'Schedule', 'Groups', 'Pay', 'Health'];

/**
 * The workbook itself (exceljs), for callers that want to inspect or change it before writing.
 * Every formula carries the engine's figure as its cached result.
 */
export function buildWorkbook(input: WorkbookInput): ExcelJS.Workbook {
  const { dataset, proposals, results } = input;
  if (proposals.length === 0 || proposals.length !== results.length) throw new Error('workbookFor needs one cost result for each proposal (at least one)');
  const prepared = prepare(dataset);
  // Laid out over the years each result was costed for (compare costs every proposal to the same year).
  const layouts = proposals.map((p, i) => layoutProposal(dataset, p, { through: parseFiscalYear(results[i].years[results[i].years.length - 1]?.fy ?? '') ?? undefined }));
  const base = prepared.base;
  const last = Math.max(...layouts.map((l) => l.years[l.years.length - 1]));
  const first = Math.min(base, dataset.budget[0]?.fy ?? base, ...layouts.map((l) => l.earnedYears[0]));

  const wb = new ExcelJS.Workbook();
  wb.creator = 'settle';
  wb.lastModifiedBy = 'settle';
  // A fixed date (the newest proposal's), so the same inputs give the same file contents.
  const stamp = new Date(`${[...proposals.map((p) => p.date)].sort().pop()}T00:00:00Z`);
  wb.created = stamp;
  wb.modified = stamp;
  wb.calcProperties.fullCalcOnLoad = true;

  const ctx: Context = { wb, kind: input.kind, dataset, prepared, layouts, results, years: range(first, last), base, last };
  readMeSheet(ctx);
  ctx.inputs = inputsSheet(ctx);
  ctx.terms = termsSheet(ctx);
  const schedule = scheduleSheet(ctx);
  ctx.groups = groupsSheet(ctx, schedule);
  const pays = layouts.map((_, i) => paySheet(ctx, i, layouts.length === 1 ? 'Pay' : `Pay ${i + 1}`));
  const numbering = numberLines(ctx);
  const health = healthSheet(ctx, numbering.no);
  const lines = linesSheet(ctx, numbering, pays, health);
  const summary = summarySheet(ctx, lines);
  if (input.kind === 'disclose') disclosureSheet(ctx, summary);

  const rank = (name: string) => {
    const k = ORDER.indexOf(name.replace(/ \d+$/, ''));
    return (k < 0 ? ORDER.length : k) * 1000 + Number(/ (\d+)$/.exec(name)?.[1] ?? 0);
  };
  // exceljs orders tabs by `orderNo` (not in its typings).
  for (const ws of wb.worksheets) (ws as ExcelJS.Worksheet & { orderNo: number }).orderNo = rank(ws.name);
  return wb;
}
