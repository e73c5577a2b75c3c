// Benchmarks: how long it takes to load the LAUSD demo dataset, and to cost one proposal at
// LAUSD scale and at ten times LAUSD scale, after loading. Prints figures; never fails on time.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { costProposal } from '../src/costing/cost.ts';
import { prepare } from '../src/costing/prepare.ts';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import { readDatasetFolder } from '../src/district/read-folder.ts';
import { serializeDataset } from '../src/district/serialize.ts';
import { writeFiles } from '../src/district/write-folder.ts';
import { parseProposal } from '../src/proposals/parse.ts';

const examples = fileURLToPath(new URL('../examples/lausd-2019/', import.meta.url));
const proposals = readdirSync(examples).filter((f) => f.endsWith('.yaml')).sort()
  .map((f) => parseProposal(readFileSync(join(examples, f), 'utf8'), f).proposal);

function time<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p90: s[Math.min(s.length - 1, Math.floor(s.length * 0.9))], min: s[0] };
};
const f1 = (x: number) => x.toFixed(1);

console.log(`settle benchmark — Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'}, one core (single thread)`);
for (const scale of [1, 10]) {
  const dir = mkdtempSync(join(tmpdir(), `settle-bench-${scale}x-`));
  try {
    const generated = time(() => generateDistrict(lausdSpec({ scale })));
    writeFiles(dir, serializeDataset(generated.value));
    const loads = Array.from({ length: scale === 1 ? 5 : 2 }, () => time(() => readDatasetFolder(dir)));
    const dataset = loads[loads.length - 1].value;
    const prep = time(() => prepare(dataset));
    const staff = dataset.staff.reduce((s, r) => s + r.count, 0);
    console.log(`\nLAUSD × ${scale}: ${dataset.schools.length} schools, ${dataset.enrollment.reduce((s, e) => s + e.students, 0).toLocaleString('en-US')} students, ${staff.toLocaleString('en-US')} employees in ${dataset.staff.length.toLocaleString('en-US')} staff rows`);
    console.log(`  generate dataset            ${f1(generated.ms)} ms`);
    console.log(`  load dataset (read+validate) median ${f1(stats(loads.map((l) => l.ms)).median)} ms over ${loads.length} runs`);
    console.log(`  arrange for costing (once)  ${f1(prep.ms)} ms`);
    const runs = scale === 1 ? 30 : 8;
    for (const proposal of proposals) {
      const ms: number[] = [];
      let total = 0;
      for (let i = 0; i < runs; i++) {
        const r = time(() => costProposal({ dataset, proposal }));
        ms.push(r.ms);
        total = r.value.years.reduce((s, y) => s + y.totalCents, 0);
      }
      const s = stats(ms.slice(2));
      console.log(`  cost ${proposal.id.padEnd(26)} median ${f1(s.median)} ms, p90 ${f1(s.p90)} ms, first ${f1(ms[0])} ms (${runs} runs; total $${Math.round(total / 100).toLocaleString('en-US')})`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
