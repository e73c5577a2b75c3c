/**
 * The proposal file (YAML) ↔ the editor's draft (proposal-form.ts). Its own module so the YAML
 * library is loaded only by the pages that read or write proposal files (import it with
 * `await import(…)`).
 */
import { parse, stringify, YAMLParseError } from 'yaml';
import { clean, type ProposalDraft, type TermDraft } from './proposal-form.ts';

/** The proposal as a YAML file, in the key order of docs/proposals.md. */
export function toYaml(draft: ProposalDraft): string {
  const order = ['id', 'title', 'party', 'unit', 'date', 'term', 'summary', 'sources', 'terms'];
  const d = clean(draft) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of order) if (d[k] !== undefined) out[k] = d[k];
  for (const [k, v] of Object.entries(d)) if (!(k in out)) out[k] = v;
  return stringify(out, { lineWidth: 0 });
}

export interface ImportProblem {
  message: string;
  line?: number;
  col?: number;
}

/**
 * Reads a YAML file into a draft. Problems of the file itself (not YAML, not a proposal-shaped
 * mapping) are returned; problems of its content (a wrong number, an unknown role) are the
 * server's to find, next to the fields, once it is in the form.
 */
export function fromYaml(text: string): { ok: true; draft: ProposalDraft } | { ok: false; problems: ImportProblem[] } {
  let value: unknown;
  try {
    value = parse(text, { prettyErrors: true, uniqueKeys: true });
  } catch (e) {
    if (e instanceof YAMLParseError) {
      const pos = e.linePos?.[0];
      return { ok: false, problems: [{ message: e.message.split('\n')[0], line: pos?.line, col: pos?.col }] };
    }
    return { ok: false, problems: [{ message: String(e) }] };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problems: [{ message: 'not-mapping' }] };
  const obj = value as Record<string, unknown>;
  if (obj.terms !== undefined && !Array.isArray(obj.terms)) return { ok: false, problems: [{ message: 'terms-not-list' }] };
  const terms = ((obj.terms as unknown[] | undefined) ?? []).map((t) => (t && typeof t === 'object' && !Array.isArray(t) ? (t as TermDraft) : ({ kind: '', value: t } as TermDraft)));
  // Dates written bare in YAML are strings already (YAML 1.2 core schema); grades like 4 stay numbers.
  return { ok: true, draft: { ...obj, terms } as ProposalDraft };
}
