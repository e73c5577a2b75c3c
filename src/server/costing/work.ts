/**
 * The work a costing thread does, as plain functions (the thread entry only passes messages):
 * read a stored dataset version, summarise it, cost a proposal on it, cost a draft for storing
 * (the result already serialised, so the server's event loop never stringifies megabytes).
 * Several stored versions over common years, and what changed between two: common.ts.
 */
import { gunzipSync } from 'node:zlib';
import { fyLabel } from '../../calendar/fiscal-year.ts';
import { costProposal } from '../../costing/cost.ts';
import type { CostResult } from '../../costing/result.ts';
import { DATASET_FILES, loadDataset, type DatasetFiles } from '../../district/load.ts';
import type { Dataset } from '../../district/types.ts';
import { InvalidInput, type Problem } from '../../errors/problem.ts';
import { parseProposal, type ParsedProposal } from '../../proposals/parse.ts';
import { looksEmpty, LOOKS_EMPTY } from '../../text/invisible.ts';
import { oddCharacter, PLAIN_TEXT } from '../../text/plain-text.ts';
import { costLines, versionSummary } from './summary.ts';

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

/** Who may draft what: the party must be the workspace's side, the unit one it bargains over. */
export interface DraftRules {
  party: 'union' | 'district';
  organization: string;
  /** The units the proposal may be for, with the union bargaining for each. */
  units: { unit: string; union: string }[];
}

export interface Draft {
  title: string;
  party: string;
  unit: string;
  resultJson: string;
  summaryJson: string;
  costLinesJson: string;
}

function ruleProblems(parsed: ParsedProposal, rules: DraftRules): Problem[] {
  const { proposal, file, locate } = parsed;
  const at = (field: 'party' | 'unit', code: string, message: string, hint: string): Problem => {
    const pos = locate([field]);
    return { code: `proposal.${code}`, message, where: { file, line: pos.line, col: pos.col, field }, hint };
  };
  const problems: Problem[] = [];
  // Either side may record a tentative agreement (joint) or a fact-finder's report; only the
  // other side's own proposals cannot be drafted here (they arrive by being passed).
  if (proposal.party !== rules.party && proposal.party !== 'joint' && proposal.party !== 'fact-finder') {
    problems.push(at('party', 'wrong-party', `${rules.organization} is a ${rules.party} workspace, so its proposals are ${rules.party} proposals (or joint, or a fact-finder's); this one says party: ${proposal.party}`, `party: ${rules.party}`));
  }
  if (!rules.units.some((u) => u.unit === proposal.unit)) {
    const message = rules.party === 'union'
      ? `${rules.organization} bargains for unit ${rules.units.map((u) => u.unit).join(', ')}; this proposal is for unit ${proposal.unit}`
      : rules.units.length === 0
        ? `no union has a workspace at ${rules.organization}'s table yet, so there is no one to pass a proposal for unit ${proposal.unit} to`
        : `no union at ${rules.organization}'s table bargains for unit ${proposal.unit}; the units at the table are ${rules.units.map((u) => `${u.unit} (${u.union})`).join(', ')}`;
    problems.push(at('unit', 'wrong-unit', message, rules.units[0] ? `unit: ${rules.units[0].unit}` : 'invite the union first'));
  }
  return problems;
}

/**
 * Parses, checks against the rules (if given) and costs a proposal; returns it ready to store.
 * `allowOtherYear`: a what-if dated outside the dataset's year is costed (the result says so).
 */
export function draftYaml(dataset: Dataset, yaml: string, file = 'proposal.yaml', rules?: DraftRules, allowOtherYear = false): Outcome<Draft> {
  try {
    const parsed = parseProposal(yaml, file);
    const problems = rules ? ruleProblems(parsed, rules) : [];
    // The title also names the proposal in its workspace (a database column, not only JSON).
    const odd = oddCharacter(parsed.proposal.title);
    if (odd) problems.unshift({ code: 'proposal.title-text', message: `the title ${PLAIN_TEXT}; it has ${odd.name}`, where: { file, ...parsed.locate(['title']), field: 'title' }, hint: 'title: Union proposal of March 1, 2019' });
    else if (looksEmpty(parsed.proposal.title)) problems.unshift({ code: 'proposal.title-empty', message: `the title ${LOOKS_EMPTY}`, where: { file, ...parsed.locate(['title']), field: 'title' }, hint: 'title: Union proposal of March 1, 2019' });
    if (problems.length > 0) return { ok: false, problems };
    const result = costProposal({ dataset, proposal: parsed.proposal, source: parsed, allowOtherYear });
    const { title, party, unit } = parsed.proposal;
    return {
      ok: true,
      value: { title, party, unit, resultJson: JSON.stringify(result), summaryJson: JSON.stringify(versionSummary(parsed.proposal, result)), costLinesJson: JSON.stringify(costLines(result)) },
    };
  } catch (e) {
    if (e instanceof InvalidInput) return { ok: false, problems: e.problems };
    throw e;
  }
}
