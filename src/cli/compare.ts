import type { Command } from 'commander';
import { costProposal } from '../costing/cost.ts';
import { compareTable } from '../reports/compare-table.ts';
import { workbookFor } from '../reports/xlsx/index.ts';
import type { Io } from './io.ts';
import { readInputs, requireOption } from './inputs.ts';
import { UsageError } from './io.ts';
import { withoutTraces } from './json.ts';
import { formatOf, writeWhole } from './output.ts';

export function registerCompare(program: Command, io: Io): void {
  program
    .command('compare')
    .description('cost several proposals on the same dataset and show them side by side')
    .argument('<proposals...>', 'one or more proposal files')
    .option('--district <dir>', 'dataset folder')
    .option('--json', 'print { proposals: [...] } as JSON, one cost result per proposal')
    .option('--format <format>', 'table (default), json, or xlsx (needs --out)')
    .option('--out <file>', 'write to this file instead of the screen')
    .action(async (files: string[], opts: { district?: string; json?: boolean; format?: string; out?: string }) => {
      const format = formatOf(opts, ['table', 'json', 'xlsx']);
      const dir = requireOption(opts.district, '--district', 'demo/lausd-2018-19');
      if (files.length < 1) throw new UsageError('give one or more proposal files');
      const { dataset, proposals } = readInputs(dir, files, io);
      const results = proposals.map((p) => costProposal({ dataset, proposal: p.proposal, source: p }));
      if (format === 'xlsx') {
        writeWhole(opts.out as string, await workbookFor({ kind: 'compare', dataset, proposals: proposals.map((p) => p.proposal), results }));
        io.err(`Wrote ${opts.out}\n`);
        return;
      }
      const text = format === 'json' ? JSON.stringify({ proposals: results.map(withoutTraces) }, null, 2) + '\n' : compareTable(results);
      if (opts.out) writeWhole(opts.out, text);
      else io.out(text);
    });
}
