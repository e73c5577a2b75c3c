/**
 * The closed-loop load generators the check-in benchmark runs (bench/checkins.ts): wrk (C, from
 * Debian's package `wrk`) where it is installed, else autocannon (Node, from npm). On a machine of
 * two cores the generator shares the cores with the server it measures, so its own CPU per
 * request is taken from the server's: measured on the same machine, autocannon used 49–66 µs of
 * CPU a request and wrk 18 µs (a hello-world GET), which is the difference between a server
 * that two cores allow 6,000 check-ins a second and one they allow 8,000. Both report the same
 * figures: requests, answers counted good by the caller's rule, errors, latency (median, p99,
 * max) and the generator's CPU seconds.
 *
 * SETTLE_BENCH_LOADGEN=autocannon|wrk chooses; by default wrk when `wrk -v` runs.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export interface LoadResult {
  generator: 'wrk' | 'autocannon';
  requests: number;
  /** Answers the caller counts good (check-ins: 200 with `recorded`; hello-world: any 2xx). */
  good: number;
  other: number;
  errors: number;
  timeouts: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU seconds the generator used (user + system). */
  cpu: number;
}

interface Histogram { average: number; p50: number; p90: number; p99: number; max: number }
interface CannonResult { requests: Histogram & { total: number }; latency: Histogram; errors: number; timeouts: number; non2xx: number; duration: number }
export interface CannonRequest { method: string; path: string; headers: Record<string, string>; body: string }
type Cannon = (opts: { url: string; connections: number; duration: number; requests: { setupRequest: (r: CannonRequest) => CannonRequest }[] }) => Promise<CannonResult>;

export const generator: 'wrk' | 'autocannon' = (() => {
  const asked = process.env.SETTLE_BENCH_LOADGEN;
  if (asked === 'wrk' || asked === 'autocannon') return asked;
  if (asked) throw new Error(`SETTLE_BENCH_LOADGEN must be wrk or autocannon, not ${JSON.stringify(asked)}`);
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  return probe.error ? 'autocannon' : 'wrk';
})();

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));

/**
 * Runs wrk with `script` and its arguments; the script's done() prints `WRK {json}` (bench/wrk-report.lua's
 * fields). The generator's CPU is read from the shell's `times` (its children's user and system time).
 */
function runWrk(url: string, o: { connections: number; seconds: number; script: string; args?: string[] }): Promise<LoadResult> {
  const threads = 2;
  const quoted = [`-t${threads}`, `-c${o.connections}`, `-d${o.seconds}s`, '--timeout', '10s', '-s', o.script, url, '--', ...(o.args ?? [])].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', `wrk ${quoted}; status=$?; times; exit $status`], { maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`wrk failed: ${err.message}\n${stderr}${stdout}`));
      const line = /^WRK (\{.*\})$/m.exec(stdout);
      // `times` prints the shell's user and system time, then its children's.
      const times = [...stdout.matchAll(/(\d+)m([\d.]+)s (\d+)m([\d.]+)s/g)].at(-1);
      if (!line || !times) return reject(new Error(`wrk printed no report:\n${stdout}${stderr}`));
      const r = JSON.parse(line[1]) as Record<string, number>;
      const cpu = 60 * Number(times[1]) + Number(times[2]) + 60 * Number(times[3]) + Number(times[4]);
      resolve({
        generator: 'wrk', requests: r.requests, good: r.recorded, other: r.other,
        errors: r.connectErrors + r.readErrors + r.writeErrors, timeouts: r.timeouts, seconds: r.durationUs / 1e6,
        p50: r.p50Us / 1000, p99: r.p99Us / 1000, max: r.maxUs / 1000, cpu,
      });
    });
  });
}

async function runCannon(url: string, o: { connections: number; seconds: number; setup: (r: CannonRequest) => CannonRequest; good?: (body: string) => boolean }): Promise<LoadResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;
  const cpu0 = process.cpuUsage();
  const r = await autocannon({ url, connections: o.connections, duration: o.seconds, requests: [{ setupRequest: o.setup }] });
  const used = process.cpuUsage(cpu0);
  const good = r.requests.total - r.non2xx;
  return {
    generator: 'autocannon', requests: r.requests.total, good, other: r.non2xx, errors: r.errors, timeouts: r.timeouts, seconds: r.duration,
    p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, cpu: (used.user + used.system) / 1e6,
  };
}

/** GET `path` of a server, as fast as `connections` allow (the yardstick). */
export function getLoad(url: string, o: { connections: number; seconds: number; path?: string }): Promise<LoadResult> {
  const path = o.path ?? '/';
  if (generator === 'wrk') return runWrk(`${url}${path}`, { ...o, script: here('./wrk-report.lua') });
  return runCannon(url, { ...o, setup: (r) => ({ ...r, method: 'GET', path }) });
}

/**
 * Check-ins, one per request: with wrk, bench/checkins.lua makes them from the members and codes
 * files (their lines as that script reads them); with autocannon, `next` makes each request.
 */
export function checkInLoad(url: string, o: {
  connections: number; seconds: number; run: string; membersFile: string; codesFile: string;
  next: () => { body: string; cookie: string; csrf: string };
}): Promise<LoadResult> {
  if (generator === 'wrk') return runWrk(url, { ...o, script: here('./checkins.lua'), args: [o.membersFile, o.codesFile, o.run, '2'] });
  return runCannon(url, {
    ...o,
    setup: (r) => {
      const a = o.next();
      return { ...r, method: 'POST', path: '/api/pickets/check-ins', body: a.body, headers: { 'content-type': 'application/json', cookie: a.cookie, 'x-csrf-token': a.csrf } };
    },
  });
}
