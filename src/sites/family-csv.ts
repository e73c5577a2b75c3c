/**
 * Reads a CSV of meal and partner sites (docs/sites.md "Meal and partner sites"; columns in
 * FAMILY_CSV_COLUMNS): every row checked, every problem named by line, column and what is wrong
 * with a valid example, rows naming the same site (name and address) flagged with both lines.
 * Pure: the import route decides what to do with the report (preview, or add all or nothing).
 */
import { capProblems } from '../errors/capped.ts';
import type { Problem } from '../errors/problem.ts';
import { readCsv, cellWhere } from '../text/csv.ts';
import { FamilyCells } from './family-cells.ts';
import { FAMILY_KINDS, FAMILY_LIMITS, PARTNER_KINDS, sameSiteKey, kindRuleProblems, hoursRuleProblems, type FamilySite } from './family-site.ts';

export const FAMILY_CSV_REQUIRED = ['kind', 'name', 'address', 'latitude', 'longitude', 'opens', 'closes'] as const;
export const FAMILY_CSV_OPTIONAL = ['dates', 'meals_per_child', 'partner_kind', 'offers', 'languages'] as const;
export const FAMILY_CSV_COLUMNS = [...FAMILY_CSV_REQUIRED, ...FAMILY_CSV_OPTIONAL];
/** A valid file, for hints and the docs. */
export const FAMILY_CSV_EXAMPLE = [
  FAMILY_CSV_COLUMNS.join(','),
  'meal,Roosevelt High School,"456 S Mathews St, Los Angeles, CA 90033",34.0409,-118.2127,07:30,13:30,2023-03-21;2023-03-22;2023-03-23,2,,Breakfast and lunch to go,English;Spanish',
].join('\n');

const FIELD_COLUMN = { partnerKind: 'partner_kind', mealsPerChild: 'meals_per_child', closes: 'closes' } as const;

export interface FamilyCsvSite {
  line: number;
  site: FamilySite;
}

export interface FamilyCsvReport {
  /** Rows read (not counting the header). */
  rows: number;
  /** The sites of the rows without a problem, in file order. */
  sites: FamilyCsvSite[];
  /** Every problem (the first 200, then how many more). Empty: the file can be imported as it is. */
  problems: Problem[];
  /** The file's column of a field (1 first), as its header orders them; 0 when it has none. */
  columnOf(field: string): number;
}

export function readFamilySitesCsv(input: { text: string; file?: string }): FamilyCsvReport {
  const file = input.file ?? 'sites.csv';
  const { table, problems, omitted } = readCsv(input.text, file, FAMILY_CSV_REQUIRED, FAMILY_CSV_OPTIONAL, 'sites');
  const rows = table.rows.length + (omitted ?? 0) + problems.filter((p) => p.code === 'sites.csv-cell-count').length;
  if (table.header.length > 0 && problems.length === 0 && table.rows.length === 0) {
    problems.push({ code: 'sites.no-rows', message: 'the file has a header but no sites', where: { file, line: 2 }, hint: FAMILY_CSV_EXAMPLE.split('\n')[1] });
  }
  const cells = new FamilyCells(table, problems);
  const sites: FamilyCsvSite[] = [];
  const firstLine = new Map<string, number>();
  for (const [i, row] of table.rows.entries()) {
    if (i === FAMILY_LIMITS.rows) {
      cells.problem(row, 'kind', 'too-many-rows', `the file has ${table.rows.length} sites; one import takes at most ${FAMILY_LIMITS.rows}`, 'split the file in two and import each');
      break;
    }
    const before = problems.length;
    const kind = cells.oneOf(row, 'kind', FAMILY_KINDS, { empty: false });
    const name = cells.text(row, 'name', { max: FAMILY_LIMITS.name, required: true, hint: 'Central Library' });
    const address = cells.text(row, 'address', { max: FAMILY_LIMITS.address, required: true, hint: '"630 W 5th St, Los Angeles, CA 90071"' });
    const latitude = cells.degrees(row, 'latitude');
    const longitude = cells.degrees(row, 'longitude');
    const opens = cells.time(row, 'opens');
    const closes = cells.time(row, 'closes');
    const dates = cells.dates(row, 'dates');
    const mealsPerChild = cells.meals(row, 'meals_per_child');
    const partnerKind = cells.oneOf(row, 'partner_kind', PARTNER_KINDS, { empty: true });
    const offers = cells.text(row, 'offers', { max: FAMILY_LIMITS.offers, required: false, hint: 'Supervision, computers, story time' });
    const languages = cells.languages(row, 'languages');
    // Every problem of the row at once: the rules between cells that did read, and a repeated site, beside the cells that did not.
    const rules = [
      ...(kind && partnerKind !== undefined && mealsPerChild !== undefined ? kindRuleProblems({ kind, partnerKind, mealsPerChild }) : []),
      ...(opens !== null && closes !== null ? hoursRuleProblems({ opens, closes }) : []),
    ];
    for (const p of rules) cells.problem(row, FIELD_COLUMN[p.field], p.code, p.message, p.hint);
    if (name !== null && address !== null) {
      const key = sameSiteKey({ name, address });
      const first = firstLine.get(key);
      if (first !== undefined) {
        problems.push({
          code: 'sites.duplicate', message: `lines ${first} and ${row.line} are the same site (name "${name.slice(0, 80)}" and address "${address.slice(0, 80)}"): list each site once`,
          where: cellWhere(table, row, 'name'), hint: `remove line ${row.line}, or put all its dates on line ${first}`,
        });
      } else firstLine.set(key, row.line);
    }
    if (problems.length > before || !kind || name === null || address === null || latitude === null || longitude === null || opens === null || closes === null
      || dates === null || mealsPerChild === undefined || partnerKind === undefined || offers === null || languages === null) continue;
    sites.push({ line: row.line, site: { kind, partnerKind, name, address, latitude, longitude, opens, closes, dates, mealsPerChild, offers, languages } });
  }
  return { rows, sites, problems: capProblems(problems, omitted ?? 0, 'sites'), columnOf: (field) => table.header.indexOf(field) + 1 };
}
