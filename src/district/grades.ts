/** Grades a California district enrolls, in order. TK is transitional kindergarten. */
export const GRADES = ['TK', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type Grade = (typeof GRADES)[number];

export function isGrade(text: string): text is Grade {
  return (GRADES as readonly string[]).includes(text);
}

export function gradeIndex(g: Grade): number {
  return GRADES.indexOf(g);
}

/** A span such as "K-5", "9-12", "TK-12" or a single grade "K". Null when malformed or reversed. */
export function parseGradeSpan(text: string): Grade[] | null {
  const t = text.trim().toUpperCase();
  const [lo, hi = lo] = t.split('-');
  if (!lo || !isGrade(lo) || !isGrade(hi)) return null;
  const a = gradeIndex(lo);
  const b = gradeIndex(hi);
  if (a > b) return null;
  return GRADES.slice(a, b + 1) as Grade[];
}

export function spanLabel(grades: readonly Grade[]): string {
  if (grades.length === 0) return '';
  return grades.length === 1 ? grades[0] : `${grades[0]}-${grades[grades.length - 1]}`;
}
