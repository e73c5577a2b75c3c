/**
 * Paper tallies (docs/votes.md, "Channels"): the rules a worksite's tally must meet before it
 * joins the count. Pure: the server reads and writes the entries (src/server/votes/channels/).
 *
 * - Every question lists each of its options and `blank`, and they add up to the ballots.
 * - Two people enter the tally separately; it stands when two people's entries agree. While
 *   they disagree anyone may enter again: a person's new entry replaces their own, and the
 *   newest entry is compared with every other person's newest.
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

/** Each person's newest entry, newest first (a person's new entry replaces their own). */
export function newestByPerson(entries: PaperEntry[]): PaperEntry[] {
  const newest = new Map<number, PaperEntry>();
  for (const e of entries) {
    const had = newest.get(e.by);
    if (!had || had.at <= e.at) newest.set(e.by, e);
  }
  return [...newest.values()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/**
 * Whether the tally stands: the newest entry agrees with another person's newest entry. After a
 * mismatch, a third person's entry that agrees with either settles it; so does either of the two
 * entering again. `enterers`: the two people whose entries agree (or the newest two).
 */
export function entryStatus(entries: PaperEntry[]): { status: EntryStatus; agreed: PaperCounts | null; enterers: number[] } {
  const [latest, ...others] = newestByPerson(entries);
  if (!latest) return { status: 'no-entries', agreed: null, enterers: [] };
  if (others.length === 0) return { status: 'one-entry', agreed: null, enterers: [latest.by] };
  const match = others.find((e) => canonical(e.counts) === canonical(latest.counts));
  return match ? { status: 'agree', agreed: latest.counts, enterers: [latest.by, match.by] } : { status: 'mismatch', agreed: null, enterers: [latest.by, others[0].by] };
}

/** Ballots in the box plus spoiled ones can be no more than the members signed in to vote on paper. */
export const withinSignIns = (counts: PaperCounts, signIns: number) => counts.ballots + counts.spoiled <= signIns;
