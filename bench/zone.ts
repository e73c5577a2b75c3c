// Benchmark: the settlement zone at LAUSD scale. Packages per second on one core and on all
// cores, for the 2019 worked example (examples/zone/space-2019.yaml, both sides' limits) on the
// LAUSD demo dataset, generated in memory. Prints figures; never fails on time.
//
//   node --import tsx bench/zone.ts [--space FILE] [--runs N]
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { costProposal } from '../src/costing/cost.ts';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import { parseProposal } from '../src/proposals/parse.ts';
import { makeEvaluator, emptyFound } from '../src/zone/evaluate.ts';
import { packageProposal } from '../src/zone/grid.ts';
import { parseLimits } from '../src/zone/limits.ts';
import { parseSpace } from '../src/zone/space.ts';
import { planZone } from '../src/zone/zone.ts';
import { scanParallel } from '../src/zone/workers/pool.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const spaceFile = arg('--space') ?? fileURLToPath(new URL('../examples/zone/space-2019.yaml', import.meta.url));
const runs = Number(arg('--runs') ?? 3);
const here = (f: string) => fileURLToPath(new URL(`../examples/zone/${f}`, import.meta.url));
const near = (f: string) => join(dirname(spaceFile), f);
const read = (f: string) => parseProposal(readFileSync(f, 'utf8'), f).proposal;

function time<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}
const rate = (n: number, ms: number) => `${((n / ms) * 1000 / 1e6).toFixed(2)} M packages/s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`settle zone benchmark — Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'}, ${availableParallelism()} cores`);
const gen = time(() => generateDistrict(lausdSpec()));
const dataset = gen.value;
const space = parseSpace(readFileSync(spaceFile, 'utf8'), spaceFile);
const base = read(near(space.base));
const latest = { union: space.latest.union ? read(near(space.latest.union)) : undefined, district: space.latest.district ? read(near(space.latest.district)) : undefined };
const limits = arg('--space')
  ? {}
  : { union: parseLimits(readFileSync(here('union-limits-2019.yaml'), 'utf8'), 'union-limits-2019.yaml', 'union'), district: parseLimits(readFileSync(here('district-limits-2019.yaml'), 'utf8'), 'district-limits-2019.yaml', 'district') };
const input = { dataset, space, base, limits, latest };
console.log(`LAUSD demo: ${dataset.schools.length} schools, ${dataset.staff.reduce((s, r) => s + r.count, 0).toLocaleString('en-US')} employees (generated in ${gen.ms.toFixed(0)} ms)`);
console.log(`space: ${spaceFile.replace(process.cwd() + '/', '')}: ${space.dimensions.length} dimensions, ${space.axes.length} axes, ${space.size.toLocaleString('en-US')} packages`);

// The naive way: a full costing of each package.
const naive = time(() => {
  for (let i = 0; i < 5; i++) costProposal({ dataset, proposal: packageProposal(space, base, Math.floor((i * space.size) / 5)) });
});
console.log(`  full costing, one package at a time   ${(naive.ms / 5).toFixed(1)} ms a package (${(5000 / naive.ms).toFixed(1)} packages/s)`);

const plan = time(() => planZone(input));
const P = plan.value.plan;
const bytes = [P.E, P.E1, ...P.groups.flatMap((g) => [g.G, g.A, ...(g.G1 ? [g.G1] : [])]), ...P.bonuses.flatMap((b) => [b.Bx, ...b.BA.filter((x): x is Float64Array => x !== null)])].reduce((s, a) => s + a.byteLength, 0);
console.log(`  work out the pieces (once, engine)     ${plan.ms.toFixed(0)} ms: ${P.P} pay combinations, ${P.groups.length} groups of positions, ${P.slotYear.length} shared lines; ${(bytes / 1e6).toFixed(1)} MB of typed arrays; exact: ${plan.value.meta.exact}`);

// One core: the evaluator on this thread, the whole grid.
const ev = makeEvaluator(P);
const one: number[] = [];
let feasible = 0;
for (let r = 0; r < runs; r++) {
  const found = emptyFound(P);
  const t = time(() => ev.scan(0, P.size, found));
  one.push(t.ms);
  feasible = found.feasible;
}
console.log(`  one core (this thread)                 ${rate(P.size, median(one))} (median of ${runs}; best ${rate(P.size, Math.min(...one))}); ${feasible.toLocaleString('en-US')} feasible`);

// One core on a worker thread (a small heap of its own: the plan's arrays, not the dataset).
const w1: number[] = [];
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  await scanParallel(P, { threads: 1, chunk: 1_000_000 });
  w1.push(performance.now() - t0);
}
console.log(`  one core (one worker thread)           ${rate(P.size, median(w1))} (median of ${runs}, starting the worker included; best ${rate(P.size, Math.min(...w1))})`);

// All cores: worker threads, each with the plan's arrays (not the dataset).
const all: number[] = [];
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  const found = await scanParallel(P, {});
  all.push(performance.now() - t0);
  if (found.feasible !== feasible) console.log(`  WARNING: workers found ${found.feasible} feasible, one thread ${feasible}`);
}
console.log(`  all ${availableParallelism()} cores (worker threads)         ${rate(P.size, median(all))} (median of ${runs}, starting the workers included; best ${rate(P.size, Math.min(...all))})`);
