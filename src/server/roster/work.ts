/**
 * The roster work a costing thread does (job kind `roster`, pool.ts): read an uploaded file
 * (CSV/XLSX) or a pending import's stored table, check the mapping, plan the import against the
 * roster and the district's sites, and answer the preview's lists (bounded), its digest and,
 * to confirm, the plan. At UTLA's size (31,800 members) reading and planning take seconds of
 * CPU, which on the server's own thread would stall every other request.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { InvalidInput } from '../../errors/problem.ts';
import { FIELDS, mappingProblems, suggestMapping, type Mapping } from '../../roster/fields.ts';
import { planImport, type Plan, type PlannedMember } from '../../roster/plan.ts';
import { siteIndex, type Site } from '../../roster/sites.ts';
import { readRoster, type RosterTable } from '../../roster/table.ts';
import type { Problem } from '../../errors/problem.ts';
import type { StoredMember } from './store.ts';

/** Lists in a preview stop here (the counts are always whole). */
export const LISTED = 500;
/** Rows shown as the file has them. */
export const SAMPLE_ROWS = 10;

export interface RosterJobInput {
  /** An uploaded file, read here; or `tableGz`, a pending import's table as stored. */
  file?: { name: string; bytes: Uint8Array };
  tableGz?: Uint8Array;
  /** null: the mapping suggested from the header (an upload). */
  mapping: Mapping | null;
  removeMissing: boolean;
  roster: StoredMember[];
  sites: Site[];
  /** Also answer the whole plan (to apply it). */
  withPlan: boolean;
}

export interface RosterAnswer {
  /** For an uploaded file: the table to store. */
  stored?: { format: string; rows: number; tableGz: Uint8Array };
  /** The preview without its import (the route adds it). */
  view: PreviewView;
  mapping: Mapping;
  mappingProblems: { field: string; message: string; hint: string }[];
  /** Empty when the mapping is not complete (nothing was planned). */
  digest: string;
  plan?: Plan;
}

export type RosterOutcome = { ok: true; value: RosterAnswer } | { ok: false; problems: Problem[] };

export async function rosterWork(job: RosterJobInput): Promise<RosterOutcome> {
  let table: RosterTable;
  let stored: RosterAnswer['stored'];
  if (job.file) {
    try {
      table = await readRoster(job.file.name, job.file.bytes);
    } catch (e) {
      if (e instanceof InvalidInput) return { ok: false, problems: e.problems };
      throw e;
    }
    stored = { format: table.format, rows: table.rows.length, tableGz: new Uint8Array(gzipSync(JSON.stringify(table))) };
  } else if (job.tableGz) {
    table = JSON.parse(gunzipSync(job.tableGz).toString('utf8')) as RosterTable;
  } else throw new Error('a roster job needs a file or a stored table');

  const suggested = suggestMapping(table.header);
  const mapping = job.mapping ?? suggested;
  const problems = mappingProblems(mapping, table.header);
  const plan = problems.length > 0 ? null : planImport({ table, mapping, roster: job.roster, sites: siteIndex(job.sites), removeMissing: job.removeMissing });
  const digest = plan ? digestOf(plan, mapping, job.removeMissing) : '';
  const p: Plan = plan ?? { rows: table.rows.length, accepted: [], rejected: [], rejectedRows: 0, adds: [], changes: [], removes: [], unchanged: 0, worksites: { matched: [], unmatched: [] } };
  const view = viewOf(table, mapping, suggested, job.removeMissing, problems, p, digest);
  return { ok: true, value: { stored, view, mapping, mappingProblems: problems, digest, plan: job.withPlan && plan ? plan : undefined } };
}

function viewOf(table: RosterTable, mapping: Mapping, suggested: Mapping, removeMissing: boolean, problems: ReturnType<typeof mappingProblems>, p: Plan, digest: string) {
  return {
    columns: table.header,
    mapping,
    suggestedMapping: suggested,
    removeMissing,
    mappingProblems: problems,
    sample: table.rows.slice(0, SAMPLE_ROWS).map((r) => ({ line: r.line, cells: r.cells })),
    counts: {
      rows: p.rows, accepted: p.accepted.length, rejectedRows: p.rejectedRows,
      duplicates: p.rejected.filter((r) => r.duplicateOf).length,
      adds: p.adds.length, changes: p.changes.length, removes: p.removes.length, unchanged: p.unchanged,
    },
    rejected: p.rejected.slice(0, LISTED).map((r) => ({ line: r.line, field: r.field, code: r.code, message: r.message, hint: r.hint, duplicateOf: r.duplicateOf ?? null })),
    adds: p.adds.slice(0, LISTED).map((a) => ({ ...memberJson(a), restored: a.restored })),
    changes: p.changes.slice(0, LISTED).map((ch) => ({ line: ch.line, memberId: ch.fields.memberId, name: ch.fields.name, changes: ch.changes })),
    removes: p.removes.slice(0, LISTED).map((m) => ({ memberId: m.memberId, name: m.name, worksite: m.worksite?.name ?? null })),
    worksites: p.worksites,
    digest,
  };
}

export type PreviewView = ReturnType<typeof viewOf>;

const memberJson = (m: PlannedMember) => ({ line: m.line, ...m.fields, worksite: m.worksite?.name ?? null });

/** What the plan would do, hashed: confirming sends it back, and applies only if the plan is unchanged. */
function digestOf(plan: Plan, mapping: Mapping, removeMissing: boolean): string {
  const what = {
    mapping: FIELDS.map((f) => mapping[f]), removeMissing,
    adds: plan.adds.map((a) => [a.fields, a.worksite?.key ?? null, a.restored]),
    changes: plan.changes.map((c) => [c.fields, c.worksite?.key ?? null]),
    removes: plan.removes.map((m) => m.memberId),
    rejected: plan.rejected.map((r) => [r.line, r.field, r.code]),
  };
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}
