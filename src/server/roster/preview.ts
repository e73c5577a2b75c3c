/**
 * An import's preview: the plan (src/roster/plan.ts) for the mapping chosen, against the
 * roster as it is now, as the API shows it, with a digest of what it would do. Confirming
 * sends the digest back: if the roster or the mapping changed since, the plan differs and the
 * confirmation is refused, so what is applied is exactly what was shown.
 *
 * The roster and the district's sites are read here; reading the file and planning run on a
 * costing thread (work.ts), so a large roster never holds up the server's other requests.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Mapping } from '../../roster/fields.ts';
import type { Actor, Deps } from '../env.ts';
import { invalidContent } from '../errors.ts';
import { currentRoster, datasetSites, type PendingImport, type StoredMember } from './store.ts';
import type { RosterAnswer } from './work.ts';

export interface Computed {
  answer: RosterAnswer;
  roster: StoredMember[];
}

/** Works out an import on a costing thread: of an uploaded file (`file`) or of a pending import's stored table. */
export async function computePlan(
  deps: Deps, db: Kysely<Database>, actor: Actor,
  source: { file: { name: string; bytes: Uint8Array }; datasetVersionId: number | null } | { imp: PendingImport },
  o: { mapping: Mapping | null; removeMissing: boolean; withPlan?: boolean },
): Promise<Computed> {
  const roster = await currentRoster(db, actor.org.id);
  const sites = await datasetSites(db, 'imp' in source ? source.imp.datasetVersionId : source.datasetVersionId);
  const out = await deps.costing.roster({
    ...('imp' in source ? { tableGz: source.imp.tableGz } : { file: source.file }),
    mapping: o.mapping, removeMissing: o.removeMissing, roster, sites, withPlan: o.withPlan === true,
  });
  if (!out.ok) throw invalidContent(out.problems);
  return { answer: out.value, roster };
}

/** A mapping the file's header cannot satisfy: 422 naming each field (an upload previews it instead). */
export function mustMap(c: Computed): void {
  const problems = c.answer.mappingProblems;
  if (problems.length > 0) {
    throw invalidContent(problems.map((p) => ({ code: 'roster.mapping', message: `mapping ${p.field}: ${p.message}`, where: { field: `mapping.${p.field}` }, hint: p.hint })));
  }
}

export function previewJson(imp: PendingImport, c: Computed) {
  return { import: importJson(imp), ...c.answer.view, datasetVersionId: imp.datasetVersionId };
}

export const importJson = (imp: Pick<PendingImport, 'id' | 'fileName' | 'format' | 'rows' | 'status' | 'createdAt'>) =>
  ({ id: imp.id, fileName: imp.fileName, format: imp.format, rows: imp.rows, status: imp.status, createdAt: imp.createdAt });
