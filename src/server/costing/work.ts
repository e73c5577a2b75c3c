/**
 * The work a costing thread does, as plain functions (the thread entry only passes messages):
 * read a stored dataset version, summarise it, cost a proposal on it.
 */
import { gunzipSync } from 'node:zlib';
import { fyLabel } from '../../calendar/fiscal-year.ts';
import { costProposal } from '../../costing/cost.ts';
import type { CostResult } from '../../costing/result.ts';
import { DATASET_FILES, loadDataset, type DatasetFiles } from '../../district/load.ts';
import type { Dataset } from '../../district/types.ts';
import { InvalidInput, type Problem } from '../../errors/problem.ts';
import { parseProposal } from '../../proposals/parse.ts';

export interface DatasetSummary {
  district: string;
  cdsCode: string;
  baseFiscalYear: string;
  schools: number;
  students: number;
  employees: number;
  fte: number;
  units: { id: string; name: string; union: string; employees: number }[];
}

/** The files of a stored version: gzip of a JSON object keyed by file name. */
export function filesFromGzip(gz: Uint8Array): DatasetFiles {
  const parsed: unknown = JSON.parse(gunzipSync(gz).toString('utf8'));
  const files = parsed as Record<string, unknown>;
  for (const f of DATASET_FILES) if (typeof files[f] !== 'string') throw new Error(`stored dataset is missing ${f}`);
  return files as DatasetFiles;
}

export function summarize(d: Dataset): DatasetSummary {
  const employees = new Map<string, number>();
  let fte = 0;
  for (const s of d.staff) {
    employees.set(s.unit, (employees.get(s.unit) ?? 0) + s.count);
    fte += s.fte * s.count;
  }
  return {
    district: d.district.name,
    cdsCode: d.district.cdsCode,
    baseFiscalYear: fyLabel(d.district.baseFiscalYear),
    schools: d.schools.length,
    students: d.enrollment.reduce((a, e) => a + e.students, 0),
    employees: [...employees.values()].reduce((a, b) => a + b, 0),
    fte: Math.round(fte * 100) / 100,
    units: d.units.map((u) => ({ id: u.id, name: u.name, union: u.union, employees: employees.get(u.id) ?? 0 })),
  };
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

/** Loads (validates) a dataset's files; problems name the file, line and column. */
export function checkDataset(files: DatasetFiles): Outcome<{ dataset: Dataset; summary: DatasetSummary }> {
  try {
    const dataset = loadDataset(files);
    return { ok: true, value: { dataset, summary: summarize(dataset) } };
  } catch (e) {
    if (e instanceof InvalidInput) return { ok: false, problems: e.problems };
    throw e;
  }
}

/** Parses and costs a proposal written in YAML on a loaded dataset. */
export function costYaml(dataset: Dataset, yaml: string, file = 'proposal.yaml'): Outcome<CostResult> {
  try {
    const parsed = parseProposal(yaml, file);
    return { ok: true, value: costProposal({ dataset, proposal: parsed.proposal, source: parsed }) };
  } catch (e) {
    if (e instanceof InvalidInput) return { ok: false, problems: e.problems };
    throw e;
  }
}
