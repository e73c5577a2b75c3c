import type { Command } from 'commander';
import { parseFiscalYear } from '../calendar/fiscal-year.ts';
import type { Io } from './io.ts';
import { ALLOW_OTHER_YEAR, requireOption } from './options.ts';
import { UsageError } from './io.ts';
import { withoutTraces } from './json.ts';
import { checkOutFile, emit, formatOf, writeReport } from './output.ts';

export function registerCompare(program: Command, io: Io): void {
  program
    .command('compare')
    .description('cost several proposals on the same dataset and show them side by side')
    .argument('<proposals...>', 'one or more proposal files')
    .option('--district <dir>', 'dataset folder')
    .option('--json', 'print { proposals: [...] } as JSON, one cost result per proposal')
    .option('--format <format>', 'table (default), json, or xlsx (needs --out)')
    .option('--out <file>', 'write to this file instead of the screen')
    .option('--changes', 'with two versions A B: what changed from A to B and what each change costs')
    .option('--allow-other-year', ALLOW_OTHER_YEAR)
    .action(async (files: string[], opts: { district?: string; json?: boolean; format?: string; out?: string; changes?: boolean; allowOtherYear?: boolean }) => {
      const format = formatOf(opts, ['table', 'json', 'xlsx']);
      checkOutFile(opts.out, '--out', `compare.${format === 'table' ? 'txt' : format}`);
      const dir = requireOption(opts.district, '--district', 'demo/lausd-2018-19');
      if (files.length < 1) throw new UsageError('give one or more proposal files');
      if (opts.changes && files.length !== 2) throw new UsageError(`--changes compares two versions: give exactly two proposal files, got ${files.length}`);
      if (opts.changes && format === 'xlsx') throw new UsageError('--changes prints a table or --json; it has no spreadsheet form');
      // The costing code loads only when a command runs it, so `settle --help` starts at once.
      const [{ readInputs }, { costProposal, lastYear }, { changesBetween }, { changesTable }, { compareTable }, { provisions: provisionsOf }] = await Promise.all([
        import('./inputs.ts'), import('../costing/cost.ts'), import('../reports/changes.ts'), import('../reports/changes-table.ts'), import('../reports/compare-table.ts'), import('../reports/provisions.ts'),
      ]);
      const { dataset, proposals } = readInputs(dir, files, io);
      if (opts.changes) {
        const c = changesBetween(dataset, proposals[0].proposal, proposals[1].proposal, { allowOtherYear: opts.allowOtherYear });
        // Both versions are costed over the same years (through the later one's last year); c.span names them.
        const budgetEnd = Math.max(dataset.district.baseFiscalYear, ...dataset.budget.map((b) => b.fy));
        const extrapolated = c.toCents.map((y) => y.fy).filter((fy) => (parseFiscalYear(fy) ?? 0) > budgetEnd);
        const text = format === 'json' ? JSON.stringify(c, null, 2) + '\n' : changesTable(c, extrapolated);
        emit(io, opts.out, text);
        return;
      }
      // Side by side means over the same years: every proposal is costed through the latest one's horizon.
      const through = Math.max(...proposals.map((p) => lastYear(dataset, p.proposal)));
      const results = proposals.map((p) => costProposal({ dataset, proposal: p.proposal, source: p, through, allowOtherYear: opts.allowOtherYear }));
      if (format === 'xlsx') {
        const { workbookFor } = await import('../reports/xlsx/index.ts');
        writeReport(io, opts.out as string, await workbookFor({ kind: 'compare', dataset, proposals: proposals.map((p) => p.proposal), results }));
        return;
      }
      // The years every proposal is costed over, named at the top of the answer.
      const span = { from: results[0].total.from, to: results[0].total.to };
      const text = format === 'json' ? JSON.stringify({ span, proposals: results.map(withoutTraces) }, null, 2) + '\n' : compareTable(results, provisionsOf(dataset, proposals.map((p) => p.proposal)));
      emit(io, opts.out, text);
    });
}
