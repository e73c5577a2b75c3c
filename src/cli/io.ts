import { InvalidInput, formatProblem } from '../errors/problem.ts';

/** Where a command writes: results to `out` (stdout), progress and problems to `err` (stderr). */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** True when stderr is a terminal (progress bars are drawn only then). */
  interactive: boolean;
}

export const EXIT = { ok: 0, failure: 1, usage: 2, invalidInput: 3 } as const;

/** A mistake in how the command was called (exit code 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function reportError(e: unknown, io: Io): number {
  if (e instanceof InvalidInput) {
    io.err(`settle: the input has ${e.problems.length} problem${e.problems.length === 1 ? '' : 's'}; stopped without producing output.\n`);
    for (const p of e.problems) io.err(`  ${formatProblem(p)}\n`);
    return EXIT.invalidInput;
  }
  if (e instanceof UsageError) {
    io.err(`settle: ${e.message}\nRun \`settle --help\` for usage.\n`);
    return EXIT.usage;
  }
  io.err(`settle: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  return EXIT.failure;
}
