import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { costProposal } from '../costing/cost.ts';
import { lausdSpec } from '../district/demo/lausd.ts';
import { generateDistrict } from '../district/generate/generate.ts';
import { serializeDataset } from '../district/serialize.ts';
import { writeFiles } from '../district/write-folder.ts';
import { compareTable } from '../reports/compare-table.ts';
import type { Io } from './io.ts';
import { readInputs } from './inputs.ts';
import { step } from './progress.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/lausd-2019/', import.meta.url));

/**
 * `settle demo`: writes the LAUSD 2018-19 demo dataset and the 2019 UTLA proposals,
 * then reads them back exactly as a user's files would be read, costs them and prints them
 * side by side.
 */
export function registerDemo(program: Command, io: Io): void {
  program
    .command('demo')
    .description('write the LAUSD 2018-19 demo dataset and the 2019 UTLA proposals, and compare them side by side')
    .option('--out <dir>', 'where to write the demo', 'demo/lausd-2018-19')
    .action((opts: { out: string }) => {
      const out = opts.out;
      const dataset = step(io, 'Generating the LAUSD 2018-19 demo district', () => generateDistrict(lausdSpec()), { always: true });
      writeFiles(out, serializeDataset(dataset));
      const proposalDir = join(out, 'proposals');
      mkdirSync(proposalDir, { recursive: true });
      const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.yaml')).sort();
      for (const f of files) copyFileSync(join(EXAMPLES, f), join(proposalDir, f));
      const paths = files.map((f) => join(proposalDir, f));
      const inputs = step(io, 'Reading it back and checking every file', () => readInputs(out, paths), { always: true });
      const byDate = [...inputs.proposals].sort((a, b) => (a.proposal.date < b.proposal.date ? -1 : a.proposal.date > b.proposal.date ? 1 : 0));
      const results = step(io, `Costing ${paths.length} proposals`, () => byDate.map((p) => costProposal({ dataset: inputs.dataset, proposal: p.proposal, source: p })), { always: true });
      const staff = inputs.dataset.staff.reduce((s, r) => s + r.count, 0);
      const students = inputs.dataset.enrollment.reduce((s, e) => s + e.students, 0);
      io.out(`${inputs.dataset.district.name}: ${inputs.dataset.schools.length.toLocaleString('en-US')} sites, ${students.toLocaleString('en-US')} students, ${staff.toLocaleString('en-US')} employees (synthetic, calibrated to published 2018-19 totals).\n`);
      io.out(`The 2019 UTLA proposals, costed against it (added cost over the status quo):\n\n`);
      io.out(compareTable(results));
      const rel = relative(process.cwd(), out) || '.';
      io.out(`\nFiles: ${rel}/ (dataset) and ${rel}/proposals/ (proposals). Next:\n`);
      io.out(`  npx settle cost ${byDate[byDate.length - 1].file} --district ${rel}\n`);
      io.out(`  npx settle cost ${byDate[byDate.length - 1].file} --district ${rel} --trace   (how each figure was made)\n`);
    });
}
