/**
 * The server keeps answering while a proposal is costed: costing runs on a costing thread,
 * not on the thread that answers requests. Shown with LAUSD-sized data on both databases.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { lausdSpec } from '../../district/demo/lausd.ts';
import { generateDistrict } from '../../district/generate/generate.ts';
import { serializeDataset } from '../../district/serialize.ts';
import { addDatasetVersion, raiseYaml } from './test-world.ts';

eachDatabase('answering while costing', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  }, 60_000);
  afterAll(async () => s?.close());

  it('keeps answering while a costing runs on its thread', async () => {
    // LAUSD-sized data: the costing thread first loads and validates it (about half a second),
    // then costs. Meanwhile /api/health is asked every few milliseconds; had the costing run on
    // the server's own thread, no answer could come until it ended.
    const lausd = await addDatasetVersion(s, 'district', serializeDataset(generateDistrict(lausdSpec({ scale: 1 }))), 'LAUSD-sized');
    const analyst = await s.as('district', 'budget-analyst');
    const yaml = raiseYaml(3, { party: 'district', unit: 'UTLA' });
    const started = performance.now();
    let done = 0;
    const costing = analyst.request('POST', '/api/costings', { yaml, datasetVersionId: lausd }).finally(() => (done = performance.now()));
    const answers: { at: number; ms: number }[] = [];
    while (!done) {
      const t0 = performance.now();
      const health = await s.app.request('/api/health');
      expect(health.status).toBe(200);
      answers.push({ at: t0, ms: performance.now() - t0 });
      await sleep(5);
    }
    const res = await costing;
    expect(res.status).toBe(200);
    expect(res.body.proposal.unit).toBe('UTLA');
    const during = answers.filter((a) => a.at + a.ms < done);
    // Not a timing test: the figures are printed, and the assertion is only that answers came
    // back while the costing was still running (none could, were it on this thread).
    console.log(`costing took ${Math.round(done - started)} ms; ${during.length} health answers meanwhile, slowest ${Math.round(Math.max(...during.map((a) => a.ms)))} ms`);
    expect(during.length).toBeGreaterThan(3);
  }, 60_000);
});
