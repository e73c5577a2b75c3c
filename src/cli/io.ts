import { InvalidInput, formatProblem } from '../errors/problem.ts';

/** Where a command writes: results to `out` (stdout), progress and problems to `err` (stderr). */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** True when stderr is a terminal (progress bars are drawn only then). */
  interactive: boolean;
}

/** Problems printed for one run; the rest are counted. */
export const SHOWN_PROBLEMS = 50;

export const EXIT = { ok: 0, failure: 1, usage: 2, invalidInput: 3 } as const;

/** A mistake in how the command was called (exit code 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Whether the command was asked for JSON (`--json`, `--format json`): then a failure is also
 * written to stdout as one JSON object, `{"error": {kind, exitCode, message, problems?}}`, so a
 * script reads the problems (code, message, where, hint) as it reads results; stderr keeps the
 * text for people.
 */
export function asksJson(argv: string[]): boolean {
  return argv.some((a, i) => a === '--json' || a === '--format=json' || (a === '--format' && argv[i + 1] === 'json'));
}

export function jsonError(io: Io, kind: 'invalid-input' | 'usage' | 'internal', exitCode: number, message: string, problems?: InvalidInput['problems']): void {
  io.out(`${JSON.stringify({ error: { kind, exitCode, message, ...(problems ? { problems } : {}) } }, null, 2)}\n`);
}

export function reportError(e: unknown, io: Io, opts: { json?: boolean } = {}): number {
  if (e instanceof InvalidInput) {
    if (opts.json) jsonError(io, 'invalid-input', EXIT.invalidInput, `the input has ${e.problems.length} problem${e.problems.length === 1 ? '' : 's'}`, e.problems);
    io.err(`settle: the input has ${e.problems.length.toLocaleString('en-US')} problem${e.problems.length === 1 ? '' : 's'}; stopped without producing output.\n`);
    // The first ones, and how many more: a file with a mistake on every line would fill the terminal.
    for (const p of e.problems.slice(0, SHOWN_PROBLEMS)) io.err(`  ${formatProblem(p)}\n`);
    const more = e.problems.length - SHOWN_PROBLEMS;
    if (more > 0) io.err(`  … and ${more.toLocaleString('en-US')} more problem${more === 1 ? '' : 's'}, not listed: fix the ones above (often one mistake repeated) and run again to see the rest.\n`);
    return EXIT.invalidInput;
  }
  if (e instanceof UsageError) {
    if (opts.json) jsonError(io, 'usage', EXIT.usage, e.message);
    io.err(`settle: ${e.message}\nRun \`settle --help\` for usage.\n`);
    return EXIT.usage;
  }
  if (opts.json) jsonError(io, 'internal', EXIT.failure, e instanceof Error ? e.message : String(e));
  io.err(`settle: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  return EXIT.failure;
}
