/**
 * The public record, read fast: every answer is built once and kept as JSON text, together
 * with the state of the publications table it was built at (how many, and the largest id;
 * publications are never deleted, so the count alone already moves with each one).
 * The state is read at most once a second (one small indexed query), and at once after a
 * publication or countersignature made through the same database handle, so a publication
 * shows at once in the process that made it and within a second in every other; answers built
 * at an older state are dropped. Nothing in these answers names a person: organizations, terms
 * and figures only.
 */
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { parseFiscalYear } from '../../calendar/fiscal-year.ts';
import { afterCosted } from '../../costing/outside-term.ts';
import type { CostResult } from '../../costing/result.ts';
import type { Database } from '../../db/schema.ts';
import { parseProposal } from '../../proposals/parse.ts';
import { plainWords } from '../../proposals/plain-words.ts';
import type { Proposal } from '../../proposals/types.ts';
import { projectionWithout } from '../../reports/disclosure/without.ts';
import { totalsOf, type VersionSummary } from '../costing/summary.ts';
import { Views } from '../costing/views.ts';
import { datasetFilesGz } from '../datasets/store.ts';
import type { Deps } from '../env.ts';
import { yearTotals } from '../proposals/answer.ts';
import { awaitingCountersignature, partyShown } from '../proposals/agreement.ts';

export interface Cached {
  token: string;
  body: string;
  etag: string;
  /** The body gzipped, made the first time a client that accepts gzip asks. */
  gz?: Uint8Array;
}

const KEEP = 500;

/**
 * Published versions with what the public sees of them, the YAML they were costed from, and
 * the organization each was passed to (the other side of its table). Callers add cost_lines
 * or result when they need them.
 */
export function published(db: Kysely<Database>) {
  return db
    .selectFrom('publications as pub')
    .innerJoin('proposal_versions as pv', 'pv.id', 'pub.proposal_version_id')
    .innerJoin('proposals as p', 'p.id', 'pv.proposal_id')
    .innerJoin('organizations as o', 'o.id', 'p.organization_id')
    .innerJoin('passes as ps', 'ps.proposal_version_id', 'pv.id')
    .innerJoin('organizations as tgt', 'tgt.id', 'ps.to_organization_id')
    .leftJoin('countersignatures as cs', 'cs.proposal_version_id', 'pv.id')
    .leftJoin('organizations as signer', 'signer.id', 'cs.organization_id')
    .select([
      'pv.id', 'pv.proposal_id', 'pv.dataset_version_id', 'pv.summary', 'pv.yaml', 'o.id as org_id', 'o.name as org_name', 'o.kind as org_kind', 'o.unit as org_unit',
      'tgt.id as to_id', 'tgt.name as to_name', 'tgt.kind as to_kind', 'tgt.unit as to_unit', 'ps.passed_at', 'pub.published_at',
      'cs.countersigned_at', 'signer.name as signer_name', 'signer.kind as signer_kind',
    ]);
}

export type PublishedRow = Awaited<ReturnType<ReturnType<typeof published>['executeTakeFirstOrThrow']>>;

/** The proposal as written (it parsed when it was stored); null if it no longer parses. */
function proposalOf(yaml: string): Proposal | null {
  try {
    return parseProposal(yaml, 'proposal.yaml').proposal;
  } catch {
    return null;
  }
}

/** Only web links are shown to the public (no javascript: or data: addresses). */
const webLink = (href: string | undefined) => (href !== undefined && /^https?:\/\/[^\s]+$/i.test(href) ? href : undefined);

/**
 * Each term as summarised, with its plain words in English and Spanish (dates written out;
 * a non-cost term's text stays as its authors wrote it).
 */
export function termsOf(s: VersionSummary, p: Proposal | null) {
  return s.terms.map((t, i) => {
    const typed = p?.terms[i]?.id === t.id ? p.terms[i] : p?.terms.find((x) => x.id === t.id);
    return { ...t, en: typed ? plainWords(typed, 'en') : t.text, es: typed ? plainWords(typed, 'es') : t.text };
  });
}

/**
 * The years the certification covers, those the dataset's budget lacks and later contract
 * years short of the reserve: null in a summary written before they were kept (unknown, not none).
 */
