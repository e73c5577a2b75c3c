/**
 * One person's burst against everyone else: a spawned `settle serve` on a copy of the demo's
 * SQLite database; one signed-in person sends N requests at once (a member's own shifts, an
 * organizer's board and a day's shift list, a union reader's dataset zip) while another client
 * asks GET /api/health every 25 ms. Prints, per burst: how long it took, the answers' statuses,
 * each request's median and max, and the health check's median, p99 and max during it (what
 * everyone else waited). Each person's requests take turns (src/server/http/fair-share.ts), so
 * the health check should wait about one turn, not the burst. Never fails on time.
 *
 *   node --import tsx bench/burst.ts [--db DEMO.sqlite] [--n 50]
 *   Without --db it makes the demo first (`settle serve --demo`, about 75 s).
 */
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { Http, spawnServer } from '../test/helpers/spawn-server.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const N = Number(arg('--n') ?? 50);
const dir = mkdtempSync(join(tmpdir(), 'settle-burst-'));
const db = join(dir, 'settle.sqlite');
const given = arg('--db');
if (given) {
  copyFileSync(given, db);
  if (existsSync(`${given}.ballot-key`)) copyFileSync(`${given}.ballot-key`, `${db}.ballot-key`);
}
const server = await spawnServer({ db, args: given ? [] : ['--demo'], timeoutMs: 600_000 });
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

try {
  const member = new Http(server.url);
  const organizer = new Http(server.url);
  const reader = new Http(server.url);
  for (const [h, email] of [[member, 'member@utla.demo'], [organizer, 'admin@utla.demo'], [reader, 'bargaining@utla.demo']] as const) {
    const r = await h.signIn(email, DEMO_PASSWORD);
    if (r.status !== 200) throw new Error(`signing in as ${email}: ${r.status}`);
  }
  const days = (await organizer.request<{ days: { id: number; date: string }[] }>('GET', '/api/pickets/days')).body.days;
  const day = days[0].id;
  const versions = (await reader.request<{ datasets: { versions: { id: number }[] }[] }>('GET', '/api/datasets')).body.datasets.flatMap((d) => d.versions);

  /** A GET on a connection of its own (fetch's pool would queue the requests in this process, not at the server). */
  const get = (path: string, cookie?: string) => new Promise<number>((resolve, reject) => {
    const q = httpGet(`${server.url}${path}`, { agent: false, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    q.on('error', reject);
  });

  /** N requests at once from one person while another client checks the server's health every 25 ms. */
  async function burst(label: string, h: Http, path: string): Promise<void> {
    const health: number[] = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        const t0 = performance.now();
        await get('/api/health');
        health.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    const each: number[] = [];
    const statuses = new Map<number, number>();
    await Promise.all(Array.from({ length: N }, async () => {
      const s = performance.now();
      const status = await get(path, h.cookie ?? undefined);
      each.push(performance.now() - s);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }));
    const wall = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
    running = false;
    await probe;
    console.log(`  ${label.padEnd(40)} ${String(N).padStart(3)} at once in ${ms(wall).padStart(5)} ms (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}); each median ${ms(pct(each, 50))} max ${ms(Math.max(...each))} ms; health meanwhile median ${ms(pct(health, 50))} p99 ${ms(pct(health, 99))} max ${ms(Math.max(...health))} ms (${health.length} checks)`);
  }

  console.log(`One person's burst against everyone else's requests (Node ${process.version}, SQLite, the demo)`);
  await burst('member: GET /api/me/pickets', member, '/api/me/pickets');
  await burst('organizer: a day\'s board', organizer, `/api/pickets/days/${day}/board`);
  await burst('organizer: a day\'s shifts', organizer, `/api/pickets/days/${day}/shifts`);
  await burst('union reader: a dataset zip', reader, `/api/dataset-versions/${versions[0].id}/files`);
} finally {
  await server.stop();
}
