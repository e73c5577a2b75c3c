/**
 * "Where can my child go today" under a surge (issue 15, point 6): a spawned `settle serve`
 * (SQLite, then PostgreSQL) with one published strike day for today in Los Angeles whose sites are
 * the 1,022 active LAUSD schools of the CDE directory (names, addresses, coordinates; capacity
 * 100 each), and three published proposals. 500 connections, 20 s each after 2 s of warm-up, gzip
 * accepted, from autocannon (or wrk; bench/load.ts says which and why): GET /api/public/sites (a
 * first load; then phones revalidating with the ETag of the newest answer), GET
 * /api/public/sites/live, GET /api/public/proposals, beside a hello-world Hono server
 * (bench/hello-server.ts) measured right before and right after them (this machine's rate
 * moves a lot between runs; each kept answer's share is of the mean of the two, with whether
 * issue 15's aim, at least 50% and p99 under 50 ms, is met), and the same server sending the sites
 * answer's gzipped bytes (what the machine can move at that size). Then the kept answers and
 * hello-world again at half of hello-world's rate, open loop (bench/open-loop.ts says why): the
 * latency of an answer when the server is asked that much, not as much as it can answer. During
 * the public runs a writer (bench/site-writer.ts, a process of its own with its own database
 * handle, as a site administrator's phone through another server process) turns one site full or
 * back to open every 100 ms, and a client polling /api/public/sites/live every 50 ms measures how
 * long each change takes to be public. Prints requests/s, p50, p99, errors (a 304 is not one), the
 * answers' sizes plain and gzipped, and the update-to-public latency (median, p99, max). Never
 * fails on time.
 *
 * Measured (2026-12-04, Node 20, 2 cores, the load generator on the same cores, 8 s; docs/sites.md,
 * "How fresh, under a surge", has the table): SQLite, hello-world 45,372 req/s (p99 23 ms);
 * /api/public/sites 2,013 (hello-world sending the same 39 KB: 2,009), revalidating 25,324 (p99
 * 38 ms, all 304), /live 26,486 (p99 36 ms), /api/public/proposals 30,115 (p99 33 ms); a second
 * run 19,654, 19,164 and 23,144 (p99 65, 65, 55 ms) beside hello-world 41,815. Update to public
 * median 0.59-0.75 s, p99 2.5-3.2 s.
 *
 *   node --import tsx bench/public-sites.ts
 *   SETTLE_BENCH_SECONDS (20), SETTLE_BENCH_CONNECTIONS (500), SETTLE_BENCH_DIALECTS (sqlite,postgres),
 *   SETTLE_BENCH_LOADGEN (autocannon, or wrk), SETTLE_BENCH_RATE (the open-loop rate; default half of hello-world's),
 *   SETTLE_BENCH_PROFILE (a folder: the server writes a CPU profile there when it stops)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { todayIn } from '../src/server/public/sites-choose.ts';
import { addDatasetVersion, raiseYaml } from '../src/server/proposals/test-world.ts';
import { probePostgres, PG_URL } from '../test/helpers/databases.ts';
import { startTestServer } from '../test/helpers/server.ts';
import { plantSiteDay } from '../test/helpers/site-day.ts';
import { publishSiteDay } from '../test/helpers/site-publication.ts';
import { spawnServer } from '../test/helpers/spawn-server.ts';
import { helloServer } from './hello.ts';
import { generator, load, type LoadResult } from './load.ts';
import { openLoopApart, type OpenLoopResult } from './open-loop.ts';

const SECONDS = Number(process.env.SETTLE_BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.SETTLE_BENCH_CONNECTIONS ?? 500);
const CDE = fileURLToPath(new URL('../../shared/data/cde_pubschls_2018/pubschls_2018-06_lausd.csv', import.meta.url));
const GZIP = { 'accept-encoding': 'gzip' };

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] : NaN);
const GEN = generator();
const run = (url: string, headers: Record<string, string> = GZIP) => load(GEN, { url, connections: CONNECTIONS, seconds: SECONDS, headers });
const t = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
/** At a fixed rate from CONNECTIONS open connections (bench/open-loop.ts, in a process of its own), after 2 s of the same not counted. */
async function atRate(url: string, rate: number, headers: Record<string, string> = GZIP): Promise<OpenLoopResult> {
  return openLoopApart({ url, connections: CONNECTIONS, rate, seconds: SECONDS, warmUpSeconds: 2, headers });
}
const row = (label: string, r: Pick<LoadResult, 'rps' | 'p50' | 'p99' | 'max' | 'errors'>, size: string) => console.log(`  ${label.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${t(r.p50).padStart(4)} ms   p99 ${t(r.p99).padStart(5)} ms   max ${t(r.max).padStart(5)} ms   ${String(r.errors).padStart(5)} errors   ${size}`);