export function certificationOf(s: VersionSummary) {
  return {
    certificationYears: s.certificationYears ?? null,
    missingYears: s.missingYears ?? null,
    laterShortYears: s.laterShortYears ?? null,
    otherYear: s.otherYear ?? null,
  };
}

/**
 * The dates of the proposal after the last year its costing covers (the engine's `notCosted`,
 * src/costing/outside-term.ts): in no year and no total. Worked out again from the proposal as
 * written and that last year, as the engine does; null when the proposal no longer parses.
 */
export function notCostedOf(s: VersionSummary, p: Proposal | null): { term: string; field: string; date: string; after: string }[] | null {
  const after = totalsOf(s).total.to;
  const last = parseFiscalYear(after);
  if (!p || last === null) return null;
  return afterCosted(p, last).map(({ term, field, date }) => ({ term, field, date, after }));
}

/**
 * One published version in brief: who, what, when, cost per year, reserve per year,
 * certification, terms in plain words. A joint version is the agreement only once the other
 * side countersigned it; until then it is shown as its drafting side's proposal.
 */
export function entryOf(row: PublishedRow, s: VersionSummary, version: number) {
  const p = proposalOf(row.yaml);
  const signed = row.countersigned_at !== null;
  return {
    id: row.id,
    organization: { name: row.org_name, side: row.org_kind },
    party: partyShown(s.proposal.party, row.org_kind, signed),
    awaitingCountersignature: awaitingCountersignature(s.proposal.party, signed),
    countersigned: row.countersigned_at === null || row.signer_kind === null ? null : { at: row.countersigned_at, organization: { name: row.signer_name ?? '', side: row.signer_kind } },
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
    ...totalsOf(s),
    reserve: s.reserve,
    firstShortYear: s.firstShortYear,
    certification: s.certification,
    ...certificationOf(s),
    notCosted: notCostedOf(s, p),
    terms: termsOf(s, p),
    sources: (p?.sources ?? []).map((r) => ({ title: r.title, ...(webLink(r.href) ? { href: webLink(r.href) } : {}) })),
    href: `/api/public/proposals/${row.id}`,
  };
}

export type PublicEntry = ReturnType<typeof entryOf>;

/**
 * The datasets the versions were costed on: name, version, and the reserve each year with no
 * proposal at all (read back from each costed result: the engine's own projection with the
 * proposal's cost taken out, src/reports/disclosure/without.ts), over every year any of the
 * versions covers.
 */
export async function datasetsOf(db: Kysely<Database>, rows: { id: number; dataset_version_id: number }[]) {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.dataset_version_id))];
  const named = await db
    .selectFrom('dataset_versions as dv')
    .innerJoin('datasets as d', 'd.id', 'dv.dataset_id')
    .select(['dv.id', 'dv.version', 'd.name'])
    .where('dv.id', 'in', ids)
    .orderBy('dv.created_at')
    .orderBy('dv.version')
    .orderBy('dv.id')
    .execute();
  const without = new Map<number, Map<string, { fy: string; reservePct: number; meetsReserve: boolean }>>(ids.map((id) => [id, new Map()]));
  const versions = await db.selectFrom('proposal_versions').select(['id', 'dataset_version_id', 'summary']).where('id', 'in', rows.map((r) => r.id)).execute();
  for (const r of versions) {
    const years = without.get(r.dataset_version_id)!;
    // Kept in the summary on the costing thread; only a version written before that needs its full result read.
    const kept = r.summary === null ? undefined : (JSON.parse(r.summary) as VersionSummary).without;
    const list = kept ?? projectionWithout(JSON.parse((await db.selectFrom('proposal_versions').select('result').where('id', '=', r.id).executeTakeFirstOrThrow()).result) as CostResult);
    for (const y of list) {
      if (!years.has(y.fy)) years.set(y.fy, { fy: y.fy, reservePct: y.reservePct, meetsReserve: y.meetsReserve });
    }
  }
  return named.map((d) => ({ id: d.id, name: d.name, version: d.version, without: [...without.get(d.id)!.values()].sort((a, b) => a.fy.localeCompare(b.fy)) }));
}

