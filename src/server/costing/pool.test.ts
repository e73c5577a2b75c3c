/**
 * The costing threads under load, with real threads and real datasets (the tiny fixture, and
 * the LAUSD demo whose validation takes about half a second, for jobs that are slow for sure):
 * organizations take turns; a job past its deadline is ended and its thread replaced; a job
 * whose client leaves is dropped or ended; a full share is refused with 429 and Retry-After.
 * No figure here is a time: only orders and outcomes.
 */
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { lausdSpec } from '../../district/demo/lausd.ts';
import { generateDistrict } from '../../district/generate/generate.ts';
import { serializeDataset } from '../../district/serialize.ts';
import { ApiError } from '../errors.ts';
import { TINY } from '../datasets/test-helpers.ts';
import { costingPool, type CostingService, type PoolLimits } from './pool.ts';
import { inScope } from './scope.ts';

const gz = (files: Record<string, string>) => new Uint8Array(gzipSync(JSON.stringify(files)));
const tinyGz = gz(TINY);
let lausdGz: Uint8Array | null = null;
const lausd = () => (lausdGz ??= gz(serializeDataset(generateDistrict(lausdSpec()))));

const raise = `id: p\ntitle: Raise\nparty: union\nunit: T\ndate: 2019-03-01\nterm: { start: 2018-07-01, end: 2021-06-30 }\nterms:\n  - { kind: raise, pct: 3, effective: 2019-07-01 }\n`;

let pool: CostingService | null = null;
/** A pool of one thread, started and warm: its first job below is running as soon as it is submitted. */
async function start(limits: Partial<PoolLimits> = {}): Promise<CostingService> {
  pool = costingPool({ threads: 1, limits });
  await inScope({ key: 'warm-up' }, () => pool!.cost({ datasetVersionId: 1, yaml: raise, loadFiles: async () => tinyGz }));
  return pool;
}
afterEach(async () => {
  await pool?.close();
  pool = null;
});

const costTiny = (p: CostingService, key: string, signal?: AbortSignal) =>
  inScope({ key, signal }, () => p.cost({ datasetVersionId: 1, yaml: raise, loadFiles: async () => tinyGz }));
/** Validating the LAUSD demo: slow (its staff file has tens of thousands of rows). */
const checkLausd = (p: CostingService, key: string, signal?: AbortSignal) => inScope({ key, signal }, () => p.checkDataset(lausd()));

const failure = async (job: Promise<unknown>) => {
  try {
    await job;
  } catch (e) {
    return e;
  }
  throw new Error('the job succeeded');
};

