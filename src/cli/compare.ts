import type { Command } from 'commander';
import { costProposal } from '../costing/cost.ts';
import { compareTable } from '../reports/compare-table.ts';
import type { Io } from './io.ts';
import { readInputs, requireOption } from './inputs.ts';
import { UsageError } from './io.ts';

export function registerCompare(program: Command, io: Io): void {
  program
    .command('compare')
    .description('cost several proposals on the same dataset and show them side by side')
    .argument('<proposals...>', 'two or more proposal files')
    .option('--district <dir>', 'dataset folder')
    .option('--json', 'print { proposals: [...] } as JSON, one cost result per proposal')
    .action((files: string[], opts: { district?: string; json?: boolean }) => {
      const dir = requireOption(opts.district, '--district', 'demo/lausd-2018-19');
      if (files.length < 1) throw new UsageError('give at least one proposal file');
      const { dataset, proposals } = readInputs(dir, files, io);
      const results = proposals.map((p) => costProposal({ dataset, proposal: p.proposal, source: p }));
      if (opts.json) {
        const slim = results.map((r) => ({ ...r, years: r.years.map((y) => ({ ...y, lines: y.lines.map(({ trace: _t, ...l }) => l) })) }));
        io.out(JSON.stringify({ proposals: slim }, null, 2) + '\n');
        return;
      }
      io.out(compareTable(results));
    });
}
