/**
 * The public record, read fast: every answer is built once and kept as JSON text, together
 * with the state of the publications table it was built at (how many, and the newest id).
 * Each request first reads that state (one small indexed query), so a publication made through
 * any server process shows at once in every process; answers built at an older state are
 * dropped. Nothing in these answers names a person: organizations, terms and figures only.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Changes } from '../../reports/changes.ts';
import type { VersionSummary } from '../costing/summary.ts';
import { yearTotals } from '../proposals/answer.ts';

export interface Cached {
  token: string;
  body: string;
  etag: string;
}

const KEEP = 500;

/** Published versions with what the public sees of them (callers add yaml or cost_lines). */
export function published(db: Kysely<Database>) {
  return db
    .selectFrom('publications as pub')
    .innerJoin('proposal_versions as pv', 'pv.id', 'pub.proposal_version_id')
    .innerJoin('proposals as p', 'p.id', 'pv.proposal_id')
    .innerJoin('organizations as o', 'o.id', 'p.organization_id')
    .innerJoin('passes as ps', 'ps.proposal_version_id', 'pv.id')
    .select(['pv.id', 'pv.proposal_id', 'pv.dataset_version_id', 'pv.summary', 'o.name as org_name', 'o.kind as org_kind', 'ps.passed_at', 'pub.published_at']);
}

export type PublishedRow = Awaited<ReturnType<ReturnType<typeof published>['executeTakeFirstOrThrow']>>;

/** One published version in brief: who, what, when, cost per year, reserve per year, certification. */
export function entryOf(row: PublishedRow, s: VersionSummary, version: number) {
  return {
    id: row.id,
    organization: { name: row.org_name, side: row.org_kind },
    unit: s.proposal.unit,
    title: s.proposal.title,
    version,
    date: s.proposal.date,
    term: s.proposal.term,
    passedAt: row.passed_at,
    publishedAt: row.published_at,
    datasetVersionId: row.dataset_version_id,
    district: { name: s.district.name, baseFiscalYear: s.district.baseFiscalYear, requiredReservePct: s.district.requiredReservePct },
    years: yearTotals(s),
    reserve: s.reserve,
    firstShortYear: s.firstShortYear,
    certification: s.certification,
    href: `/api/public/proposals/${row.id}`,
  };
}

/** Answers kept per server process, valid for one state of the publications table. */
export class PublicCache {
  private token = '';
  private readonly answers = new Map<string, Cached>();
  private readonly pairs = new Map<string, Promise<Changes>>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The publications table's state now; answers built at another state are forgotten. */
  async state(): Promise<string> {
    const r = await this.db.selectFrom('publications').select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('id').as('m')]).executeTakeFirst();
    const token = `${Number(r?.n ?? 0)}.${Number(r?.m ?? 0)}`;
    if (token !== this.token) {
      this.token = token;
      this.answers.clear();
    }
    return token;
  }

  /** The answer for `key` at state `token`, built by `build` if not kept. */
  async get(token: string, key: string, build: () => Promise<{ body: string; etag: string }>): Promise<Cached> {
    const hit = this.answers.get(key);
    if (hit && hit.token === token) return hit;
    const made = { token, ...(await build()) };
    if (this.token === token) {
      this.answers.set(key, made);
      if (this.answers.size > KEEP) this.answers.delete(this.answers.keys().next().value as string);
    }
    return made;
  }

  /**
   * What changed between two published versions never changes (both are immutable): kept
   * across states, and one costing job serves every request asking at the same time.
   */
  changes(from: number, to: number, compute: () => Promise<Changes>): Promise<Changes> {
    const key = `${from}>${to}`;
    let job = this.pairs.get(key);
    if (!job) {
      job = compute();
      job.catch(() => this.pairs.delete(key));
      this.pairs.set(key, job);
      if (this.pairs.size > KEEP) this.pairs.delete(this.pairs.keys().next().value as string);
    }
    return job;
  }
}
