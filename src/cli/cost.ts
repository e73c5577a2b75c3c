import type { Command } from 'commander';
import { costProposal } from '../costing/cost.ts';
import { costTable, traceText } from '../reports/cost-table.ts';
import type { Io } from './io.ts';
import { readInputs, requireOption } from './inputs.ts';

export function registerCost(program: Command, io: Io): void {
  program
    .command('cost')
    .description('cost one proposal, year by year, and project the budget and reserve with it')
    .argument('<proposal>', 'proposal file (YAML; see docs/proposals.md)')
    .option('--district <dir>', 'dataset folder (see docs/dataset.md)')
    .option('--json', 'print the full result as JSON')
    .option('--trace', 'show how every figure was made (formula and inputs)')
    .action((file: string, opts: { district?: string; json?: boolean; trace?: boolean }) => {
      const dir = requireOption(opts.district, '--district', 'demo/lausd-2018-19');
      const { dataset, proposals } = readInputs(dir, [file], io);
      const [parsed] = proposals;
      const result = costProposal({ dataset, proposal: parsed.proposal, source: parsed });
      if (opts.json) {
        const json = opts.trace ? result : { ...result, years: result.years.map((y) => ({ ...y, lines: y.lines.map(({ trace: _t, ...l }) => l) })) };
        io.out(JSON.stringify(json, null, 2) + '\n');
        return;
      }
      io.out(costTable(result));
      if (opts.trace) io.out(traceText(result));
    });
}
