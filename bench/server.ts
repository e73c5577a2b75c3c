// Benchmark: the server at LAUSD scale. A real `settle serve` child process on a temporary
// SQLite file (the load generator runs here, in another process), with the LAUSD demo dataset
// uploaded, and the union's and the district's 2019 and 2023 example proposals (examples/lausd-*)
// drafted by their side, passed across the table and published. Prints:
//   - uploading the LAUSD dataset (validated on a costing thread);
//   - reads of the public record (list, one proposal, a comparison): requests/s, p50, p99,
//     errors and bytes per answer, with autocannon;
//   - costing a proposal through the API (POST /api/costings, the 2019 settlement): the first
//     request (the thread loads the dataset), then sequential requests;
//   - GET /api/health latency while 4 costings run at a time for 5 s (the server keeps answering).
// Never fails on time.
//
//   node --import tsx bench/server.ts [--connections 50] [--seconds 10] [--costings 30] [--busy-seconds 5] [--threads 2]
import { seedLausdWorkspaces } from './lausd-workspaces.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { lausd2022Spec } from '../src/district/demo/lausd-2022-23.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import { serializeDataset } from '../src/district/serialize.ts';
import { Http, spawnServer, type HttpAnswer } from '../test/helpers/spawn-server.ts';

// autocannon ships no types: the little of it used here.
interface Histogram { average: number; p50: number; p90: number; p99: number; max: number; min: number }
interface CannonResult { requests: Histogram & { total: number; sent: number }; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number; duration: number; statusCodeStats: Record<string, { count: number }> }
type Cannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string>; method?: string }) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CONNECTIONS = arg('--connections', 50);
const SECONDS = arg('--seconds', 10);
const COSTINGS = arg('--costings', 30);
const THREADS = arg('--threads', 2);
const CONCURRENT = 4;
const BUSY_SECONDS = arg('--busy-seconds', 5);
const PASSWORD = 'correct horse battery staple';

const example = (f: string) => readFileSync(fileURLToPath(new URL(`../examples/${f}`, import.meta.url)), 'utf8');
const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0)} ms`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const line = (label: string, value: string) => console.log(`  ${label.padEnd(58)} ${value}`);
const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`);

