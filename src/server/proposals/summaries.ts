/**
 * The stored brief of a version (`summary`) and its cost lines without traces (`cost_lines`).
 * Written with every version since migration 0003; for a version written before, they are
 * derived here from its YAML and full result (slow, but only for such old rows).
 */
import type { Kysely } from 'kysely';
import type { CostResult } from '../../costing/result.ts';
import type { Database } from '../../db/schema.ts';
import { parseProposal } from '../../proposals/parse.ts';
import { costLines, versionSummary, type CostLines, type VersionSummary } from '../costing/summary.ts';

async function derive(db: Kysely<Database>, ids: number[]): Promise<Map<number, { summary: VersionSummary; lines: CostLines }>> {
  const out = new Map<number, { summary: VersionSummary; lines: CostLines }>();
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('proposal_versions').select(['id', 'yaml', 'result']).where('id', 'in', ids).execute();
  for (const r of rows) {
    const result = JSON.parse(r.result) as CostResult;
    out.set(r.id, { summary: versionSummary(parseProposal(r.yaml, 'proposal.yaml').proposal, result), lines: costLines(result) });
  }
  return out;
}

/** Each row's summary, by version id. */
export async function summariesOf(db: Kysely<Database>, rows: { id: number; summary: string | null }[]): Promise<Map<number, VersionSummary>> {
  const old = await derive(db, rows.filter((r) => r.summary === null).map((r) => r.id));
  return new Map(rows.map((r) => [r.id, r.summary === null ? (old.get(r.id) as { summary: VersionSummary }).summary : (JSON.parse(r.summary) as VersionSummary)]));
}

export async function summaryOf(db: Kysely<Database>, row: { id: number; summary: string | null }): Promise<VersionSummary> {
  return (await summariesOf(db, [row])).get(row.id) as VersionSummary;
}

/** A version's cost lines by year, without traces. */
export async function costLinesOf(db: Kysely<Database>, row: { id: number; cost_lines: string | null }): Promise<CostLines> {
  if (row.cost_lines !== null) return JSON.parse(row.cost_lines) as CostLines;
  return (await derive(db, [row.id])).get(row.id)?.lines ?? [];
}