/** Answers kept per server process, valid for one state of the publications and countersignatures tables. */
/** How often (ms) a process reads the publications state again, unless this process changed it. */
export const RECORD_CHECK_MS = 1000;

/** Publications and countersignatures made through each database handle in this process. */
const localChanges = new WeakMap<Kysely<Database>, number>();
const changesOf = (db: Kysely<Database>) => localChanges.get(db) ?? 0;

/**
 * Call after a publication or countersignature commits: this process's public record reads the
 * state again at its next request (others within RECORD_CHECK_MS).
 */
export function publicRecordChanged(db: Kysely<Database>): void {
  localChanges.set(db, changesOf(db) + 1);
}

export class PublicCache {
  private token = '';
  private readonly answers = new Map<string, Cached>();
  private checkedAt = -Infinity;
  /** The local changes counted when the state was last read. */
  private seen = -1;
  private checking: { seen: number; token: Promise<string> } | null = null;

  /** `views`: published versions over common years (kept across states: stored versions never change). */
  constructor(private readonly db: Kysely<Database>, readonly views: Views) {}

  /**
   * The state of the publications and countersignatures tables (a countersignature turns a
   * published proposal into the agreement); answers built at another state are forgotten. Read at
   * most once a second (concurrent requests share one read), and at once after this process
   * published or countersigned: a publication shows at once in the process that made it and
   * within a second in every other.
   */
  state(): Promise<string> {
    const now = this.stateNow();
    if (now !== null) return Promise.resolve(now);
    const seen = changesOf(this.db);
    if (this.checking?.seen === seen) return this.checking.token;
    const checking = { seen, token: this.read(seen) };
    this.checking = checking;
    void checking.token.finally(() => {
      if (this.checking === checking) this.checking = null;
    }).catch(() => {});
    return checking.token;
  }

  /** The state, when `state()` would answer it without reading the database; else null. */
  stateNow(): string | null {
    return changesOf(this.db) === this.seen && performance.now() - this.checkedAt < RECORD_CHECK_MS ? this.token : null;
  }

  private async read(seen: number): Promise<string> {
    const started = performance.now();
    const r = await this.db
      .selectNoFrom((eb) => [
        eb.selectFrom('publications').select((e) => e.fn.countAll().as('n')).as('pn'),
        eb.selectFrom('publications').select((e) => e.fn.max('id').as('m')).as('pm'),
        eb.selectFrom('countersignatures').select((e) => e.fn.countAll().as('n')).as('cn'),
        eb.selectFrom('countersignatures').select((e) => e.fn.max('id').as('m')).as('cm'),
      ])
      .executeTakeFirst();
    const token = `${Number(r?.pn ?? 0)}.${Number(r?.pm ?? 0)}.${Number(r?.cn ?? 0)}.${Number(r?.cm ?? 0)}`;
    if (token !== this.token) {
      this.token = token;
      this.answers.clear();
    }
    if (seen >= this.seen) {
      this.seen = seen;
      this.checkedAt = started;
    }
    return token;
  }

  /** The answer kept for `key` at state `token`, if any. */
  peek(token: string, key: string): Cached | undefined {
    const hit = this.answers.get(key);
    return hit && hit.token === token ? hit : undefined;
  }

  /** The answer for `key` at state `token`, built by `build` if not kept. */
  async get(token: string, key: string, build: () => Promise<{ body: string; etag: string }>): Promise<Cached> {
    const hit = this.peek(token, key);
    if (hit) return hit;
    const made = { token, ...(await build()) };
    if (this.token === token) {
      this.answers.set(key, made);
      if (this.answers.size > KEEP) this.answers.delete(this.answers.keys().next().value as string);
    }
    return made;
  }
}

const records = new WeakMap<Deps, PublicCache>();

/** The server's public record cache (one per server: its routes and its fast path share it). */
export function publicRecordOf(deps: Deps): PublicCache {
  let r = records.get(deps);
  if (!r) records.set(deps, (r = new PublicCache(deps.db, new Views(() => deps.costing, (dv) => datasetFilesGz(deps.db, dv)))));
  return r;
}
