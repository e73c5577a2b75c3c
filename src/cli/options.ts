import { UsageError } from './io.ts';

// What the commands' option definitions share. This module stays light: `settle --help` and
// each command's own help load it, and none of the costing code.

export function requireOption(value: string | undefined, flag: string, example: string): string {
  if (!value) throw new UsageError(`${flag} is required, for example ${flag} ${example}`);
  return value;
}

/** Help for `--allow-other-year`, the same on every command that costs a proposal. */
export const ALLOW_OTHER_YEAR = 'cost a proposal dated outside the dataset\'s year anyway (a what-if: every report then says it was costed on data of another year)';
