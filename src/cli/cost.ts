import type { Command } from 'commander';
import type { Io } from './io.ts';
import { ALLOW_OTHER_YEAR, requireOption } from './options.ts';
import { checkOutFile, emit, formatOf, writeReport } from './output.ts';
import { withoutTraces } from './json.ts';

export function registerCost(program: Command, io: Io): void {
  program
    .command('cost')
    .description('cost one proposal, year by year, and project the budget and reserve with it')
    .argument('<proposal>', 'proposal file (YAML; see docs/proposals.md)')
    .option('--district <dir>', 'dataset folder (see docs/dataset.md)')
    .option('--json', 'print the full result as JSON (same as --format json)')
    .option('--format <format>', 'table (default), json, or xlsx (a spreadsheet with live formulas; needs --out)')
    .option('--out <file>', 'write the result to this file instead of the screen')
    .option('--trace', 'show how every figure was made (formula and inputs)')
    .option('--chart <file.svg>', 'also write the charts: FILE (cost by term) and FILE with -reserve (reserve by year)')
    .option('--allow-other-year', ALLOW_OTHER_YEAR)
    .action(async (file: string, opts: { district?: string; json?: boolean; format?: string; out?: string; trace?: boolean; chart?: string; allowOtherYear?: boolean }) => {
      const format = formatOf(opts, ['table', 'json', 'xlsx']);
      checkOutFile(opts.out, '--out', `cost.${format === 'table' ? 'txt' : format}`);
      checkOutFile(opts.chart, '--chart', 'cost.svg');
      const dir = requireOption(opts.district, '--district', 'demo/lausd-2018-19');
      // The costing code loads only when a command runs it, so `settle --help` starts at once.
      const [{ readInputs }, { costProposal }, { costTable, traceText }, { figureSources, figureSourcesLine }] = await Promise.all([
        import('./inputs.ts'), import('../costing/cost.ts'), import('../reports/cost-table.ts'), import('../district/own-figures.ts'),
      ]);
      const { dataset, proposals } = readInputs(dir, [file], io);
      const [parsed] = proposals;
      const result = costProposal({ dataset, proposal: parsed.proposal, source: parsed, allowOtherYear: opts.allowOtherYear });
      if (opts.chart) {
        // Chart and spreadsheet libraries load only when asked for: the command starts faster.
        const { costChartsSvg } = await import('../reports/charts.ts');
        const charts = costChartsSvg(result);
        writeReport(io, opts.chart, charts.cost);
        writeReport(io, opts.chart.replace(/(\.svg)?$/i, '-reserve.svg'), charts.reserve);
      }
      let text: string;
      if (format === 'xlsx') {
        const { workbookFor } = await import('../reports/xlsx/index.ts');
        writeReport(io, opts.out as string, await workbookFor({ kind: 'cost', dataset, proposals: [parsed.proposal], results: [result] }));
        return;
      }
      // For an imported dataset: which figures are the district's own (changed since the import).
      const sources = figureSources(dataset);
      if (format === 'json') {
        const out = opts.trace ? result : withoutTraces(result);
        text = JSON.stringify(sources ? { ...out, figureSources: sources } : out, null, 2) + '\n';
      } else {
        text = costTable(result) + (sources ? `\n${figureSourcesLine(sources, dataset.district)}\n` : '') + (opts.trace ? traceText(result) : '');
      }
      emit(io, opts.out, text);
    });
}