describe('costing pool', () => {
  it('organizations take turns: B’s one job runs right after the job of A’s already running, not after A’s flood', async () => {
    const p = await start();
    const order: string[] = [];
    const track = (name: string, job: Promise<unknown>) => job.then(() => order.push(name));
    // A queues four validations; the first starts at once on the one thread, three wait.
    const a = Array.from({ length: 4 }, (_, i) => track(`A${i + 1}`, checkLausd(p, 'org:A')));
    const b = track('B1', costTiny(p, 'org:B'));
    await Promise.all([...a, b]);
    expect(order).toEqual(['A1', 'B1', 'A2', 'A3', 'A4']);
  }, 120_000);

  it('with two threads, an organization runs one job at a time, so the other thread is free for another organization', async () => {
    pool = costingPool({ threads: 2 });
    const p = pool;
    // Both threads ready, each with the tiny district loaded.
    await Promise.all([costTiny(p, 'warm-1'), costTiny(p, 'warm-2')]);
    const order: string[] = [];
    const track = (name: string, job: Promise<unknown>) => job.then(() => order.push(name));
    const a = Array.from({ length: 3 }, (_, i) => track(`A${i + 1}`, checkLausd(p, 'org:A')));
    const b = track('B1', costTiny(p, 'org:B'));
    await Promise.all([...a, b]);
    // A's jobs run one after another on one thread; B's runs at once on the other and ends first.
    expect(order).toEqual(['B1', 'A1', 'A2', 'A3']);
  }, 120_000);

  it('a job past its deadline answers 503 costing.timeout; its thread is replaced and the next job is costed', async () => {
    const p = await start({ checkDeadlineMs: 50 });
    const e = await failure(checkLausd(p, 'org:A'));
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(503);
    expect((e as ApiError).body).toMatchObject({ code: 'costing.timeout', hint: expect.any(String) });
    const next = await costTiny(p, 'org:A');
    // The tiny district's 3% raise from 2019-07-01 costs something in 2019-20 (terms.test.ts has the figures).
    expect(next.ok && next.value.years.find((y) => y.fy === '2019-20')!.totalCents).toBeGreaterThan(0);
  }, 120_000);

  it('a roster job past its own deadline answers 503 costing.timeout naming the roster; its thread is replaced', async () => {
    const p = await start({ rosterDeadlineMs: 50 });
    // 100,000 rows (the most a roster may have): reading and planning them takes well over 50 ms.
    const big = new TextEncoder().encode(['Member ID,Name', ...Array.from({ length: 100_000 }, (_, i) => `${i},Member ${i}`)].join('\n'));
    const job = (bytes: Uint8Array) => inScope({ key: 'org:A' }, () => p.roster({ file: { name: 'm.csv', bytes }, mapping: null, removeMissing: true, roster: [], sites: [], withPlan: false }));
    const e = await failure(job(big));
    expect((e as ApiError).status).toBe(503);
    expect((e as ApiError).body).toMatchObject({ code: 'costing.timeout', message: expect.stringMatching(/^reading the roster file .* longer than 0 seconds/) });
    // Its thread was replaced: the next job (a costing, under its own 30 s deadline) is answered.
    const next = await costTiny(p, 'org:A');
    expect(next.ok).toBe(true);
  }, 120_000);

  it('a waiting job whose client leaves is dropped (503 costing.cancelled) and never runs; the running one finishes', async () => {
    const p = await start();
    const first = checkLausd(p, 'org:A');
    const leave = new AbortController();
    const second = costTiny(p, 'org:A', leave.signal);
    leave.abort();
    const e = await failure(second);
    expect((e as ApiError).body.code).toBe('costing.cancelled');
    expect((await first).ok).toBe(true);
  }, 120_000);

  it('a running job whose client leaves is ended once it has run cancelAfterMs, and the next job is costed', async () => {
    const p = await start({ cancelAfterMs: 0 });
    const leave = new AbortController();
    const running = checkLausd(p, 'org:A', leave.signal);
    // Let it start on the thread, then leave.
    await new Promise((r) => setTimeout(r, 50));
    leave.abort();
    expect(((await failure(running)) as ApiError).body.code).toBe('costing.cancelled');
    expect((await costTiny(p, 'org:A')).ok).toBe(true);
  }, 120_000);

  it('an organization with its share waiting gets 429 with Retry-After; another organization is still taken', async () => {
    const p = await start({ perKey: 2 });
    const running = checkLausd(p, 'org:A');
    const waiting = [checkLausd(p, 'org:A'), checkLausd(p, 'org:A')];
    const e = await failure(checkLausd(p, 'org:A'));
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(429);
    expect((e as ApiError).body.code).toBe('costing.busy');
    expect(Number((e as ApiError).headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    const other = costTiny(p, 'public');
    expect((await other).ok).toBe(true);
    await Promise.all([running, ...waiting]);
  }, 120_000);

  it('the whole queue has a bound too: past it, every key gets 429', async () => {
    const p = await start({ perKey: 5, total: 2 });
    // One running, two waiting: the queue is full.
    const jobs = [checkLausd(p, 'org:A'), checkLausd(p, 'org:B'), checkLausd(p, 'org:C')];
    const e = await failure(checkLausd(p, 'org:D'));
    expect((e as ApiError).status).toBe(429);
    expect((e as ApiError).body.message).toContain('the server');
    await Promise.all(jobs);
  }, 120_000);
});
