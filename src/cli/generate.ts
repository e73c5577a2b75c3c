import type { Command } from 'commander';
import type { GenerateOptions } from './generate-run.ts';
import type { Io } from './io.ts';

/** The fiscal years of the built-in LAUSD specs (generate-run.ts has them). */
export const BUILT_IN_YEARS = ['2018-19', '2022-23'] as const;

export function registerGenerate(program: Command, io: Io): void {
  program
    .command('generate')
    .description('write a synthetic district dataset calibrated to given totals (default: the LAUSD 2018-19 demo; --year 2022-23 for the 2022-23 one), or print the spec it is made from')
    .option('--out <dir>', 'folder to write the 7 dataset files into (required, except with --print-spec)')
    .option('--spec <file>', 'generator spec in YAML; its values override the built-in ones (default: the built-in LAUSD spec of --year)')
    .option('--year <fy>', `the built-in LAUSD spec's year: ${BUILT_IN_YEARS.join(' or ')} (default 2018-19)`)
    .option('--seed <n>', 'random seed, a whole number (overrides the spec)')
    .option('--scale <x>', 'multiply schools, students, staff and budget, e.g. 10 for benchmarks (overrides the spec)')
    .option('--schools-from <dir>', 'use schools.csv and enrollment.csv from this folder (e.g. from `settle import cde`) and generate staff around them')
    .option('--print-spec', 'print the spec in use (after --year, --spec, --seed, --scale, --schools-from) as YAML and write nothing: a starting point for your own spec')
    .addHelpText('after', [
      '',
      'Examples:',
      '  settle generate --out lausd                       the LAUSD 2018-19 demo',
      '  settle generate --year 2022-23 --out lausd-2023   the LAUSD 2022-23 demo',
      '  settle generate --print-spec > my.yaml            export the built-in spec to edit',
      '  settle generate --spec my.yaml --out my-district  generate from your edited spec',
      '',
      'Every field of a spec: docs/dataset.md, "The generator\'s specification".',
      'A value in the spec, or an edit to the written dataset files, overrides any published',
      'or assumed figure.',
      '',
    ].join('\n'))
    .action(async (opts: GenerateOptions) => {
      // The generator loads only when the command runs, so `settle --help` starts at once.
      (await import('./generate-run.ts')).runGenerate(opts, io);
    });
}

