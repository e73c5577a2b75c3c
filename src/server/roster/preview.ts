/**
 * An import's preview: the plan (src/roster/plan.ts) for the mapping chosen, against the
 * roster as it is now, as the API shows it, with a digest of what it would do. Confirming
 * sends the digest back: if the roster or the mapping changed since, the plan differs and the
 * confirmation is refused, so what is applied is exactly what was shown.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { FIELDS, mappingProblems, suggestMapping, type Mapping } from '../../roster/fields.ts';
import { planImport, type Plan, type PlannedMember } from '../../roster/plan.ts';
import { siteIndex } from '../../roster/sites.ts';
import type { Actor } from '../env.ts';
import { invalidContent } from '../errors.ts';
import { currentRoster, datasetSites, type PendingImport, type StoredMember } from './store.ts';

/** Lists in a preview stop here (the counts are always whole). */
export const LISTED = 500;
/** Rows shown as the file has them. */
export const SAMPLE_ROWS = 10;

export interface Computed {
  plan: Plan;
  roster: StoredMember[];
  digest: string;
}

export async function computePlan(db: Kysely<Database>, actor: Actor, imp: PendingImport, o: { mapping: Mapping; removeMissing: boolean }): Promise<Computed> {
  const problems = mappingProblems(o.mapping, imp.table.header);
  if (problems.length > 0) {
    throw invalidContent(problems.map((p) => ({ code: 'roster.mapping', message: `mapping ${p.field}: ${p.message}`, where: { field: `mapping.${p.field}` }, hint: p.hint })));
  }
  const roster = await currentRoster(db, actor.org.id);
  const sites = siteIndex(await datasetSites(db, imp.datasetVersionId));
  const plan = planImport({ table: imp.table, mapping: o.mapping, roster, sites, removeMissing: o.removeMissing });
  const what = {
    mapping: FIELDS.map((f) => o.mapping[f]), removeMissing: o.removeMissing,
    adds: plan.adds.map((a) => [a.fields, a.worksite?.key ?? null, a.restored]),
    changes: plan.changes.map((c) => [c.fields, c.worksite?.key ?? null]),
    removes: plan.removes.map((m) => m.memberId),
    rejected: plan.rejected.map((r) => [r.line, r.field, r.code]),
  };
  return { plan, roster, digest: createHash('sha256').update(JSON.stringify(what)).digest('hex') };
}

const memberJson = (m: PlannedMember) => ({ line: m.line, ...m.fields, worksite: m.worksite?.name ?? null });

export function previewJson(imp: PendingImport, o: { mapping: Mapping; removeMissing: boolean; suggested: Mapping }, c: Computed) {
  const { plan } = c;
  return {
    import: importJson(imp),
    columns: imp.table.header,
    mapping: o.mapping,
    suggestedMapping: o.suggested,
    removeMissing: o.removeMissing,
    mappingProblems: mappingProblems(o.mapping, imp.table.header),
    sample: imp.table.rows.slice(0, SAMPLE_ROWS).map((r) => ({ line: r.line, cells: r.cells })),
    counts: {
      rows: plan.rows, accepted: plan.accepted.length, rejectedRows: plan.rejectedRows,
      duplicates: plan.rejected.filter((r) => r.duplicateOf).length,
      adds: plan.adds.length, changes: plan.changes.length, removes: plan.removes.length, unchanged: plan.unchanged,
    },
    rejected: plan.rejected.slice(0, LISTED).map((r) => ({ line: r.line, field: r.field, code: r.code, message: r.message, hint: r.hint, duplicateOf: r.duplicateOf ?? null })),
    adds: plan.adds.slice(0, LISTED).map((a) => ({ ...memberJson(a), restored: a.restored })),
    changes: plan.changes.slice(0, LISTED).map((ch) => ({ line: ch.line, memberId: ch.fields.memberId, name: ch.fields.name, changes: ch.changes })),
    removes: plan.removes.slice(0, LISTED).map((m) => ({ memberId: m.memberId, name: m.name, worksite: m.worksite?.name ?? null })),
    worksites: plan.worksites,
    datasetVersionId: imp.datasetVersionId,
    digest: c.digest,
  };
}

export const importJson = (imp: PendingImport) => ({ id: imp.id, fileName: imp.fileName, format: imp.format, rows: imp.rows, status: imp.status, createdAt: imp.createdAt });

export const defaultMapping = (imp: PendingImport) => suggestMapping(imp.table.header);