function must<T = any>(what: string, res: HttpAnswer<T>, ...ok: number[]): T {
  if (!ok.includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  return res.body;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

console.log(`settle server benchmark — Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'}, ${availableParallelism()} cores; server in a child process with ${THREADS} costing thread(s), load generator in this one`);

const dir = mkdtempSync(join(tmpdir(), 'settle-bench-server-'));
const file = join(dir, 'settle.sqlite');

// The workspaces: the district and the two unions of the examples, each with its admin.
const people = await seedLausdWorkspaces(file, PASSWORD);

let server = await spawnServer({ db: file, threads: THREADS });
try {
  const as = async (email: string) => {
    const h = new Http(server.url);
    must(`sign in ${email}`, await h.signIn(email, PASSWORD), 200);
    return h;
  };
  const district = await as(people.lausd);
  const teachers = await as(people.utla);
  const classified = await as(people.seiu);

  // Upload the LAUSD demo dataset.
  const gen = await timed(async () => serializeDataset(generateDistrict(lausdSpec())));
  const files = gen.value;
  const body = JSON.stringify({ name: 'LAUSD demo (generated)', files });
  const upload = await timed(() => district.request('POST', '/api/datasets', body));
  const uploaded = must('upload the LAUSD dataset', upload.value, 201);
  const datasetVersionId: number = uploaded.version.id;
  const summary = uploaded.version.summary;
  // The 2023 examples are costed on the data of their own year: the 2022-23 demo dataset.
  const uploaded2022 = must('upload the LAUSD 2022-23 dataset', await district.request('POST', '/api/datasets', JSON.stringify({ name: 'LAUSD 2022-23 demo (generated)', files: serializeDataset(generateDistrict(lausd2022Spec())) })), 201);
  const datasetVersionId2022: number = uploaded2022.version.id;
  console.log(`\nLAUSD demo dataset: ${summary.schools} schools, ${summary.employees.toLocaleString('en-US')} employees (generated and serialized in ${ms(gen.ms)}; ${kb(Buffer.byteLength(body))} of JSON)`);
  line('upload: POST /api/datasets (validated on a costing thread)', ms(upload.ms));

  // Draft, pass and publish the example proposals, each by its side.
  // All nine worked examples: each side's proposals by that side; the fact-finder's report by
  // the union; the tentative agreements (joint) by the district.
  const examples: { file: string; by: Http }[] = [
    { file: 'lausd-2019/fact-finder-2018-12-18.yaml', by: teachers },
    { file: 'lausd-2019/utla-demands.yaml', by: teachers },
    { file: 'lausd-2019/district-offer-2019-01-07.yaml', by: district },
    { file: 'lausd-2019/district-offer-2019-01-11.yaml', by: district },
    { file: 'lausd-2019/settlement-2019-01-22.yaml', by: district },
    { file: 'lausd-2023/seiu99-demands-2023.yaml', by: classified },
    { file: 'lausd-2023/seiu99-district-offer-2023-03-20.yaml', by: district },
    { file: 'lausd-2023/seiu99-settlement-2023-03-24.yaml', by: district },
    { file: 'lausd-2023/utla-settlement-2023-04-18.yaml', by: district },
  ];
  const published: { file: string; id: number }[] = [];
  const drafting: number[] = [];
  for (const e of examples) {
    const yaml = example(e.file);
    const versionId = e.file.startsWith('lausd-2023/') ? datasetVersionId2022 : datasetVersionId;
    const draft = await timed(() => e.by.request('POST', '/api/proposals', { yaml, datasetVersionId: versionId }));
    drafting.push(draft.ms);
    const v = must(`draft ${e.file}`, draft.value, 201);
    must(`pass ${e.file}`, await e.by.request('POST', `/api/proposal-versions/${v.id}/pass`), 201);
    must(`publish ${e.file}`, await e.by.request('POST', `/api/proposal-versions/${v.id}/publish`), 201);
    published.push({ file: e.file, id: v.id });
  }
  line(`${published.length} example proposals drafted, passed, published`, `drafting (costed on LAUSD, stored): median ${ms(pct(drafting, 50))}, max ${ms(Math.max(...drafting))}`);

  // Reads of the public record.
  const list = must('public list', await new Http(server.url).request('GET', '/api/public/proposals'), 200);
  if (list.proposals?.length !== published.length) throw new Error(`the public record lists ${list.proposals?.length} proposals, ${published.length} were published`);
  const ids = published.map((p) => p.id);
  const demands2019 = published.find((p) => p.file.includes('utla-demands'))?.id ?? ids[0];
  const offer2019 = published.find((p) => p.file.includes('offer-2019-01-11'))?.id ?? ids[1];
  const reads = [
    { label: 'GET /api/public/proposals', path: '/api/public/proposals' },
    { label: 'GET /api/public/proposals/{id}', path: `/api/public/proposals/${offer2019}` },
    { label: 'GET /api/public/compare?versions=a,b', path: `/api/public/compare?versions=${demands2019},${offer2019}` },
  ];
  console.log(`\nPublic record reads (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each; ${published.length} published proposals)`);
  console.log(`  ${'route'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'max'.padStart(9)} ${'errors'.padStart(7)} ${'answer'.padStart(9)}`);
  for (const r of reads) {
    const one = await new Http(server.url).request('GET', r.path);
    must(r.label, one, 200);
    const bytes = one.bytes;
    const res = await autocannon({ url: server.url + r.path, connections: CONNECTIONS, duration: SECONDS });
    const errors = res.errors + res.timeouts + res.non2xx;
    console.log(`  ${r.label.padEnd(40)} ${res.requests.average.toFixed(0).padStart(8)} ${ms(res.latency.p50).padStart(9)} ${ms(res.latency.p99).padStart(9)} ${ms(res.latency.max).padStart(9)} ${String(errors).padStart(7)} ${kb(bytes).padStart(9)}`);
  }

  // Costing through the API.
  const settlementYaml = example('lausd-2019/settlement-2019-01-22.yaml');
  // A fresh server (the sessions carry over), so the first costing is the one where a costing thread loads the dataset.
  await server.stop();
  server = await spawnServer({ db: file, threads: THREADS });
  teachers.base = server.url;
  const cost = () => teachers.request('POST', '/api/costings', { yaml: settlementYaml, datasetVersionId });
  console.log(`\nCosting through the API (POST /api/costings, the 2019 settlement on LAUSD, ${summary.employees.toLocaleString('en-US')} employees)`);
  const first = await timed(cost);
  const firstBody = must('cost the 2019 settlement', first.value, 200);
  const years = (firstBody.years ?? firstBody.result?.years ?? []) as { fy: string }[];
  line('first request (a costing thread loads the dataset)', `${ms(first.ms)} (${years.length} years, ${kb(first.value.bytes)} answer)`);
  // Each other costing thread loads the dataset on its first job: give every thread one at once.
  const warm = await timed(() => Promise.all(Array.from({ length: THREADS }, () => cost())));
  for (const r of warm.value) must('cost', r, 200);
  if (THREADS > 1) line(`${THREADS} at once, so every thread has the dataset`, ms(warm.ms));
  const seq: number[] = [];
  for (let i = 0; i < COSTINGS; i++) {
    const t = await timed(cost);
    must('cost', t.value, 200);
    seq.push(t.ms);
  }
  line(`${COSTINGS} sequential requests`, `median ${ms(pct(seq, 50))}, p95 ${ms(pct(seq, 95))}, max ${ms(Math.max(...seq))}`);

  // The server keeps answering while costings run.
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await fetch(`${server.url}/api/health`).then((r) => r.text());
    idle.push(performance.now() - t0);
  }
  let busy = true;
  const during: number[] = [];
  const costed: number[] = [];
  const until = performance.now() + BUSY_SECONDS * 1000;
  const costers = Array.from({ length: CONCURRENT }, async () => {
    while (performance.now() < until) {
      const t = await timed(cost);
      must('cost', t.value, 200);
      costed.push(t.ms);
    }
  });
  const health = (async () => {
    while (busy) {
      const t0 = performance.now();
      await fetch(`${server.url}/api/health`).then((r) => r.text());
      during.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const wall = await timed(() => Promise.all(costers));
  busy = false;
  await health;
  line(`${CONCURRENT} at a time: ${costed.length} in ${ms(wall.ms)} (${((costed.length / wall.ms) * 1000).toFixed(1)}/s)`, `each: median ${ms(pct(costed, 50))}, p95 ${ms(pct(costed, 95))}, max ${ms(Math.max(...costed))}`);
  line(`GET /api/health meanwhile (${during.length} requests)`, `p50 ${ms(pct(during, 50))}, p99 ${ms(pct(during, 99))}, max ${ms(Math.max(...during))} (idle server: p50 ${ms(pct(idle, 50))}, p99 ${ms(pct(idle, 99))})`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
