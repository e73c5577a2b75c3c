/**
 * Paper tallies (docs/votes.md, "Channels"): the rules a worksite's tally must meet before it
 * joins the count. Pure: the server reads and writes the entries (src/server/votes/channels/).
 *
 * - Every question lists each of its options and `blank`, and they add up to the ballots.
 * - Two people enter the tally separately; it stands when the two newest entries by different
 *   people agree. While they disagree anyone may enter again: a person's new entry replaces
 *   their own, and the comparison is always between the two newest.
 * - Accepted: the entries agree, ballots plus spoiled are at most the paper sign-ins, and an
 *   observer other than the two who entered it has signed off.
 */
import type { PaperCounts, Question } from './types.ts';

export const BLANK = 'blank';

export interface PaperProblem {
  field: string;
  message: string;
}

/** What is wrong with a tally as entered (empty: nothing). */
export function paperProblems(questions: Question[], counts: PaperCounts): PaperProblem[] {
  const problems: PaperProblem[] = [];
  const known = new Set(questions.map((q) => q.key));
  for (const k of Object.keys(counts.answers)) if (!known.has(k)) problems.push({ field: `counts.answers.${k}`, message: `this vote has no question "${k}"` });
  for (const q of questions) {
    const a = counts.answers[q.key];
    const keys = [...q.options.map((o) => o.key), BLANK];
    if (!a) {
      problems.push({ field: `counts.answers.${q.key}`, message: `question "${q.key}" has no counts: give ${keys.join(', ')}` });
      continue;
    }
    for (const k of Object.keys(a)) if (!keys.includes(k)) problems.push({ field: `counts.answers.${q.key}.${k}`, message: `"${k}" is not an option of question "${q.key}" (its options: ${keys.join(', ')})` });
    const missing = keys.filter((k) => !(k in a));
    if (missing.length) problems.push({ field: `counts.answers.${q.key}`, message: `question "${q.key}" is missing ${missing.join(', ')} (write 0 for none)` });
    const sum = keys.reduce((t, k) => t + (a[k] ?? 0), 0);
    if (!missing.length && sum !== counts.ballots) {
      problems.push({ field: `counts.answers.${q.key}`, message: `question "${q.key}": ${keys.map((k) => a[k]).join(' + ')} = ${sum}, but there are ${counts.ballots} ballots; options and blanks must add up to the ballots` });
    }
  }
  return problems;
}

/** The tally in one canonical order, so two entries compare as text. */
export function canonical(counts: PaperCounts): string {
  const answers = Object.keys(counts.answers).sort().map((q) => [q, Object.keys(counts.answers[q]).sort().map((k) => [k, counts.answers[q][k]])]);
  return JSON.stringify([counts.ballots, counts.spoiled, answers]);
}

export interface PaperEntry {
  by: number;
  at: string;
  counts: PaperCounts;
}

export type EntryStatus = 'no-entries' | 'one-entry' | 'agree' | 'mismatch';

/** The two entries compared: each person's newest, then the two newest of those. */
export function comparedEntries(entries: PaperEntry[]): PaperEntry[] {
  const newest = new Map<number, PaperEntry>();
  for (const e of entries) {
    const had = newest.get(e.by);
    if (!had || had.at <= e.at) newest.set(e.by, e);
  }
  return [...newest.values()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, 2);
}

export function entryStatus(entries: PaperEntry[]): { status: EntryStatus; agreed: PaperCounts | null; enterers: number[] } {
  const two = comparedEntries(entries);
  const enterers = two.map((e) => e.by);
  if (two.length === 0) return { status: 'no-entries', agreed: null, enterers };
  if (two.length === 1) return { status: 'one-entry', agreed: null, enterers };
  return canonical(two[0].counts) === canonical(two[1].counts) ? { status: 'agree', agreed: two[0].counts, enterers } : { status: 'mismatch', agreed: null, enterers };
}

/** Ballots in the box plus spoiled ones can be no more than the members signed in to vote on paper. */
export const withinSignIns = (counts: PaperCounts, signIns: number) => counts.ballots + counts.spoiled <= signIns;
