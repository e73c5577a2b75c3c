import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { isIsoDate } from '../calendar/fiscal-year.ts';
import type { Dataset } from '../district/types.ts';
import type { DisclosureOptions, Paper, UnitStatus } from '../reports/disclosure/index.ts';
import { UNIT_STATUSES } from '../reports/disclosure/statuses.ts';
import { UsageError, type Io } from './io.ts';
import { ALLOW_OTHER_YEAR, requireOption } from './options.ts';
import { checkOutFile, emit, writeReport } from './output.ts';
import { step } from './progress.ts';

const FORMATS = ['md', 'html', 'pdf', 'xlsx'] as const;
type DiscloseFormat = (typeof FORMATS)[number];

interface Opts {
  district?: string;
  allowOtherYear?: boolean;
  format?: string;
  out?: string;
  boardDate?: string;
  unitStatus?: string[];
  reopener?: boolean;
  paper?: string;
}

/** Like progress.ts `step`, for a step that has to be awaited (printing the PDF). */
async function stepAsync<T>(io: Io, what: string, fn: () => Promise<T>): Promise<T> {
  if (io.interactive) io.err(`${what}…`);
  const t0 = performance.now();
  const value = await fn();
  if (io.interactive) io.err(` done (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  return value;
}

/** Checks the flags that need no data, so a mistake is reported before anything is read. */
function checkFlags(opts: Opts): { format: DiscloseFormat; paper: Paper; statuses: [string, UnitStatus][] } {
  const format = (opts.format ?? 'md') as DiscloseFormat;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got ${JSON.stringify(opts.format)}`);
  if ((format === 'pdf' || format === 'xlsx') && !opts.out) throw new UsageError(`--format ${format} writes a file: add --out FILE.${format}`);
  if (opts.boardDate !== undefined && !isIsoDate(opts.boardDate)) throw new UsageError(`--board-date must be a date written YYYY-MM-DD, for example 2019-02-12; got ${JSON.stringify(opts.boardDate)}`);
  const paper = (opts.paper ?? 'letter').toLowerCase() as Paper;
  if (paper !== 'letter' && paper !== 'a4') throw new UsageError(`--paper must be letter or a4, got ${JSON.stringify(opts.paper)}`);
  const statuses = (opts.unitStatus ?? []).map((pair): [string, UnitStatus] => {
    const m = /^([^=]+)=(.+)$/.exec(pair);
    if (!m || !(UNIT_STATUSES as readonly string[]).includes(m[2])) {
      throw new UsageError(`--unit-status must be UNIT=STATUS with STATUS one of ${UNIT_STATUSES.join(', ')}, for example --unit-status SEIU99=settled; got ${JSON.stringify(pair)}`);
    }
    return [m[1], m[2] as UnitStatus];
  });
  return { format, paper, statuses };
}

function unitStatus(dataset: Dataset, unit: string, statuses: [string, UnitStatus][]): Record<string, UnitStatus> {
  const others = dataset.units.filter((u) => u.id !== unit).map((u) => u.id);
  for (const [id] of statuses) {
    if (id === unit) throw new UsageError(`--unit-status ${id}: that is the unit this agreement is for; give the status of the other units (${others.join(', ') || 'none'})`);
    if (!others.includes(id)) throw new UsageError(`--unit-status ${id}: the dataset has no bargaining unit ${JSON.stringify(id)}; its other units are ${others.join(', ') || 'none'}`);
  }
  return Object.fromEntries(statuses);
}

export function registerDisclose(program: Command, io: Io): void {
  program
    .command('disclose')
    .description('the public disclosure of a proposed agreement (Government Code 3547.5), with its costs, projection and certification page')
    .argument('<proposal>', 'the agreement (a proposal file, YAML; see docs/proposals.md)')
    .option('--district <dir>', 'dataset folder (see docs/dataset.md)')
    .option('--format <format>', 'md (default), html, pdf or xlsx; pdf and xlsx need --out')
    .option('--out <file>', 'write the disclosure to this file instead of the screen')
    .option('--board-date <YYYY-MM-DD>', 'date of the board meeting that discloses the agreement, from the agreement\'s date to the end of its contract (default: the agreement\'s date); budget revisions are due 45 days later')
    .option('--unit-status <UNIT=STATUS>', 'status of another bargaining unit: settled, pending (the default) or not-in-negotiation; repeat for each unit', (v: string, prev: string[] | undefined) => [...(prev ?? []), v])
    .option('--reopener', 'the agreement reopens an existing contract (default: a new agreement)')
    .option('--paper <size>', 'letter (default) or a4, for html and pdf')
    .option('--allow-other-year', ALLOW_OTHER_YEAR)
    .action(async (file: string, opts: Opts) => {
      const { format, paper, statuses } = checkFlags(opts);
      checkOutFile(opts.out, '--out', `disclosure.${format}`);
      const dir = requireOption(opts.district, '--district', 'demo/lausd-2018-19');
      // The costing code loads only when a command runs it, so `settle --help` starts at once.
      const [{ readInputs }, { costProposal }] = await Promise.all([import('./inputs.ts'), import('../costing/cost.ts')]);
      const { dataset, proposals } = readInputs(dir, [file], io);
      const [parsed] = proposals;
      const proposal = parsed.proposal;
      if (opts.boardDate !== undefined) {
        const { boardDateProblem } = await import('../reports/disclosure/model.ts');
        const problem = boardDateProblem(opts.boardDate, proposal);
        if (problem) throw new UsageError(problem.replace(/^board date/, '--board-date'));
      }
      const options: DisclosureOptions = { boardDate: opts.boardDate, unitStatus: unitStatus(dataset, proposal.unit, statuses), reopener: opts.reopener === true };
      const result = step(io, 'Costing the agreement', () => costProposal({ dataset, proposal, source: parsed, allowOtherYear: opts.allowOtherYear }));
      const input = { dataset, proposal, result, options };
      // The report, chart, spreadsheet and browser libraries load only when used: start-up stays fast.
      const { buildDisclosure, disclosureHtml, disclosureMarkdown, disclosureTitle } = await import('../reports/disclosure/index.ts');

      if (format === 'xlsx') {
        const { workbookFor } = await import('../reports/xlsx/index.ts');
        writeReport(io, opts.out as string, await workbookFor({ kind: 'disclose', dataset, proposals: [proposal], results: [result] }));
        return;
      }
      if (format === 'pdf') {
        const html = step(io, 'Writing the disclosure', () => disclosureHtml({ ...input, paper }));
        const footer = disclosureTitle(buildDisclosure(input));
        const pdf = await stepAsync(io, 'Printing the PDF with Chromium', async () => {
          const { ChromiumMissing, openPrinter } = await import('../reports/pdf.ts');
          let printer;
          try {
            printer = await openPrinter();
          } catch (e) {
            if (e instanceof ChromiumMissing) throw new UsageError(e.message);
            throw e;
          }
          try {
            return await printer.print(html, { paper, footer });
          } finally {
            await printer.close();
          }
        });
        writeReport(io, opts.out as string, pdf);
        return;
      }
      const text = format === 'html' ? disclosureHtml({ ...input, paper }) : disclosureMarkdown(input);
      emit(io, opts.out, text);
    });
}
