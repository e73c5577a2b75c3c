import { existsSync, readFileSync, statSync } from 'node:fs';
import { defaultDatasetCache, readDatasetFolder } from '../district/read-folder.ts';
import { keptParts, seedKept, type KeptParts } from '../costing/kept.ts';
import type { Dataset } from '../district/types.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { MAX_PROPOSAL_CHARS } from '../proposals/limits.ts';
import { parseProposal, type ParsedProposal } from '../proposals/parse.ts';
import { lineCol, oddCharacter, PLAIN_TEXT } from '../text/plain-text.ts';
import { UsageError, type Io } from './io.ts';
import { step } from './progress.ts';

export { ALLOW_OTHER_YEAR, requireOption } from './options.ts';


/** Reads the dataset and every proposal file, reporting the problems of all of them together. */
export function readInputs(districtDir: string, files: string[], io?: Io): { dataset: Dataset; proposals: ParsedProposal[] } {
  const problems: Problem[] = [];
  const proposals: ParsedProposal[] = [];
  for (const f of files) {
    try {
      proposals.push(parseProposal(proposalText(f), f));
    } catch (e) {
      // One by one: a spread of tens of thousands of problems would overflow the stack.
      if (e instanceof InvalidInput) for (const p of e.problems) problems.push(p);
      else throw e;
    }
  }
  let dataset: Dataset | null = null;
  try {
    // A dataset checked once is read from the cache while its files are unchanged (read-folder.ts).
    const cache = defaultDatasetCache();
    // What costing works out from the dataset alone is kept beside it (costing/kept.ts).
    const read = () => readDatasetFolder(districtDir, cache && { ...cache, derived: { save: keptParts, load: (ds, kept) => seedKept(ds, kept as KeptParts) } });
    dataset = io ? step(io, `Reading ${districtDir}`, read) : read();
  } catch (e) {
    if (e instanceof InvalidInput) for (const p of e.problems) problems.push(p);
    else throw e;
  }
  if (problems.length > 0 || !dataset) throw new InvalidInput(problems);
  return { dataset, proposals };
}

/** What a command calls an input file, for its problems: `proposal` → proposal.not-a-file, …. */
export interface InputFile { prefix: string; what: string; example: string; maxBytes?: number }

/**
 * An input file's text, or a problem with where and a valid example: missing, a folder or a
 * device, larger than `maxBytes` (refused before it is read), or not UTF-8.
 */
export function readTextFile(file: string, o: InputFile): string {
  if (!existsSync(file)) throw new InvalidInput([{ code: `${o.prefix}.missing-file`, message: `no such ${o.what} file`, where: { file }, hint: o.example }]);
  const stat = statSync(file);
  if (stat.isDirectory()) throw new InvalidInput([{ code: `${o.prefix}.not-a-file`, message: `this is a folder, not a ${o.what} file`, where: { file }, hint: o.example }]);
  if (!stat.isFile()) throw new InvalidInput([{ code: `${o.prefix}.not-a-file`, message: `this is not a regular file (a device, a pipe or a socket), not a ${o.what} file`, where: { file }, hint: o.example }]);
  if (o.maxBytes !== undefined && stat.size > o.maxBytes) {
    throw new InvalidInput([{ code: `${o.prefix}.too-large`, message: `the file is ${Math.round(stat.size / 1024).toLocaleString('en-US')} KB; a ${o.what} file may be at most ${Math.round(o.maxBytes / 1024).toLocaleString('en-US')} KB`, where: { file }, hint: `${o.example} (is this the right file?)` }]);
  }
  const bytes = readFileSync(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const good = new TextDecoder('utf-8').decode(bytes);
    const at = lineCol(good, good.indexOf('\uFFFD'));
    throw new InvalidInput([{ code: `${o.prefix}.not-utf8`, message: 'the file is not UTF-8 text: it has bytes no character is written with', where: { file, ...at }, hint: 'save the file as UTF-8 (most editors offer it under "Save as" or "Encoding")' }]);
  }
}

/** A proposal file's text: UTF-8 and plain text (as the server requires), else a problem with where. */
function proposalText(file: string): string {
  const text = readTextFile(file, { prefix: 'proposal', what: 'proposal', example: 'examples/lausd-2019/settlement-2019-01-22.yaml', maxBytes: MAX_PROPOSAL_CHARS });
  const odd = oddCharacter(text);
  if (odd) throw new InvalidInput([{ code: 'proposal.text', message: `the proposal ${PLAIN_TEXT}; it has ${odd.name} here`, where: { file, ...lineCol(text, odd.index) }, hint: 'delete the character, or write it as an escape inside double quotes ("\\t")' }]);
  return text;
}

