// Benchmark: signing in under attack. A real `settle serve` child process on a temporary SQLite
// file; requests from chosen loopback addresses (127.0.x.y) so the throttle sees distinct clients.
// Prints:
//   - a wrong password for a real account vs an unknown email (each from a new address, each email
//     tried once): status and p50/p90 time, which should be alike;
//   - the flood: 373 unknown-email sign-ins from one client, 8 at a time: how many were
//     checked (401) and refused unchecked (429), and a real person's sign-in time from another
//     address during the flood and without it.
// Never fails on time.
//
//   node --import tsx bench/sign-in.ts [--tries 40] [--flood 373]
import { randomIds } from '../src/db/ids.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { addPerson } from '../src/server/admin.ts';
import { argon2id } from '../src/server/auth/passwords.ts';
import { spawnServer } from '../test/helpers/spawn-server.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const TRIES = arg('--tries', 40);
const FLOOD = arg('--flood', 373);
const PASSWORD = 'correct horse battery staple';
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(62)} ${value}`);

/** POST /api/session from a given local address; the status and the time to the full answer. */
function signIn(base: string, from: string, email: string, password: string): Promise<{ status: number; ms: number }> {
  const url = new URL('/api/session', base);
  const body = JSON.stringify({ email, password });
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

console.log(`settle sign-in benchmark — Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'}, ${availableParallelism()} cores; server in a child process`);
const dir = mkdtempSync(join(tmpdir(), 'settle-bench-sign-in-'));
const file = join(dir, 'settle.sqlite');
const handle = await openDatabase({ file });
await migrateToLatest(handle.db, handle.dialect);
const now = new Date();
const orgId = (await handle.db.insertInto('organizations').values({ id: randomIds.next(null), kind: 'district', name: 'Bench Unified', created_at: now.toISOString(), district_id: null, unit: null }).returning('id').executeTakeFirstOrThrow()).id;
const hash = await argon2id.hash(PASSWORD);
for (let i = 0; i < TRIES + 1; i++) await addPerson(handle.db, { organizationId: orgId, email: `person-${i}@bench.test`, name: `Person ${i}`, role: 'negotiator', passwordHash: hash, now, ids: randomIds });
await handle.close();

const server = await spawnServer({ db: file });
try {
  let n = 0;
  const fresh = () => `127.0.${1 + ((++n >> 8) % 200)}.${1 + (n % 250)}`;
  const known: { status: number; ms: number }[] = [];
  const unknown: { status: number; ms: number }[] = [];
  await signIn(server.url, fresh(), 'warm-up@bench.test', 'a wrong password'); // the dummy hash, made once
  for (let i = 0; i < TRIES; i++) {
    known.push(await signIn(server.url, fresh(), `person-${i}@bench.test`, 'a wrong password'));
    unknown.push(await signIn(server.url, fresh(), `nobody-${i}@bench.test`, 'a wrong password'));
  }
  const statuses = (xs: { status: number }[]) => [...new Set(xs.map((x) => x.status))].join(', ');
  console.log(`\nwrong password for a real account vs an unknown email (${TRIES} each, each from a new address)`);
  line('real account: statuses, p50, p90', `${statuses(known)}; ${ms(pct(known.map((x) => x.ms), 50))}, ${ms(pct(known.map((x) => x.ms), 90))}`);
  line('unknown email: statuses, p50, p90', `${statuses(unknown)}; ${ms(pct(unknown.map((x) => x.ms), 50))}, ${ms(pct(unknown.map((x) => x.ms), 90))}`);

  const real = `person-${TRIES}@bench.test`;
  const quiet: number[] = [];
  for (let i = 0; i < 10; i++) quiet.push((await signIn(server.url, '127.0.250.1', real, PASSWORD)).ms);

  console.log(`\nflood: ${FLOOD} unknown-email sign-ins from one client (127.0.251.1), 8 at a time`);
  const counts = new Map<number, number>();
  let next = 0;
  const t0 = performance.now();
  const during: number[] = [];
  let flooding = true;
  const person = (async () => {
    while (flooding) {
      during.push((await signIn(server.url, '127.0.250.2', real, PASSWORD)).ms);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < FLOOD) {
      const i = next++;
      const r = await signIn(server.url, '127.0.251.1', `stranger-${i}@bench.test`, 'password guess');
      counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    }
  }));
  const floodMs = performance.now() - t0;
  flooding = false;
  await person;
  line('answers', [...counts.entries()].sort().map(([s, c]) => `${c} × ${s}`).join(', ') + ` in ${(floodMs / 1000).toFixed(1)} s`);
  line('a real sign-in from another address, quiet: p50, max', `${ms(pct(quiet, 50))}, ${ms(Math.max(...quiet))}`);
  line(`… during the flood (${during.length} sign-ins): p50, max`, `${ms(pct(during, 50))}, ${ms(Math.max(...during))}`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
