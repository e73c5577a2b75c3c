/**
 * One shape for every problem reported to a person, on the command line, the API and the UI:
 * a stable code for machines, a sentence for people, where it is, and a valid example.
 */
export interface Where {
  file?: string;
  line?: number;
  col?: number;
  /** Column name (CSV) or field path (YAML), such as `terms[2].pct`. */
  field?: string;
}

export interface Problem {
  code: string;
  message: string;
  where?: Where;
  hint?: string;
}

/** Thrown when input is invalid; carries every problem found, not just the first. */
export class InvalidInput extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'InvalidInput';
    this.problems = problems;
  }
}

export function formatWhere(w: Where | undefined): string {
  if (!w) return '';
  const pos = [w.file, w.line, w.col].filter((x) => x !== undefined && x !== '').join(':');
  const field = w.field ? (pos ? ` ${w.field}` : w.field) : '';
  return pos + field;
}

/** `file.csv:12:3 step: must be a whole number from 1, got "x". Example: 4` (the message ends its sentence before the example). */
export function formatProblem(p: Problem): string {
  const where = formatWhere(p.where);
  const hint = p.hint ? `${/[.!?]$/.test(p.message) ? '' : '.'} Example: ${p.hint}` : '';
  return `${where ? where + ': ' : ''}${p.message}${hint} [${p.code}]`;
}
