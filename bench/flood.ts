// Load test: one organization floods costing with worst-case valid proposals (100 raise terms,
// the most a proposal may have, over a 10-year contract) while another organization previews
// one-term proposals and anonymous readers read the public record (the list and a comparison).
// A real `settle serve` child process on a temporary SQLite file with the LAUSD demo dataset;
// the load generator runs in this process. Prints, without and with the flood: the other
// organization's preview latency (p50, p99) and the public reads' (p50, p99), what the flood
// got (200 / 429 / 503), and the server's peak resident memory (VmHWM, and VmRSS sampled).
// Never fails on time.
//
//   node --import tsx bench/flood.ts [--seconds 20] [--flooders 12] [--readers 4] [--threads 1]
import { seedLausdWorkspaces } from './lausd-workspaces.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import { serializeDataset } from '../src/district/serialize.ts';
import { MAX_TERMS } from '../src/proposals/limits.ts';
import { Http, spawnServer, type HttpAnswer } from '../test/helpers/spawn-server.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('--seconds', 20);
const FLOODERS = arg('--flooders', 12);
const READERS = arg('--readers', 4);
const THREADS = arg('--threads', 1);
const PASSWORD = 'correct horse battery staple';

const example = (f: string) => readFileSync(fileURLToPath(new URL(`../examples/${f}`, import.meta.url)), 'utf8');
const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0)} ms`;
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
function must<T = any>(what: string, res: HttpAnswer<T>, ...ok: number[]): T {
  if (!ok.includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  return res.body;
}
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

/** The worst case a proposal may be: MAX_TERMS raises, one a month, over a 10-year contract on LAUSD (base 2018-19). */
function worstCase(): string {
  const lines = ['id: flood', 'title: Flood', 'party: union', 'unit: UTLA', 'date: 2019-01-01', 'term: { start: 2017-07-01, end: 2027-06-30 }', 'terms:'];
  for (let i = 0; i < MAX_TERMS; i++) {
    const m = 6 + i; // months from January 2017: July 2017 onward
    lines.push(`  - { kind: raise, pct: 0.1, effective: ${2017 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01 }`);
  }
  return `${lines.join('\n')}\n`;
}
const ONE_TERM = 'id: preview\ntitle: Preview\nparty: union\nunit: SEIU99\ndate: 2019-03-01\nterm: { start: 2018-07-01, end: 2021-06-30 }\nterms:\n  - { kind: raise, pct: 3, effective: 2019-07-01 }\n';

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

console.log(`settle flood test — Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'}, ${availableParallelism()} cores; server in a child process with ${THREADS} costing thread(s)`);
const dir = mkdtempSync(join(tmpdir(), 'settle-bench-flood-'));
const file = join(dir, 'settle.sqlite');
// The workspaces: the district and the two unions of the examples, each with its admin.
const people = await seedLausdWorkspaces(file, PASSWORD);

// Made before signing in: generating takes seconds, longer than the server keeps an idle connection open.
const lausdBody = JSON.stringify({ name: 'LAUSD demo', files: serializeDataset(generateDistrict(lausdSpec())) });
const server = await spawnServer({ db: file, threads: THREADS });
try {
  const as = async (email: string) => {
    const h = new Http(server.url);
    must(`sign in ${email}`, await h.signIn(email, PASSWORD), 200);
    return h;
  };
  const district = await as(people.lausd);
  const flooder = await as(people.utla);
  const other = await as(people.seiu);
  const uploaded = must('upload LAUSD', await district.request('POST', '/api/datasets', lausdBody), 201);
  const datasetVersionId: number = uploaded.version.id;
  const ids: number[] = [];
  for (const f of ['lausd-2019/district-offer-2019-01-07.yaml', 'lausd-2019/district-offer-2019-01-11.yaml']) {
    const v = must(`draft ${f}`, await district.request('POST', '/api/proposals', { yaml: example(f), datasetVersionId }), 201);
    must('pass', await district.request('POST', `/api/proposal-versions/${v.id}/pass`), 201);
    must('publish', await district.request('POST', `/api/proposal-versions/${v.id}/publish`), 201);
    ids.push(v.id);
  }
  const flood = worstCase();
  const one = await (async () => {
    const t0 = performance.now();
    must('one worst-case costing', await flooder.request('POST', '/api/costings?positions=none', { yaml: flood, datasetVersionId }), 200);
    return performance.now() - t0;
  })();
  console.log(`\nLAUSD demo uploaded; 2 district offers published. One worst-case costing (${MAX_TERMS} raise terms, 10-year contract): ${ms(one)} alone.`);

  // The other organization's first preview loads the dataset on a thread: not part of what is measured.
  // Every thread loads it once: previews by as many organizations as threads, at once (one organization runs on one thread at a time).
  const warmers = [other, district, flooder].slice(0, Math.max(1, THREADS));
  for (const r of await Promise.all(warmers.map((c) => c.request('POST', '/api/costings?positions=none', { yaml: ONE_TERM, datasetVersionId })))) must('warm up', r, 200);
  const publicPaths = ['/api/public/proposals', `/api/public/compare?versions=${ids[0]},${ids[1]}`];
  // The first comparison is costed (then kept): not part of what is measured either.
  for (const path of publicPaths) must(`warm up ${path}`, await new Http(server.url).request('GET', path), 200);
  /** Runs the other organization's previews and the public reads for SECONDS; returns their latencies and failures. */
  async function observe(): Promise<{ previews: number[]; reads: number[]; failed: Record<string, number> }> {
    const previews: number[] = [];
    const reads: number[] = [];
    const failed: Record<string, number> = {};
    const until = performance.now() + SECONDS * 1000;
    const previewer = (async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const r = await other.request('POST', '/api/costings?positions=none', { yaml: ONE_TERM, datasetVersionId });
        if (r.status === 200) previews.push(performance.now() - t0);
        else failed[`preview ${r.status}`] = (failed[`preview ${r.status}`] ?? 0) + 1;
        await sleep(100); // a person typing in the editor: a preview every few tenths of a second
      }
    })();
    const readers = Array.from({ length: READERS }, async (_, k) => {
      const anon = new Http(server.url);
      for (let i = k; performance.now() < until; i++) {
        const t0 = performance.now();
        const r = await anon.request('GET', publicPaths[i % publicPaths.length]);
        if (r.status === 200) reads.push(performance.now() - t0);
        else failed[`public ${r.status}`] = (failed[`public ${r.status}`] ?? 0) + 1;
        await sleep(20);
      }
    });
    await Promise.all([previewer, ...readers]);
    return { previews, reads, failed };
  }
  const report = (label: string, o: Awaited<ReturnType<typeof observe>>) => {
    console.log(`  ${label.padEnd(16)} other organization's previews: ${String(o.previews.length).padStart(4)}, p50 ${ms(pct(o.previews, 50)).padStart(8)}, p99 ${ms(pct(o.previews, 99)).padStart(8)} | public reads: ${String(o.reads.length).padStart(5)}, p50 ${ms(pct(o.reads, 50)).padStart(8)}, p99 ${ms(pct(o.reads, 99)).padStart(8)}${Object.keys(o.failed).length ? ` | not 200: ${JSON.stringify(o.failed)}` : ''}`);
  };

  console.log(`\nFor ${SECONDS} s each (the other organization previews one raise, then waits 0.1 s; ${READERS} anonymous readers alternate the public list and a comparison, 20 ms apart):`);
  const rssBefore = memoryOf(server.pid);
  const quiet = await observe();
  report('without flood', quiet);

  // The flood: FLOODERS clients of one organization post the worst case without pause, retrying 50 ms after a 429.
  const outcomes: Record<string, number> = {};
  let flooding = true;
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, memoryOf(server.pid).rss)), 100);
  const flooders = Array.from({ length: FLOODERS }, async () => {
    while (flooding) {
      const r = await flooder.request('POST', '/api/costings?positions=none', { yaml: flood, datasetVersionId });
      const k = r.status === 200 ? '200' : `${r.status} ${r.body?.code ?? ''}`.trim();
      outcomes[k] = (outcomes[k] ?? 0) + 1;
      if (r.status === 429) await sleep(50);
    }
  });
  await sleep(1000); // the flood fills its share of the queue first
  const loud = await observe();
  flooding = false;
  await Promise.all(flooders);
  clearInterval(sampler);
  report('with flood', loud);
  const mem = memoryOf(server.pid);
  console.log(`  the flood (${FLOODERS} clients of one organization, worst-case proposals): ${Object.entries(outcomes).map(([k, v]) => `${v} × ${k}`).join(', ')}`);
  console.log(`  server memory: resident before ${mb(rssBefore.rss)}, sampled peak during the flood ${mb(peakRss)}, peak of the process (VmHWM) ${mb(mem.hwm)}`);
} catch (e) {
  console.error(`server log:\n${server.log().slice(-3000)}`);
  throw e;
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
