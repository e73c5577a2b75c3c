/**
 * Which sites a bulk change picks (docs/sites.md, "Bulk changes"): every site, or the ones named,
 * less the exceptions, or the school ids or CDS codes of a CSV; and what the change would do
 * (how many sites change, from which status to which). Unknown ids, and a school on two lines of
 * the CSV, are problems naming the field or the CSV line; a bulk change with any problem changes
 * nothing.
 */
import type { Problem } from '../errors/problem.ts';
import type { SiteFields, SiteStatusName } from './plan-rules.ts';

export interface KnownSite {
  schoolId: string;
  cdsCode: string | null;
}

export type Chosen = { ok: true; schoolIds: string[] } | { ok: false; problems: Problem[] };

const MAX_PROBLEMS = 50;

const HEADER = /^(school[ _]?id|id|cds[ _]?code|cds|school)$/i;

/**
 * A CSV of school ids or CDS codes: the first column of each line (a header line is skipped).
 * Every line naming no school of the day is a problem with its line number.
 */
export function sitesFromCsv(input: { csv: string; known: KnownSite[]; file?: string; repeatsAllowed?: boolean }): Chosen {
  const file = input.file ?? 'schoolsCsv';
  const byId = new Map<string, string>();
  for (const s of input.known) {
    byId.set(s.schoolId, s.schoolId);
    if (s.cdsCode) byId.set(s.cdsCode, s.schoolId);
  }
  const lines = input.csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  /** The line each school was first named on. */
  const chosen = new Map<string, number>();
  const problems: Problem[] = [];
  let omitted = 0;
  const problem = (p: Problem) => (problems.length < MAX_PROBLEMS ? problems.push(p) : omitted++);
  lines.forEach((line, i) => {
    const cell = (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"(.*)"$/, '$1').trim();
    if (cell === '' || (i === 0 && HEADER.test(cell))) return;
    const id = byId.get(cell);
    if (id === undefined) {
      problem({ code: 'sites.unknown-school', message: `line ${i + 1}: "${cell.slice(0, 60)}" is neither a school id nor a CDS code of this day's sites`, where: { file, line: i + 1, col: 1 }, hint: `school_id\n${input.known[0]?.schoolId ?? 'E1'}` });
    } else if (chosen.has(id) && !input.repeatsAllowed) {
      // Named twice (perhaps another school was meant): the count of sites changed would not say so.
      problem({ code: 'sites.repeated-school', message: `line ${i + 1}: ${id} is already on line ${chosen.get(id)}: each school is one line`, where: { file, line: i + 1, col: 1 }, hint: 'remove one of the two lines, or correct the one that meant another school' });
    } else if (!chosen.has(id)) chosen.set(id, i + 1);
  });
  if (omitted > 0) problems.push({ code: 'sites.more-problems', message: `and ${omitted} more lines naming no school, or a school already named`, where: { file } });
  if (problems.length > 0) return { ok: false, problems };
  if (chosen.size === 0) return { ok: false, problems: [{ code: 'sites.csv-empty', message: 'the CSV names no school', where: { file, line: 1 }, hint: 'school_id\nE1\nE2' }] };
  return { ok: true, schoolIds: input.known.map((s) => s.schoolId).filter((id) => chosen.has(id)) };
}

export interface Transition {
  from: SiteStatusName;
  to: SiteStatusName;
  sites: number;
}

/** How many sites go from each status to each other (those whose status stays are left out), most first. */
export function transitions(changes: { before: SiteFields; after: SiteFields }[]): Transition[] {
  const counts = new Map<string, Transition>();
  for (const c of changes) {
    if (c.before.status === c.after.status) continue;
    const key = `${c.before.status}>${c.after.status}`;
    const t = counts.get(key) ?? { from: c.before.status, to: c.after.status, sites: 0 };
    t.sites++;
    counts.set(key, t);
  }
  return [...counts.values()].sort((a, b) => b.sites - a.sites || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** The fields that differ, before and after (what a site_changes row keeps). */
export function diff(before: SiteFields, after: SiteFields): { before: Partial<SiteFields>; after: Partial<SiteFields> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after) as (keyof SiteFields)[]) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return Object.keys(a).length === 0 ? null : { before: b as Partial<SiteFields>, after: a as Partial<SiteFields> };
}