/** The active LAUSD schools of the CDE directory, as a day's sites. */
function lausdSites() {
  const rows = parse(readFileSync(CDE, 'utf8'), { columns: true }) as Record<string, string>[];
  return rows.filter((r) => r.StatusType === 'Active' && r.School && r.Latitude).map((r, i) => ({
    schoolId: `S${String(i + 1).padStart(4, '0')}`, name: r.School, address: `${r.Street}, ${r.City}, CA ${r.Zip}`, latitude: Number(r.Latitude), longitude: Number(r.Longitude),
    status: 'supervision' as const, opens: '08:00', closes: '18:00', capacity: 100, offers: 'supervision, lunch', languages: ['English', 'Spanish'],
  }));
}

/** A hello-world server's run: the yardstick, measured right before and right after each database's runs. */
async function helloRun(): Promise<LoadResult> {
  const hello = await helloServer();
  try {
    return await run(hello.url);
  } finally {
    hello.stop();
  }
}

async function bench(dialect: 'sqlite' | 'postgres'): Promise<void> {
  // The world (Tiny Unified and its unions), three published proposals, and today's published day.
  const s = await startTestServer({ dialect });
  try {
    await addDatasetVersion(s, 'district');
    const team = await s.as('teachers', 'bargaining-team');
    for (const pct of [1, 2, 3]) {
      const v = await team.request('POST', '/api/proposals', { yaml: raiseYaml(pct) });
      await team.request('POST', `/api/proposal-versions/${v.body.id}/pass`);
      await team.request('POST', `/api/proposal-versions/${v.body.id}/publish`);
    }
    const admin = (await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', s.orgId.district).where('role', '=', 'admin').executeTakeFirstOrThrow()).id;
    const dv = (await s.handle.db.selectFrom('dataset_versions').select('id').executeTakeFirstOrThrow()).id;
    const sites = lausdSites();
    const { dayId } = await plantSiteDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.district, datasetVersionId: dv, personId: admin, date: todayIn(new Date()), label: 'Strike day 1', sites });
    await publishSiteDay(s.handle.db, s.deps.ids, { dayId, organizationId: s.orgId.district, personId: admin, at: new Date().toISOString(), district: { name: 'Los Angeles Unified', cdsCode: '19647330000000' } });

    const profile = process.env.SETTLE_BENCH_PROFILE ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.SETTLE_BENCH_PROFILE}`] } : {};
    const server = await spawnServer({ ...('file' in s.options ? { db: s.options.file } : { databaseUrl: s.options.url }), ...profile });
    let writer: ChildProcess | undefined;
    try {
      const first = await fetch(`${server.url}/api/public/sites`);
      const body = await first.text();
      // The yardstick for an answer this large: a hello-world server sending the same gzipped bytes.
      const gzFile = join(mkdtempSync(join(tmpdir(), 'settle-bench-')), 'sites.json.gz');
      writeFileSync(gzFile, gzipSync(body));
      const big = await helloServer(gzFile);
      let helloBig: LoadResult;
      try {
        helloBig = await run(big.url);
      } finally {
        big.stop();
      }
      const size = `${(Buffer.byteLength(body) / 1024).toFixed(0)} KB plain, ${(gzipSync(body).length / 1024).toFixed(0)} KB gzipped`;
      const live = await (await fetch(`${server.url}/api/public/sites/live`)).text();
      const lSize = `${(Buffer.byteLength(live) / 1024).toFixed(0)} KB plain, ${(gzipSync(live).length / 1024).toFixed(1)} KB gzipped`;
      const proposals = await (await fetch(`${server.url}/api/public/proposals`)).text();
      const pSize = `${(Buffer.byteLength(proposals) / 1024).toFixed(0)} KB plain, ${(gzipSync(proposals).length / 1024).toFixed(0)} KB gzipped`;

      // The writer (bench/site-writer.ts, a process of its own) and the watcher: every 100 ms one
      // site turns full (100 of 100) or back to open (0).
      const pending = new Map<string, { expect: string; at: number }>();
      const seen: number[] = [];
      let writes = 0;
      let running = true;
      writer = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./site-writer.ts', import.meta.url)), JSON.stringify(s.options), String(dayId), ...sites.slice(0, 40).map((x) => x.schoolId)], { stdio: ['ignore', 'pipe', 'inherit'] });
      const child = writer;
      const writing = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        const [school, expect, at] = line.split(' ');
        // As this process's clock reads it (performance.now), from the writer's epoch time.
        pending.set(school, { expect, at: Number(at) - performance.timeOrigin });
        writes += 1;
      });
      // The ETag of the answer now, for phones that revalidate what they have.
      let latest = first.headers.get('etag') ?? '';
      const watching = (async () => {
        while (running) {
          latest = (await fetch(`${server.url}/api/public/sites`, { headers: GZIP, method: 'HEAD' })).headers.get('etag') ?? latest;
          const live = ((await (await fetch(`${server.url}/api/public/sites/live`, { headers: GZIP })).json()) as { live: Record<string, string> }).live;
          const now = performance.now();
          // A site not listed is open.
          for (const [id, w] of pending) if ((live[id] ?? 'open') === w.expect) (seen.push(now - w.at), pending.delete(id));
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const hello = await helloRun();
      const sitesRun = await run(`${server.url}/api/public/sites`);
      // Phones that loaded the page and ask again with the ETag of the answer they have (the
      // newest; it changes only with a publication). One such request first: it must be a 304.
      const revalidate = { ...GZIP, 'if-none-match': latest };
      const probe = await fetch(`${server.url}/api/public/sites`, { headers: revalidate });
      if (probe.status !== 304) throw new Error(`revalidating the sites answer got ${probe.status}, not 304`);
      const revalidating = await run(`${server.url}/api/public/sites`, revalidate);
      const liveRun = await run(`${server.url}/api/public/sites/live`);
      const proposalsRun = await run(`${server.url}/api/public/proposals`);
      const helloAfter = await helloRun();
      // The same answers asked at half of hello-world's rate from as many connections, open loop:
      // how long each answer takes when the server is asked that much, not as fast as it can go.
      const half = Number(process.env.SETTLE_BENCH_RATE ?? Math.round((hello.rps + helloAfter.rps) / 4));
      const helloAt = await helloServer();
      let helloRated: OpenLoopResult;
      try {
        helloRated = await atRate(helloAt.url, half);
      } finally {
        helloAt.stop();
      }
      const rated = {
        revalidating: await atRate(`${server.url}/api/public/sites`, half, revalidate),
        live: await atRate(`${server.url}/api/public/sites/live`, half),
        proposals: await atRate(`${server.url}/api/public/proposals`, half),
      };
      running = false;
      child.kill('SIGTERM');
      await Promise.all([writing, watching]);
      // Issue 15's aim for the kept answers: at least half of hello-world's rate (the mean of the
      // runs just before and after), p99 under 50 ms.
      const yardstick = (hello.rps + helloAfter.rps) / 2;
      const aim = (r: LoadResult) => {
        const share = r.rps / yardstick;
        return `${(share * 100).toFixed(0)}% of hello-world; aim ${share >= 0.5 && r.p99 < 50 ? 'met' : 'not met'}`;
      };

      console.log(`\n${dialect}: ${sites.length} published sites, ${CONNECTIONS} connections, ${SECONDS} s each, gzip accepted; load from ${GEN}`);
      row('hello-world Hono server, before', hello, '');
      row('hello-world Hono server, after', helloAfter, '');
      row('hello-world, the sites answer\'s gzipped bytes', helloBig, '');
      row('GET /api/public/sites', sitesRun, `${size}; ${(100 * sitesRun.rps / helloBig.rps).toFixed(0)}% of hello-world sending the same bytes`);
      row('GET /api/public/sites, If-None-Match', revalidating, `${revalidating.notModified === null ? `${revalidating.total} answered` : `${revalidating.notModified} of ${revalidating.total} answered 304`}; ${aim(revalidating)}`);
      row('GET /api/public/sites/live', liveRun, `${lSize}; ${aim(liveRun)}`);
      row('GET /api/public/proposals', proposalsRun, `${pSize}; ${aim(proposalsRun)}`);
      console.log(`  at ${process.env.SETTLE_BENCH_RATE ? 'a rate asked by SETTLE_BENCH_RATE' : 'half of hello-world\'s rate'} (${half} requests a second, open loop: each request sent when due on a free one of the ${CONNECTIONS} connections, its latency counted from when it was due; bench/open-loop.ts):`);
      const met = (r: OpenLoopResult) => `${r.errors === 0 && r.rps >= half * 0.99 && r.p99 < 50 ? 'aim met' : 'aim not met'} (every request answered at the rate, p99 under 50 ms)`;
      row('hello-world Hono server', helloRated, '');
      row('GET /api/public/sites, If-None-Match', rated.revalidating, met(rated.revalidating));
      row('GET /api/public/sites/live', rated.live, met(rated.live));
      row('GET /api/public/proposals', rated.proposals, met(rated.proposals));
      console.log(`  update to public (${writes} count updates, one every 100 ms, through another database handle; seen by a client polling every 50 ms):`);
      console.log(`    median ${pct(seen, 50).toFixed(0)} ms   p99 ${pct(seen, 99).toFixed(0)} ms   max ${Math.max(...seen).toFixed(0)} ms   (${seen.length} seen, ${pending.size} not yet seen at the end)`);
    } finally {
      writer?.kill('SIGTERM');
      await server.stop();
    }
  } finally {
    await s.close();
  }
}

console.log(`Public strike-day sites under a surge (Node ${process.version})`);
const pgDown = await probePostgres(PG_URL);
for (const dialect of (process.env.SETTLE_BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[]) {
  if (dialect === 'postgres' && pgDown) {
    console.log(`  postgres: skipped, PostgreSQL is not reachable at ${PG_URL} (${pgDown})`);
    continue;
  }
  await bench(dialect);
}
process.exit(0);
