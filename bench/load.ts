/**
 * The load generator of the GET benchmarks, one of two, named in what they print:
 *
 * - autocannon (JavaScript, in the benchmark's own process), the default: the generator every
 *   figure in docs/ was taken with. It parses every answer with a JavaScript HTTP parser on the
 *   cores the server runs on, so past about 20,000 answers a second here it measures itself as
 *   much as the server, and more so the larger the answer's headers and body.
 * - `wrk` (C, one thread; Debian's package `wrk`), with SETTLE_BENCH_LOADGEN=wrk: it spends less
 *   of the machine on itself (a hello-world server answered it 28,000-29,500 times a second, p99
 *   26-30 ms, where autocannon got 25,700-27,100, p99 46-47 ms, on one machine within minutes).
 *   But against `settle serve` its latencies here broke Little's law (a mean of 68-81 ms at 500
 *   connections and 17,800-20,300 answers a second, where no more than 500 / 20,300 s = 25 ms can
 *   be), so its tail figures are not trusted yet.
 *
 * Both keep `connections` connections open for `seconds` and send the same GET with `headers`,
 * after a warm-up of the same load for WARM_UP_SECONDS that is not counted: 500 connections opened
 * at once against a server just started left some of them waiting seconds for their first answers
 * (a hello-world server's p99 with wrk 1.8-2.5 s in two cold runs of 8 s, 20-30 ms in five after a
 * warm-up of 2 s), a figure of the start and not of the load.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

export interface LoadResult {
  /** Answers a second, the run's mean. */
  rps: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  /** Socket errors, timeouts and answers other than 2xx or 3xx. */
  errors: number;
  /** How many answers were 304 (autocannon counts them; wrk does not, and says null). */
  notModified: number | null;
}

export interface LoadRun { url: string; connections: number; seconds: number; headers?: Record<string, string> }

export type Generator = 'wrk' | 'autocannon';

/** autocannon, or wrk when SETTLE_BENCH_LOADGEN=wrk asks for it. */
export function generator(): Generator {
  const asked = process.env.SETTLE_BENCH_LOADGEN ?? 'autocannon';
  if (asked !== 'wrk' && asked !== 'autocannon') throw new Error(`SETTLE_BENCH_LOADGEN is wrk or autocannon, not ${asked}`);
  if (asked === 'wrk' && spawnSync('wrk', ['--version']).error !== undefined) throw new Error('SETTLE_BENCH_LOADGEN=wrk but wrk is not installed (apt-get install wrk)');
  return asked;
}

/** Seconds of uncounted load before each measured run. */
export const WARM_UP_SECONDS = 2;

export async function load(gen: Generator, run: LoadRun): Promise<LoadResult> {
  const once = (r: LoadRun) => (gen === 'wrk' ? wrk(r) : cannon(r));
  await once({ ...run, seconds: WARM_UP_SECONDS });
  return once(run);
}

/** wrk's "12.5ms", "980.00us", "1.02s" as milliseconds. */
function ms(t: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(t);
  if (!m) throw new Error(`wrk printed a time this cannot read: ${t}`);
  return Number(m[1]) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 } as Record<string, number>)[m[2]];
}

function wrk(run: LoadRun): Promise<LoadResult> {
  const args = ['-t1', `-c${run.connections}`, `-d${run.seconds}s`, '--latency', '--timeout', '10s'];
  for (const [k, v] of Object.entries(run.headers ?? {})) args.push('-H', `${k}: ${v}`);
  args.push(run.url);
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { timeout: (run.seconds + 30) * 1000 }, (err, out) => {
      if (err) return reject(new Error(`wrk failed: ${err.message}\n${out}`));
      const grab = (re: RegExp) => {
        const m = re.exec(out);
        if (!m) throw new Error(`wrk's report lacks ${re}:\n${out}`);
        return m;
      };
      try {
        const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
        const non = /Non-2xx or 3xx responses: (\d+)/.exec(out);
        resolve({
          rps: Number(grab(/Requests\/sec:\s+([\d.]+)/)[1]),
          total: Number(grab(/(\d+) requests in/)[1]),
          p50: ms(grab(/\s50%\s+(\S+)/)[1]),
          p99: ms(grab(/\s99%\s+(\S+)/)[1]),
          max: ms(grab(/Latency\s+\S+\s+\S+\s+(\S+)/)[1]),
          errors: (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0) + (non ? Number(non[1]) : 0),
          notModified: null,
        });
      } catch (e) {
        reject(e);
      }
    });
  });
}

interface CannonResult { requests: { average: number; total: number }; latency: { p50: number; p99: number; max: number }; errors: number; timeouts: number; non2xx: number; statusCodeStats: Record<string, { count: number }> }
type Cannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<CannonResult>;

async function cannon(run: LoadRun): Promise<LoadResult> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;
  const r = await autocannon({ url: run.url, connections: run.connections, duration: run.seconds, headers: run.headers });
  const notModified = r.statusCodeStats['304']?.count ?? 0;
  return {
    rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max,
    errors: r.errors + r.timeouts + r.non2xx - notModified, notModified,
  };
}
