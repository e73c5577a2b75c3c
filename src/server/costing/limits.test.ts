/**
 * The server's costing under hostile use, on both databases, through the API: a preview past
 * its deadline answers 503 costing.timeout and the next preview is costed; an organization
 * with its share of the queue waiting gets 429 with Retry-After; a preview whose client
 * disconnects is ended; a dataset with a mistake on each of 300,000 rows answers a small 422
 * with the first 200 problems and a count, and stores nothing. The slow job is a proposal at
 * the limit of 100 terms on the LAUSD demo dataset, whose first costing on a thread also loads
 * the dataset (together most of a second); the fast one, one raise on the tiny district.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { emailOf, PASSWORD, startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { lausdSpec } from '../../district/demo/lausd.ts';
import { generateDistrict } from '../../district/generate/generate.ts';
import { serializeDataset } from '../../district/serialize.ts';
import { TINY } from '../datasets/test-helpers.ts';
import { rowCounts } from '../proposals/test-world.ts';
import { costingPool } from './pool.ts';
import { checkDataset, draftYaml } from './work.ts';

const LAUSD = serializeDataset(generateDistrict(lausdSpec()));
/**
 * At the limits: 100 terms over a 10-year contract (2017-07-01 to 2027-06-30), dated in the
 * dataset's year (2018-19) so that it is costed, not refused: four class-size terms of 40 caps
 * each (one a quarter, 10 to 29 students) and 96 raises of 0.1%, one a month. On the machine
 * this was written on a thread that first loads LAUSD (0.4 s) costs it in 0.5 s, and 0.3 s once
 * warm, so every preview of it on a new thread runs well past the 300 ms deadline below.
 */
function slowest(): string {
  const month = (m: number) => `${2017 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
  const lines = ['id: slowest', 'title: At the limits', 'party: union', 'unit: UTLA', 'date: 2019-01-01', 'term: { start: 2017-07-01, end: 2027-06-30 }', 'terms:'];
  for (const [i, grades] of ['K-3', '4-6', '7-8', '9-12'].entries()) {
    const caps = Array.from({ length: 40 }, (_, p) => `{ grades: ${grades}, from: ${month(6 + p * 3)}, cap: ${10 + ((p + i) % 20)} }`);
    lines.push(`  - { kind: class-size, caps: [${caps.join(', ')}] }`);
  }
  for (let i = 0; i < 96; i++) lines.push(`  - { kind: raise, pct: 0.1, effective: ${month(6 + i)} }`);
  return `${lines.join('\n')}\n`;
}
const SLOW = slowest();
const FAST = `id: p\ntitle: Raise\nparty: district\nunit: T\ndate: 2019-03-01\nterm: { start: 2018-07-01, end: 2021-06-30 }\nterms:\n  - { kind: raise, pct: 3, effective: 2019-07-01 }\n`;

eachDatabase('costing limits through the API', (dialect) => {
  let s: TestServer;
  let admin: Client;
  let team: Client;
  const ids = { tiny: 0, lausd: 0 };
  const logs: string[] = [];
  // One thread; a preview may run 300 ms; one job may wait per organization; a job whose client leaves is ended at once.
  const pool = costingPool({ threads: 1, limits: { deadlineMs: 300, perKey: 1, cancelAfterMs: 0 }, log: (l) => logs.push(l) });

  const upload = async (name: string, files: Record<string, string>) => {
    const res = await admin.request('POST', '/api/datasets', { name, files });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    return res.body.version.id as number;
  };
  const slow = (c: Client) => c.request('POST', '/api/costings?positions=none', { yaml: SLOW, datasetVersionId: ids.lausd });
  const fast = (c: Client) => c.request('POST', '/api/costings?positions=none', { yaml: FAST, datasetVersionId: ids.tiny });

  beforeAll(async () => {
    s = await startTestServer({ dialect, costing: pool });
    admin = await s.as('district', 'admin');
    team = await s.as('teachers', 'bargaining-team');
    ids.tiny = await upload('Tiny data', TINY);
    ids.lausd = await upload('LAUSD demo', LAUSD);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    await pool.close();
  });

  it('the slow proposal is one the server costs, given the time (a refusal would answer before any deadline)', () => {
    const checked = checkDataset(LAUSD);
    if (!checked.ok) throw new Error(checked.problems[0].message);
    const costed = draftYaml(checked.value.dataset, SLOW);
    expect(costed.ok ? [] : costed.problems.map((p) => p.message)).toEqual([]);
  }, 60_000);

  it('a preview past its deadline answers 503 costing.timeout; the thread is replaced and the next preview is costed', async () => {
    const late = await slow(admin);
    expect(late.status).toBe(503);
    expect(late.body).toMatchObject({ code: 'costing.timeout', hint: expect.stringContaining('fewer terms') });
    expect(logs.some((l) => l.includes('passed its deadline of 300 ms'))).toBe(true);
    const next = await fast(admin);
    expect(next.status, JSON.stringify(next.body).slice(0, 300)).toBe(200);
  }, 60_000);

  it('an organization with a job running and its one allowed waiting gets 429 with Retry-After; another organization is served', async () => {
    const answers = await Promise.all([slow(admin), slow(admin), slow(admin), fast(team)]);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0].body).toMatchObject({ code: 'costing.busy', hint: expect.stringContaining('try again in') });
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The other two ran (and each passed its deadline); the union's preview was costed.
    expect(answers.slice(0, 3).filter((a) => a.status === 503).map((a) => a.body.code)).toEqual(['costing.timeout', 'costing.timeout']);
    expect(answers[3].status).toBe(200);
  }, 60_000);

  it('a preview whose client disconnects is ended, and the next preview is costed', async () => {
    // Signed in by hand, to send a request that can be aborted as a browser tab closing would.
    const signIn = await s.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: emailOf('district', 'negotiator'), password: PASSWORD }) });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    const { csrfToken } = (await signIn.json()) as { csrfToken: string };
    // A thread ready (the last test's may still be starting), so the slow preview starts at once.
    expect((await fast(admin)).status).toBe(200);
    const leave = new AbortController();
    const before = logs.length;
    const gone = s.app.request('/api/costings?positions=none', {
      method: 'POST', signal: leave.signal,
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ yaml: SLOW, datasetVersionId: ids.lausd }),
    });
    const settled = Promise.resolve(gone).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    leave.abort();
    await settled;
    await new Promise((r) => setTimeout(r, 50));
    expect(logs.slice(before).some((l) => l.includes('its client left'))).toBe(true);
    expect((await fast(admin)).status).toBe(200);
  }, 60_000);

  it('a dataset with a mistake on each of 300,000 rows answers 422 with the first 200 problems and a count, and stores nothing', async () => {
    const before = await rowCounts(s);
    const [header, ...rest] = TINY['staff.csv'].split('\n');
    const staff = [header, ...Array.from({ length: 300_000 }, () => 'E1,T,teacher,teachers,C1,x,1,,180,1,2017-08-15'), ...rest].join('\n');
    const res = await admin.request('POST', '/api/datasets', { name: 'Bad rows', files: { ...TINY, 'staff.csv': staff } });
    expect(res.status).toBe(422);
    // 200 listed + one counting the other 300,000 − 200 = 299,800.
    expect(res.body.problems).toHaveLength(201);
    expect(res.body.problems[200]).toMatchObject({ code: 'dataset.more-problems' });
    expect(res.body.problems[200].message).toContain('299,800');
    expect(JSON.stringify(res.body).length).toBeLessThan(100_000);
    expect(await rowCounts(s)).toEqual(before);
  }, 120_000);
});
