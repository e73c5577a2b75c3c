import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { costProposal, lastYear } from '../costing/cost.ts';
import { lausdSpec } from '../district/demo/lausd.ts';
import { lausd2022Spec } from '../district/demo/lausd-2022-23.ts';
import { generateDistrict } from '../district/generate/generate.ts';
import type { GenerateSpec } from '../district/generate/spec.ts';
import { serializeDataset } from '../district/serialize.ts';
import { writeFiles } from '../district/write-folder.ts';
import { compareTable } from '../reports/compare-table.ts';
import type { Io } from './io.ts';
import { readInputs } from './inputs.ts';
import { step } from './progress.ts';

const examples = (dir: string) => fileURLToPath(new URL(`../../examples/${dir}/`, import.meta.url));

/** The two demos: each dataset with the proposals of its own year. */
const DEMOS: { year: string; spec: () => GenerateSpec; examples: string; what: string }[] = [
  { year: '2018-19', spec: () => lausdSpec(), examples: 'lausd-2019', what: 'The 2019 UTLA proposals' },
  { year: '2022-23', spec: () => lausd2022Spec(), examples: 'lausd-2023', what: 'The 2023 SEIU Local 99 and UTLA proposals' },
];

/** Writes both demos into `outs` (the 2018-19 folder, then the 2022-23 one). */
export function runDemo(outs: string[], io: Io): void {
  DEMOS.forEach((demo, i) => writeDemo({ io, out: outs[i], ...demo }));
}

function writeDemo({ io, out, year, spec, examples: dir, what }: { io: Io; out: string } & (typeof DEMOS)[number]): void {
  const dataset = step(io, `Generating the LAUSD ${year} demo district`, () => generateDistrict(spec()), { always: true });
  writeFiles(out, serializeDataset(dataset));
  const proposalDir = join(out, 'proposals');
  mkdirSync(proposalDir, { recursive: true });
  const files = readdirSync(examples(dir)).filter((f) => f.endsWith('.yaml')).sort();
  for (const f of files) copyFileSync(join(examples(dir), f), join(proposalDir, f));
  const paths = files.map((f) => join(proposalDir, f));
  const inputs = step(io, 'Reading it back and checking every file', () => readInputs(out, paths), { always: true });
  const byDate = [...inputs.proposals].sort((a, b) => (a.proposal.date < b.proposal.date ? -1 : a.proposal.date > b.proposal.date ? 1 : 0));
  // Shown side by side, so costed over the same years: the dataset's base year through the
  // latest last year of any of them (docs/costing.md, "Years and totals").
  const through = Math.max(...byDate.map((p) => lastYear(inputs.dataset, p.proposal)));
  const results = step(io, `Costing ${paths.length} proposals`, () => byDate.map((p) => costProposal({ dataset: inputs.dataset, proposal: p.proposal, source: p, through })), { always: true });
  const staff = inputs.dataset.staff.reduce((s, r) => s + r.count, 0);
  const students = inputs.dataset.enrollment.reduce((s, e) => s + e.students, 0);
  io.out(`${inputs.dataset.district.name}: ${inputs.dataset.schools.length.toLocaleString('en-US')} sites, ${students.toLocaleString('en-US')} students, ${staff.toLocaleString('en-US')} employees (synthetic, calibrated to published ${year} totals).\n`);
  io.out(`${what}, costed against it (added cost over the status quo; the table names its years):\n\n`);
  io.out(compareTable(results));
  const rel = shown(out);
  const last = shown(byDate[byDate.length - 1].file);
  io.out(`\nFiles: ${rel}/ (dataset) and ${rel}/proposals/ (proposals). Next:\n`);
  io.out(`  npx settle cost ${last} --district ${rel}\n`);
  io.out(`  npx settle cost ${last} --district ${rel} --trace   (how each figure was made)\n\n`);
}

/** A path as the reader types it next: relative when it is under this folder, else as given in full. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? resolve(path) : rel;
}
