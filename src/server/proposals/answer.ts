/**
 * Answers about versions, built from one row shape (store.ts `versions`). What the other side
 * sees of a version it received: the organization that passed it, never a person's name, the
 * version's number as passed (`passed.number`), not its draft number, and its YAML without
 * comments (`# …` lines are drafting notes; the terms, `summary` and `note` fields go across).
 * The full result is spliced into the answer as stored, never parsed on the server's thread.
 */
import type { Context } from 'hono';
import { isNode, parseDocument, visit } from 'yaml';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { totalsOf, type VersionSummary } from '../costing/summary.ts';
import type { Actor } from '../env.ts';
import type { versions } from './store.ts';
import { awaitingCountersignature, partyShown } from './agreement.ts';

export type VersionRow = Awaited<ReturnType<ReturnType<typeof versions>['executeTakeFirstOrThrow']>>;

/** A JSON answer already serialised; typed as any route's answer. */
export function rawJson(c: Context, text: string, status: ContentfulStatusCode, headers: Record<string, string> = {}): never {
  return c.body(text, status, { 'content-type': 'application/json', ...headers }) as never;
}

/** The YAML with its comments taken out (the text was parsed when stored, so it parses). */
export function withoutComments(text: string): string {
  const doc = parseDocument(text);
  doc.commentBefore = null;
  doc.comment = null;
  visit(doc, (_key, node) => {
    if (isNode(node)) {
      node.comment = null;
      node.commentBefore = null;
      node.spaceBefore = false;
    }
  });
  return doc.toString({ lineWidth: 0 });
}

export const yearTotals = (s: VersionSummary) => s.years.map(({ fy, totalCents, ongoingCents, oneTimeCents }) => ({ fy, totalCents, ongoingCents, oneTimeCents }));

export function passedOf(row: VersionRow, own: boolean, number: number | undefined) {
  if (row.passed_at === null || row.target_id === null) return null;
  return {
    number: number ?? 1,
    from: { id: row.owner_id, name: row.owner_name },
    to: { id: row.target_id, name: row.target_name ?? '' },
    at: row.passed_at,
    by: own ? row.passed_by : null,
  };
}

export function publishedOf(row: VersionRow, own: boolean) {
  return row.published_at === null ? null : { at: row.published_at, by: own ? row.published_by : null };
}

/**
 * The other side's countersignature of a joint version, if any: which organization and when;
 * who, only inside the organization that countersigned.
 */
export function countersignedOf(row: VersionRow, viewer: number) {
  if (row.countersigned_at === null || row.signer_id === null) return null;
  return { at: row.countersigned_at, organization: { id: row.signer_id, name: row.signer_name ?? '' }, by: viewer === row.signer_id ? row.countersigned_by : null };
}

/** The party shown for a version (a joint one is its drafter's until countersigned), and whether it waits for a countersignature. */
export function standingOf(row: VersionRow, s: VersionSummary) {
  const signed = row.countersigned_at !== null;
  return { party: partyShown(s.proposal.party, row.owner_kind, signed), awaitingCountersignature: awaitingCountersignature(s.proposal.party, signed) };
}

/**
 * A version in the owner's lists: figures in brief (both totals naming their years, and the
 * certification's years: null when the summary was written before they were kept), who
 * drafted, passed and published it.
 */
export function briefOf(row: VersionRow, s: VersionSummary, number: number | undefined) {
  return {
    id: row.id, version: row.version, title: s.proposal.title, datasetVersionId: row.dataset_version_id, createdAt: row.created_at, createdBy: row.created_by,
    years: yearTotals(s), ...totalsOf(s), certification: s.certification, firstShortYear: s.firstShortYear,
    certificationYears: s.certificationYears ?? null, missingYears: s.missingYears ?? null, laterShortYears: s.laterShortYears ?? null,
    passed: passedOf(row, true, number), published: publishedOf(row, true),
    ...standingOf(row, s), countersigned: countersignedOf(row, row.owner_id),
  };
}

/** One version with its YAML and full result, as the actor may see it. */
export function versionText(row: VersionRow, s: VersionSummary, actor: Actor, number: number | undefined, yaml: string, resultJson: string): string {
  const own = row.owner_id === actor.org.id;
  const meta = {
    id: row.id,
    version: own ? row.version : (number ?? 1),
    own,
    proposalId: own ? row.proposal_id : null,
    organization: { id: row.owner_id, name: row.owner_name, kind: row.owner_kind },
    title: s.proposal.title,
    datasetVersionId: row.dataset_version_id,
    createdAt: own ? row.created_at : null,
    createdBy: own ? row.created_by : null,
    passed: passedOf(row, own, number),
    published: publishedOf(row, own),
    ...standingOf(row, s),
    countersigned: countersignedOf(row, actor.org.id),
    yaml: own ? yaml : withoutComments(yaml),
  };
  return `${JSON.stringify(meta).slice(0, -1)},"result":${resultJson}}`;
}
