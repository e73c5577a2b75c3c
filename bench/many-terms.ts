// How costing time grows with the number of terms: N raise terms (each 0.1%, effective on
// the first of successive months of a three-year contract) costed on the tiny fixture and on
// the LAUSD demo dataset. Costing must grow linearly in N. Prints figures (and a digest of each
// result, so a change to the engine can be checked to leave every figure as it was); never
// fails on time. Sizes: `node --import tsx bench/many-terms.ts [N ...]` (default 100 200 1000).
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { costProposal } from '../src/costing/cost.ts';
import { prepare } from '../src/costing/prepare.ts';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import { readDatasetFolder } from '../src/district/read-folder.ts';
import { parseProposal } from '../src/proposals/parse.ts';
import { rawProposalWithTerms } from './many-terms-yaml.ts';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const ns = sizes.length > 0 ? sizes : [100, 200, 1000];
const tiny = readDatasetFolder(fileURLToPath(new URL('../test/fixtures/tiny-district/', import.meta.url)));
const lausd = generateDistrict(lausdSpec());
prepare(tiny);
prepare(lausd);

console.log(`costing time against the number of raise terms — Node ${process.version}`);
for (const [name, dataset, unit] of [['tiny fixture', tiny, 'T'], ['LAUSD demo', lausd, 'UTLA']] as const) {
  for (const n of ns) {
    const yaml = rawProposalWithTerms({ n, unit, start: '2018-07-01' });
    const t0 = performance.now();
    const { proposal } = parseProposal(yaml, 'many.yaml');
    const t1 = performance.now();
    const result = costProposal({ dataset, proposal });
    const t2 = performance.now();
    const digest = createHash('sha256').update(JSON.stringify(result)).digest('hex').slice(0, 12);
    console.log(`  ${name.padEnd(13)} ${String(n).padStart(5)} terms (${(yaml.length / 1024).toFixed(0)} KB): parse ${(t1 - t0).toFixed(0)} ms, cost ${(t2 - t1).toFixed(0)} ms (result ${digest})`);
  }
}
