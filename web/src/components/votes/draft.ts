/**
 * The set-up form's draft as the committee types it, and the body POST /api/votes reads: option
 * keys made from their labels, times from the browser's local time to ISO, shares as text.
 */
import type { Channel, Question, VoteKind } from './types.ts';

export interface QuestionDraft { text: string; options: string; passOption: number; share: string }
export interface VoteDraft {
  title: string;
  kind: VoteKind;
  questions: QuestionDraft[];
  cutoffAt: string;
  opensAt: string;
  closesAt: string;
  channels: Channel[];
  eligibleStatuses: string[];
  publicResults: boolean;
}

export const SHARES = [
  { value: '0.5', key: 'f.share.half' },
  { value: '0.6667', key: 'f.share.twoThirds' },
  { value: '0.75', key: 'f.share.threeQuarters' },
] as const;

export const newQuestion = (): QuestionDraft => ({ text: '', options: '', passOption: 0, share: '0.5' });

export function emptyDraft(): VoteDraft {
  return { title: '', kind: 'strike-authorization', questions: [newQuestion()], cutoffAt: '', opensAt: '', closesAt: '', channels: ['online'], eligibleStatuses: ['active', 'leave'], publicResults: false };
}

export const optionLabels = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l !== '');

/** A short key from a label ("Yes" → "yes"); the position when the label has no letters or repeats one. */
function keysFor(labels: string[]): string[] {
  const seen = new Set<string>();
  return labels.map((label, i) => {
    let key = label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 32);
    if (!key || seen.has(key)) key = `option-${i + 1}`;
    seen.add(key);
    return key;
  });
}

/** `datetime-local` is the browser's local time; the server keeps UTC. An empty or bad field goes as typed, for the server to name. */
export function toIso(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : local;
}

export function toBody(d: VoteDraft) {
  const questions: Question[] = d.questions.map((q, i) => {
    const labels = optionLabels(q.options);
    const keys = keysFor(labels);
    return { key: `q${i + 1}`, text: q.text.trim(), options: labels.map((label, j) => ({ key: keys[j], label })), pass: { option: keys[q.passOption] ?? keys[0] ?? '', share: q.share } };
  });
  return {
    title: d.title.trim(), kind: d.kind, questions,
    cutoffAt: toIso(d.cutoffAt), opensAt: toIso(d.opensAt), closesAt: toIso(d.closesAt),
    channels: d.channels, eligibleStatuses: d.eligibleStatuses, publicResults: d.publicResults,
  };
}

/** The server's field paths, written `questions.0.text` or `questions[0].text`, in one form. */
export const fieldKey = (field: string) => field.replace(/\[(\d+)\]/g, '.$1').replace(/^body\./, '');

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as `datetime-local` shows it: the browser's local time, to the minute. */
export function toLocal(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A saved draft back in the form, to change it before the list is frozen. */
export function fromVote(v: Omit<VoteDraft, 'questions'> & { questions: Question[] }): VoteDraft {
  return {
    title: v.title, kind: v.kind, channels: [...v.channels], eligibleStatuses: [...v.eligibleStatuses], publicResults: v.publicResults,
    cutoffAt: toLocal(v.cutoffAt), opensAt: toLocal(v.opensAt), closesAt: toLocal(v.closesAt),
    questions: v.questions.map((q) => ({ text: q.text, options: q.options.map((o) => o.label).join('\n'), passOption: Math.max(0, q.options.findIndex((o) => o.key === q.pass.option)), share: q.pass.share })),
  };
}
