/**
 * A proposal as the editor holds it, and the conversions around it (pure: no React, no DOM).
 *
 * The form edits the very object the YAML file describes (docs/proposals.md): the same keys,
 * the same nesting, numbers as numbers. So a problem the server reports at `terms[2].pct`
 * names the form's field at that path, and export → import gives the same object back.
 * Whatever the form has no field for (sources, unknown keys) is kept as it came.
 *
 * A field the person left in a state the file format does not accept (a number field holding
 * "abc") keeps the text as typed, so the server's problem says what is wrong and where.
 * Reading and writing the YAML text is in proposal-yaml.ts (loaded when needed: the YAML
 * library stays out of the pages that do not use it).
 */

import { numberInLang, parseNumberInput } from './number-input.ts';

export type PathPart = string | number;
export type Path = PathPart[];

/** One term, as in the file: `kind` and the kind's fields. */
export type TermDraft = { kind: string } & Record<string, unknown>;

export interface ProposalDraft {
  id?: unknown;
  title?: unknown;
  party?: unknown;
  unit?: unknown;
  date?: unknown;
  term?: { start?: unknown; end?: unknown } & Record<string, unknown>;
  summary?: unknown;
  sources?: unknown;
  terms: TermDraft[];
  [key: string]: unknown;
}

/** Every term kind, in the order the "add a term" menu lists them. */
export const TERM_KINDS = ['raise', 'hourly-raise', 'flat-amount', 'bonus', 'wage-floor', 'added-hours', 'health', 'program', 'class-size', 'staffing', 'hire', 'me-too', 'non-cost'] as const;
export type Kind = (typeof TERM_KINDS)[number];

export const SCHOOL_TYPES = ['elementary', 'middle', 'high', 'span', 'continuation', 'special-education', 'early-education', 'adult', 'other'] as const;

/** `terms[2].caps[0].cap`, the way the server writes `where.field`. */
export function pathLabel(path: Path): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out;
}

export function getIn(obj: unknown, path: Path): unknown {
  let at: unknown = obj;
  for (const p of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PathPart, unknown>)[p];
  }
  return at;
}

/**
 * A copy with the value at `path` replaced; `undefined` removes the key (an optional field
 * left empty is left out of the file). Objects and arrays on the way are copied, the rest shared.
 */
export function setIn<T>(obj: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const base: unknown = obj ?? (typeof head === 'number' ? [] : {});
  if (Array.isArray(base)) {
    const copy = base.slice();
    const next = setIn(copy[head as number], rest, value);
    if (next === undefined && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy as T;
  }
  const copy = { ...(base as Record<string, unknown>) };
  const next = rest.length === 0 ? value : setIn(copy[head as string], rest, value);
  if (next === undefined) delete copy[head as string];
  else copy[head as string] = next;
  return copy as T;
}

/** The id a term has in the file, or the one it gets by default (`raise-1`: kind and position from 1). */
export function termId(t: TermDraft, i: number): string {
  return typeof t.id === 'string' && t.id !== '' ? t.id : `${t.kind}-${i + 1}`;
}

/** The text a number field shows for a value: numbers in the language's marks, anything else as it is. */
export function numberText(v: unknown, lang: 'en' | 'es' = 'en'): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'number' ? numberInLang(v, lang) : String(v);
}

/**
 * What a number field holds after typing: a number when the text reads as one in the page's
 * language ("2", "2.5" or "1,500.50" in English; "2,5" or "1.500,50" in Spanish; "$20,000"),
 * undefined when empty, else the text itself (the server says why it is not a number, and
 * the field says how to write one: number-input.ts refuses "1.50" in Spanish rather than guess).
 */
