/**
 * A stored term in plain words (English or Spanish), as the public page says it: the version's
 * YAML was checked when it was saved, so its terms convert to the costing's term type.
 */
import { parseGradeSpan } from '../../../../src/district/grades.ts';
import { plainWords } from '../../../../src/proposals/plain-words.ts';
import type { Term } from '../../../../src/proposals/types.ts';
import { fiscalYearStart, termId, type TermDraft } from '../../proposal-form.ts';

export function termInWords(t: TermDraft, i: number, unit: string, lang: 'en' | 'es'): string | null {
  try {
    const term = { ...t, id: termId(t, i), unit: typeof t.unit === 'string' ? t.unit : unit, title: typeof t.title === 'string' ? t.title : '' } as Record<string, unknown>;
    if (t.kind === 'class-size' && Array.isArray(t.caps)) term.caps = t.caps.map((c: Record<string, unknown>) => ({ ...c, grades: parseGradeSpan(String(c.grades)) ?? [] }));
    if (t.kind === 'bonus' && t.employedIn !== undefined) term.employedIn = fiscalYearStart(String(t.employedIn)) ?? undefined;
    if (t.kind === 'program' && term.count === undefined) term.count = 1;
    return plainWords(term as unknown as Term, lang);
  } catch {
    return null;
  }
}
