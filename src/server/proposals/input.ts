/**
 * From a request to a costed proposal: the YAML text (JSON is rendered to YAML first, so the
 * stored text is the one canonical form and problems still carry line, column and field), the
 * dataset version (the newest at the table by default; it must be one the actor can see), the
 * workspace's rules (its side, its units) and the costing itself, on a costing thread.
 */
import { stringify } from 'yaml';
import { lineCol, oddCharacter, PLAIN_TEXT } from '../../text/plain-text.ts';
import type { Draft, DraftRules } from '../costing/work.ts';
import { datasetFilesGz, latestDatasetVersion, visibleDatasetVersion } from '../datasets/store.ts';
import type { Actor, Deps } from '../env.ts';
import { ApiError, conflict, invalidContent } from '../errors.ts';
import { counterparts } from '../orgs/counterparts.ts';

export const PROPOSAL_FILE = 'proposal.yaml';

/** The YAML to parse and store: as sent (plain text only: 422 with where), or the JSON object rendered to YAML. */
export function yamlOf(body: { yaml?: string; proposal?: Record<string, unknown> }): string {
  if (body.yaml === undefined) return stringify(body.proposal, { lineWidth: 0 });
  const odd = oddCharacter(body.yaml);
  if (odd) {
    throw invalidContent([{ code: 'proposal.text', message: `the proposal ${PLAIN_TEXT}; it has ${odd.name} here`, where: { file: PROPOSAL_FILE, ...lineCol(body.yaml, odd.index) }, hint: 'delete the character, or write it as an escape inside double quotes ("\\t")' }]);
  }
  return body.yaml;
}

/** The dataset version to cost on: the one asked for if the actor may see it, else the newest at the table. */
export async function datasetVersionFor(deps: Deps, actor: Actor, requested: number | undefined): Promise<number> {
  if (requested !== undefined) {
    const v = await visibleDatasetVersion(deps.db, actor, requested);
    if (!v) throw new ApiError(404, { code: 'not-found', message: `there is no dataset version ${requested} that you can see`, where: { field: 'datasetVersionId' }, hint: 'leave datasetVersionId out to cost on the newest data at your table' });
    return v.id;
  }
  const latest = await latestDatasetVersion(deps.db, actor);
  if (latest === null) throw conflict('dataset.none', 'there is no dataset at your table yet, so there is nothing to cost a proposal on', 'the district uploads its data first (POST /api/datasets); then draft again');
  return latest;
}

/** A union drafts union proposals for its own unit; a district, district proposals for a unit at its table. */
export async function rulesFor(deps: Deps, actor: Actor): Promise<DraftRules> {
  if (actor.org.kind === 'union') return { party: 'union', organization: actor.org.name, units: actor.org.unit ? [{ unit: actor.org.unit, union: actor.org.name }] : [] };
  const unions = (await counterparts(deps.db, actor.org)).filter((o) => o.unit !== null);
  return { party: 'district', organization: actor.org.name, units: unions.map((o) => ({ unit: o.unit as string, union: o.name })) };
}

/**
 * Costs the proposal on a costing thread; every problem → 422, nothing stored. With
 * `allowOtherYear` a proposal dated outside the dataset's year is costed as a what-if (the
 * result's `otherYear` says so) instead of refused.
 */
export async function costDraft(deps: Deps, input: { datasetVersionId: number; yaml: string; rules?: DraftRules; allowOtherYear?: boolean }): Promise<Draft> {
  const out = await deps.costing.draft({
    datasetVersionId: input.datasetVersionId,
    yaml: input.yaml,
    file: PROPOSAL_FILE,
    rules: input.rules,
    allowOtherYear: input.allowOtherYear === true,
    loadFiles: () => datasetFilesGz(deps.db, input.datasetVersionId),
  });
  if (!out.ok) throw invalidContent(out.problems);
  return out.value;
}
