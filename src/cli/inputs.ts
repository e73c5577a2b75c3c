import { readFileSync, existsSync } from 'node:fs';
import { readDatasetFolder } from '../district/read-folder.ts';
import type { Dataset } from '../district/types.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { parseProposal, type ParsedProposal } from '../proposals/parse.ts';
import { UsageError, type Io } from './io.ts';
import { step } from './progress.ts';

export function requireOption(value: string | undefined, flag: string, example: string): string {
  if (!value) throw new UsageError(`${flag} is required, for example ${flag} ${example}`);
  return value;
}

/** Reads the dataset and every proposal file, reporting the problems of all of them together. */
export function readInputs(districtDir: string, files: string[], io?: Io): { dataset: Dataset; proposals: ParsedProposal[] } {
  const problems: Problem[] = [];
  const proposals: ParsedProposal[] = [];
  for (const f of files) {
    if (!existsSync(f)) {
      problems.push({ code: 'proposal.missing-file', message: 'no such proposal file', where: { file: f }, hint: 'examples/lausd-2019/utla-settlement.yaml' });
      continue;
    }
    try {
      proposals.push(parseProposal(readFileSync(f, 'utf8'), f));
    } catch (e) {
      if (e instanceof InvalidInput) problems.push(...e.problems);
      else throw e;
    }
  }
  let dataset: Dataset | null = null;
  try {
    dataset = io ? step(io, `Reading ${districtDir}`, () => readDatasetFolder(districtDir)) : readDatasetFolder(districtDir);
  } catch (e) {
    if (e instanceof InvalidInput) problems.push(...e.problems);
    else throw e;
  }
  if (problems.length > 0 || !dataset) throw new InvalidInput(problems);
  return { dataset, proposals };
}

/** Help for `--allow-other-year`, the same on every command that costs a proposal. */
export const ALLOW_OTHER_YEAR = 'cost a proposal dated outside the dataset\'s year anyway (a what-if: every report then says it was costed on data of another year)';