export function readNumber(text: string, lang: 'en' | 'es' = 'en'): number | string | undefined {
  const r = parseNumberInput(text, lang);
  return r.kind === 'empty' ? undefined : r.kind === 'number' ? r.value : text;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isIsoDate(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** "2018-19" → 2018; null when it is not a fiscal year label. */
export function fiscalYearStart(label: unknown): number | null {
  const m = typeof label === 'string' ? /^(\d{4})-(\d{2})$/.exec(label) : null;
  if (!m) return null;
  const y = Number(m[1]);
  return (y + 1) % 100 === Number(m[2]) ? y : null;
}

export const fyLabel = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;

/** Where a new proposal's dates fall. */
export interface TemplateContext {
  party: 'union' | 'district';
  unit: string;
  /** The unit's name for the title, such as "UTLA". */
  unitLabel: string;
  /** Today, YYYY-MM-DD. */
  today: string;
  /** The dataset's base fiscal year ("2018-19"), if known. */
  baseFiscalYear?: string;
}

/**
 * A new proposal: this side, this unit, dated today, for a three-year contract from the next
 * July 1, with one 3% raise from its first day. When the dataset is older than the current
 * year (the demo's data are 2018-19), the dates are set in the dataset's years instead (March 1
 * of its base year, contract from the July after), so the proposal costs on years the data cover.
 */
export function newProposal(ctx: TemplateContext, title: (date: string) => string): ProposalDraft {
  const base = fiscalYearStart(ctx.baseFiscalYear);
  const todayFy = Number(ctx.today.slice(0, 4)) - (Number(ctx.today.slice(5, 7)) >= 7 ? 0 : 1);
  const date = base !== null && todayFy > base + 1 ? `${base + 1}-03-01` : ctx.today;
  const fy = Number(date.slice(0, 4)) - (Number(date.slice(5, 7)) >= 7 ? 0 : 1);
  const start = `${fy + 1}-07-01`;
  const end = `${fy + 4}-06-30`;
  return {
    id: `${ctx.party}-${ctx.unit}-${date}`.toLowerCase().replace(/[^a-z0-9._-]+/g, '-'),
    title: title(date),
    party: ctx.party,
    unit: ctx.unit,
    date,
    term: { start, end },
    terms: [newTerm('raise', { start, date, unit: ctx.unit })],
  };
}

/** A new term of a kind, filled in so it costs at once (the person changes what differs). */
export function newTerm(kind: string, at: { start: string; date: string; unit: string }): TermDraft {
  const from = at.start;
  switch (kind as Kind) {
    case 'raise': return { kind, pct: 3, effective: from };
    case 'hourly-raise': return { kind, amount: 1, effective: from };
    case 'flat-amount': return { kind, roles: [], amount: 1000, effective: from };
    case 'bonus': return { kind, amount: 1000, paid: from };
    case 'wage-floor': return { kind, hourly: 20, effective: from };
    case 'added-hours': return { kind, roles: [], hoursPerDay: 0.5, effective: from };
    case 'health': return { kind, perEmployee: 500, effective: from };
    case 'program': return { kind, count: 1, amount: 1_000_000, effective: from };
    case 'class-size': return { kind, caps: [{ grades: 'K-3', from, reduceBy: 1 }] };
    case 'staffing': return { kind, role: 'nurse', schools: { types: ['elementary'] }, phases: [{ from, perSchool: 1 }] };
    case 'hire': return { kind, role: 'counselor', phases: [{ from, count: 10 }] };
    case 'me-too': return { kind, unit: at.unit, terms: [] };
    case 'non-cost': return { kind, text: '' };
    default: return { kind };
  }
}

/** Changes a term's kind, keeping what carries over (id, title, note, unit, the start date). */
export function changeKind(t: TermDraft, kind: string, at: { start: string; date: string; unit: string }): TermDraft {
  const effective = typeof t.effective === 'string' ? t.effective : at.start;
  const fresh = newTerm(kind, { ...at, start: effective });
  const keep: Record<string, unknown> = {};
  for (const k of ['id', 'title', 'note'] as const) if (t[k] !== undefined) keep[k] = t[k];
  if (t.unit !== undefined && kind !== 'me-too') keep.unit = t.unit;
  return { ...fresh, ...keep, kind };
}

/** The object to send or write: `undefined` left out everywhere (JSON and YAML agree). */
export function clean<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clean) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = clean(v);
    return out as T;
  }
  return value;
}

/** Same object (after leaving out undefined)? Used to skip costing a change that changed nothing. */
export function sameDraft(a: ProposalDraft, b: ProposalDraft): boolean {
  return JSON.stringify(clean(a)) === JSON.stringify(clean(b));
}
