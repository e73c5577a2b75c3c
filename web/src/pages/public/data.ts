/**
 * The public record as the page reads it: the answers' shapes (src/server/public/schemas.ts)
 * and a small cache, so each answer is fetched once per visit (switching the language, or
 * going back from a comparison, fetches nothing again).
 */
import { useEffect, useState } from 'react';
import { api } from '../../api.ts';

export type Party = 'union' | 'district' | 'joint' | 'fact-finder';

export interface Term { id: string; kind: string; unit: string; en: string; es: string; title?: string; text?: string }
export interface YearCost { fy: string; totalCents: number; ongoingCents: number; oneTimeCents: number }
/** A sum of added cost over the fiscal years it names (from and to inclusive). */
export interface YearsTotal { from: string; to: string; cents: number }
export interface Span { from: string; to: string }
export interface ReserveYear { fy: string; reservePct: number; requiredReservePct: number; meetsReserve: boolean; endingBalanceCents: number; extrapolated: boolean }

export interface Version {
  id: number;
  organization: { name: string; side: 'district' | 'union' };
  /** Joint only for an agreement both sides signed; a joint version one side published alone is that side's. */
  party: Party;
  /** Written as a tentative agreement by one side, not countersigned by the other yet. */
  awaitingCountersignature: boolean;
  /** When the other side countersigned: the day agreement was reached. */
  countersigned: { at: string; organization: { name: string; side: 'district' | 'union' } } | null;
  unit: string;
  title: string;
  version: number;
  date: string;
  term: { start: string; end: string };
  passedAt: string;
  publishedAt: string;
  datasetVersionId: number;
  district: { name: string; baseFiscalYear: string; requiredReservePct: number };
  years: YearCost[];
  /** Over the years in `years` (in a comparison or a round: its common years). */
  total: YearsTotal;
  /** Over the contract's own years, as far as they are costed. */
  contractTotal: YearsTotal;
  reserve: ReserveYear[];
  firstShortYear: string | null;
  certification: 'positive' | 'qualified' | 'negative' | 'not-certified';
  /** The years the certification covers, those the budget lacks, later contract years short: null when not kept (an older version). */
  certificationYears: string[] | null;
  missingYears: string[] | null;
  laterShortYears: string[] | null;
  otherYear: { datasetYear: string; proposalYear: string } | null;
  /** Dates after the last year costed (`after`): what a term sets from then is in no year and no total (null: unknown). */
  notCosted: { term: string; field: string; date: string; after: string }[] | null;
  terms: Term[];
  sources: { title: string; href?: string }[];
}

export interface Dataset { id: number; name: string; version: number; without: { fy: string; reservePct: number; meetsReserve: boolean }[] }
/** A round's version over the round's common years. */
export interface Side { id: number; years: YearCost[]; total: YearsTotal; contractTotal: YearsTotal; reserve: ReserveYear[]; firstShortYear: string | null }
/** A round by date (an agreement closes it); its versions in order, each with the one "compare with the one before" opens (never from another round). */
export interface Round {
  union: number | null; district: number | null; agreement: number | null;
  versions: { id: number; before: number | null }[];
  /** The years its versions are shown over side by side (null: costed on different data, each side over its own). */
  span?: Span | null;
  sides?: Side[];
}
/** `rounds`: newest by date first; `history`: oldest round first, each round in order. */
export interface Table { id: string; district: { name: string }; union: { name: string; unit: string }; rounds: Round[]; history: number[] }
export interface PublicRecord { proposals: Version[]; tables: Table[]; datasets: Dataset[] }

export interface Change {
  type: 'added' | 'removed' | 'modified' | 'moved';
  term: string;
  /** The term's title as written. */
  title?: string;
  before: string | null;
  after: string | null;
  plainBefore?: { en: string; es: string } | null;
  plainAfter?: { en: string; es: string } | null;
  effect: { fy: string; cents: number }[];
  totalCents: number;
}
export interface Pair {
  from: number; to: number; sameDataset: boolean; note?: string; span?: Span;
  header?: Change | null; changes?: Change[]; unchanged?: string[];
  fromCents?: { fy: string; cents: number }[]; toCents?: { fy: string; cents: number }[];
}
export interface Comparison {
  years: string[];
  /** The years every version is shown over (null: on different data, see groups). */
  span: Span | null;
  groups: { datasetVersionId: number; span: Span; versions: number[] }[];
  note?: string;
  versions: Version[]; datasets: Dataset[]; changes: Pair[];
}

export interface Line { term: string; termTitle: string; kind: string; nature: string; unit: string; population?: string; cents: number; label: string }
export interface Detail extends Version { lines: { fy: string; lines: Line[] }[]; datasets: Dataset[] }

const answers = new Map<string, Promise<unknown>>();
const resolved = new Map<string, unknown>();

/** The answer at `path`, fetched once (a failed fetch is tried again next time). */
export function fetchOnce<T>(path: string): Promise<T> {
  let p = answers.get(path) as Promise<T> | undefined;
  if (!p) {
    p = api<T>('GET', path);
    answers.set(path, p);
    p.then((v) => resolved.set(path, v), () => answers.delete(path));
  }
  return p;
}

export type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; data: T };

export function useAnswer<T>(path: string | null): Loaded<T> {
  const known = (): Loaded<T> => (path !== null && resolved.has(path) ? { state: 'ok', data: resolved.get(path) as T } : { state: 'loading' });
  const [loaded, setLoaded] = useState<Loaded<T>>(known);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setLoaded(known());
    fetchOnce<T>(path).then(
      (data) => live && setLoaded({ state: 'ok', data }),
      (e: unknown) => live && setLoaded({ state: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [path]);
  return loaded;
}

export const RECORD = '/api/public/proposals';
