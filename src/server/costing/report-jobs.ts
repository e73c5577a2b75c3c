/**
 * Job kinds for what the workspace pages read and download, run on a costing thread beside
 * the costing jobs (the dataset is usually loaded there already):
 * - `overview`: a dataset version at a glance (src/server/overview/compute.ts);
 * - `disclosure`: a version's public disclosure as HTML, for Chromium to print;
 * - `workbook`: a version's disclosure spreadsheet (xlsx with live formulas);
 * - `provisions`: several versions' provisions beside the current contract's.
 * The report libraries (charts, spreadsheet) load on the first job that needs them.
 */
import type { Dataset } from '../../district/types.ts';

export type ReportJob =
  | { id: number; kind: 'overview'; datasetVersionId: number; filesGz?: Uint8Array }
  | { id: number; kind: 'disclosure'; datasetVersionId: number; yaml: string; filesGz?: Uint8Array }
  | { id: number; kind: 'workbook'; datasetVersionId: number; yaml: string; filesGz?: Uint8Array }
  | { id: number; kind: 'provisions'; datasetVersionId: number; yamls: string[]; filesGz?: Uint8Array };

const KINDS: readonly string[] = ['overview', 'disclosure', 'workbook', 'provisions'] satisfies ReportJob['kind'][];

export function isReportJob(job: { kind: string }): job is ReportJob {
  return KINDS.includes(job.kind);
}

/** Does a report job on a loaded dataset (on the costing thread). */
export async function reportWork(dataset: Dataset, job: ReportJob): Promise<unknown> {
  switch (job.kind) {
    case 'overview':
      return (await import('../overview/compute.ts')).overviewOf(dataset);
    case 'disclosure':
      return (await import('../reports/work.ts')).disclosureDocument(dataset, job.yaml);
    case 'workbook':
      return (await import('../reports/work.ts')).disclosureWorkbook(dataset, job.yaml);
    case 'provisions':
      return (await import('../compare/work.ts')).provisionsOfYaml(dataset, job.yamls);
  }
}
