import { createHash } from 'node:crypto';
import { serializeDataset } from './serialize.ts';
import type { Dataset, District, ImportRecord } from './types.ts';

/** The dataset files a record covers (district.yaml is covered field by field). */
const FILES = ['schools.csv', 'enrollment.csv', 'units.csv', 'schedules.csv', 'staff.csv', 'budget.csv'] as const;

/** Where `settle import district` takes each file's figures from (docs/dataset.md). */
const FILE_SOURCE: Record<(typeof FILES)[number], 'public' | 'assumed'> = {
  'schools.csv': 'public', // CDE directory
  'enrollment.csv': 'public', // CCD total over the CDE schools
  'units.csv': 'assumed', // TEACHERS and CLASSIFIED
  'schedules.csv': 'assumed', // J-90's lowest and highest cells; columns and steps between them assumed
  'staff.csv': 'assumed', // counts public, placements synthetic
  'budget.csv': 'assumed', // expenditures public, revenues and balances assumed
};

/** JSON with keys sorted, so the same value always gives the same text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(v);
}
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A fingerprint of every figure of a dataset: district.yaml field by field, and each other file as a whole. */
export function fingerprints(ds: Dataset): Map<string, string> {
  const out = new Map<string, string>();
  out.set('requiredReservePct', hash(canonical(ds.district.requiredReservePct)));
  for (const [k, v] of Object.entries(ds.district.parameters)) out.set(`parameters.${k}`, hash(canonical(v)));
  const files = serializeDataset(ds);
  for (const f of FILES) out.set(f, hash(files[f]));
  return out;
}

/**
 * What `settle import district` records of the dataset it writes: each figure's fingerprint
 * and whether it came from the public files or was assumed. A dated parameter is assumed when
 * every reference it carries is an assumption.
 */
export function importRecord(ds: Dataset, by: string): ImportRecord {
  const params = ds.district.parameters as unknown as Record<string, unknown>;
  // Every reference a parameter carries, however deep (statutory rates are one per kind and rate).
  const refsIn = (v: unknown, out: { title: string }[] = []): { title: string }[] => {
    if (Array.isArray(v)) v.forEach((x) => refsIn(x, out));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'reference' && Array.isArray(x)) out.push(...(x as { title: string }[]));
        else refsIn(x, out);
      }
    }
    return out;
  };
  const sourceOf = (field: string): 'public' | 'assumed' => {
    if (field === 'requiredReservePct') return 'public';
    if (field in FILE_SOURCE) return FILE_SOURCE[field as (typeof FILES)[number]];
    const refs = refsIn(params[field.slice('parameters.'.length)]);
    return refs.length > 0 && refs.every((r) => !r.title.startsWith('Assumption')) ? 'public' : 'assumed';
  };
  return { by, figures: [...fingerprints(ds)].map(([field, fingerprint]) => ({ field, source: sourceOf(field), fingerprint })) };
}

export interface FigureSources {
  /** How the dataset was made, from its record. */
  by: string;
  /** Figures changed since the import, or added to it: the district's own. */
  own: string[];
  public: string[];
  assumed: string[];
}

/** Which figures are the district's own (changed since the import) and which are still public or assumed; null for a dataset not imported. */
export function figureSources(ds: Dataset): FigureSources | null {
  const record = ds.district.imported;
  if (!record) return null;
  const now = fingerprints(ds);
  const was = new Map(record.figures.map((f) => [f.field, f]));
  const out: FigureSources = { by: record.by, own: [], public: [], assumed: [] };
  for (const [field, fp] of now) {
    const f = was.get(field);
    if (!f || f.fingerprint !== fp) out.own.push(field);
    else out[f.source].push(field);
  }
  return out;
}

/** One line for a report: which figures are the district's own. */
export function figureSourcesLine(s: FigureSources, district: Pick<District, 'name'>): string {
  const list = (xs: string[]) => (xs.length ? xs.join(', ') : 'none');
  return [
    `Figures of ${district.name} (${s.by}):`,
    `  the district's own (changed since the import): ${list(s.own)}`,
    `  from public files: ${list(s.public)}`,
    `  assumed by the import, in whole or in part (replace them with the district's own): ${list(s.assumed)}`,
  ].join('\n');
}
