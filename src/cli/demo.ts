import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import type { Io } from './io.ts';
import { checkOutFolder } from './output.ts';

/**
 * `settle demo`: writes the LAUSD 2018-19 demo dataset with the 2019 UTLA proposals and the
 * LAUSD 2022-23 one with the 2023 SEIU Local 99 and UTLA proposals, then reads each back
 * exactly as a user's files would be read, costs the proposals and prints them side by side.
 */
export function registerDemo(program: Command, io: Io): void {
  program
    .command('demo')
    .description('write the LAUSD 2018-19 and 2022-23 demo datasets with the proposals of their years (2019 UTLA; 2023 SEIU Local 99 and UTLA), and compare them side by side')
    .option('--out <dir>', 'where to write the 2018-19 demo', 'demo/lausd-2018-19')
    .option('--out-2022-23 <dir>', 'where to write the 2022-23 demo (default: lausd-2022-23 beside --out)')
    .action(async (opts: { out: string; out202223?: string }) => {
      const outs = [opts.out, opts.out202223 ?? join(dirname(opts.out), 'lausd-2022-23')];
      checkOutFolder(outs[0], '--out');
      checkOutFolder(outs[1], '--out-2022-23');
      // The generator and the costing code load only when the command runs (demo-run.ts).
      (await import('./demo-run.ts')).runDemo(outs, io);
    });
}

