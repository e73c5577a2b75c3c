/**
 * `npm run fuzz`: every route's bad input (test/helpers/fuzz.ts, the same generators and
 * checks as test/bad-input.test.ts) at 100,000 inputs or more per database. Every answer must
 * be a refusal in the one error shape; the summary counts what was not: accepted, answered
 * 5xx, rows changed. Exit code 0 when all three are 0 on every database, 1 otherwise.
 *
 *   npm run fuzz                                  # SQLite and PostgreSQL, 100,000 inputs each
 *   npm run fuzz -- --db sqlite --inputs 20000    # one database, fewer inputs
 *   npm run fuzz -- --seed 7 --route proposals    # another seed; routes whose key contains "proposals"
 *
 * A progress line goes to stderr; the per-route counts and the summary to stdout.
 */
import { parseArgs } from 'node:util';
import type { SqlDialect } from '../src/db/connect.ts';
import { probePostgres, PG_URL } from '../test/helpers/databases.ts';
import { createFuzzWorld, runCategory, SEED, type Category, type Tally } from '../test/helpers/fuzz.ts';
import { routeKey, SPEC_ROUTES, type SpecRoute } from '../test/helpers/security.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    seed: { type: 'string', default: String(SEED) },
    inputs: { type: 'string', default: '100000' },
    route: { type: 'string' },
  },
});

const seed = Number(values.seed);
const target = Number(values.inputs);
if (!Number.isInteger(seed) || !Number.isInteger(target) || target < 1) {
  console.error('settle fuzz: --seed and --inputs take whole numbers, e.g. --seed 20260115 --inputs 100000');
  process.exit(2);
}
const dialects: SqlDialect[] = values.db === 'both' ? ['sqlite', 'postgres'] : values.db === 'sqlite' || values.db === 'postgres' ? [values.db] : [];
if (dialects.length === 0) {
  console.error(`settle fuzz: --db takes sqlite, postgres or both, got ${JSON.stringify(values.db)}`);
  process.exit(2);
}
const routes = SPEC_ROUTES.filter((r) => !values.route || routeKey(r).includes(values.route));

/** Expensive categories (a password hashed, files imported per input) are multiplied ten times less. */
const EXPENSIVE_SHARE = 10;

/** How many times each category's sample size to run so the routes reach `target` inputs in all. */
function factorFor(plan: { cat: Category }[]): number {
  let fixed = 0;
  let scaled = 0;
  for (const { cat } of plan) {
    if (cat.fixed) fixed += cat.runs;
    else scaled += cat.expensive ? cat.runs / EXPENSIVE_SHARE : cat.runs;
  }
  return Math.max(1, Math.ceil((target - fixed) / scaled));
}

const runsOf = (cat: Category, factor: number) => (cat.fixed ? cat.runs : Math.max(cat.runs, Math.round((cat.runs * factor) / (cat.expensive ? EXPENSIVE_SHARE : 1))));

interface Totals { inputs: number; accepted: number; serverErrors: number; rowsChanged: number; failures: string[]; seconds: number }

async function fuzz(dialect: SqlDialect): Promise<Totals> {
  const started = Date.now();
  const w = await createFuzzWorld(dialect);
  try {
    if (w.setupErrors.length > 0) throw new Error(`setup failed on ${dialect}:\n  ${w.setupErrors.join('\n  ')}`);
    const plan: { route: SpecRoute; cat: Category }[] = routes.flatMap((route) => w.categories(route).map((cat) => ({ route, cat })));
    const factor = factorFor(plan);
    const planned = plan.reduce((n, p) => n + runsOf(p.cat, factor), 0);
    const totals: Totals = { inputs: 0, accepted: 0, serverErrors: 0, rowsChanged: 0, failures: [], seconds: 0 };
    const perRoute = new Map<string, number>();
    const perRouteMs = new Map<string, number>();
    let lastProgress = 0;
    const progress = (key: string, force = false) => {
      const now = Date.now();
      if (!force && now - lastProgress < 2000) return;
      lastProgress = now;
      const line = `[${dialect}] ${totals.inputs}/${planned} inputs · ${key} · accepted ${totals.accepted} · 5xx ${totals.serverErrors} · rows changed ${totals.rowsChanged} · ${Math.round((now - started) / 1000)} s`;
      process.stderr.write(process.stderr.isTTY ? `\r${line.padEnd(140).slice(0, 140)}` : `${line}\n`);
    };
    for (const { route, cat } of plan) {
      const key = routeKey(route);
      const base = { ...totals };
      const catStart = Date.now();
      const t: Tally = await runCategory(w, route, cat, {
        seed,
        runs: runsOf(cat, factor),
        onInput: (now) => {
          totals.inputs = base.inputs + now.tried;
          totals.accepted = base.accepted + now.accepted;
          totals.serverErrors = base.serverErrors + now.serverErrors;
          totals.rowsChanged = base.rowsChanged + now.rowsChanged;
          progress(key);
        },
      });
      perRoute.set(key, (perRoute.get(key) ?? 0) + t.tried);
      perRouteMs.set(key, (perRouteMs.get(key) ?? 0) + Date.now() - catStart);
      totals.failures.push(...t.failures.map((f) => `${key} ${f}`));
    }
    progress('done', true);
    if (process.stderr.isTTY) process.stderr.write('\n');
    totals.seconds = Math.round((Date.now() - started) / 1000);
    console.log(`fuzz on ${dialect} (seed ${seed}, ${factor}× the test's sample): inputs per route`);
    for (const r of routes) console.log(`  ${String(perRoute.get(routeKey(r)) ?? 0).padStart(7)}  ${routeKey(r)}  (${Math.round((perRouteMs.get(routeKey(r)) ?? 0) / 1000)} s)`);
    console.log(`  ${String(totals.inputs).padStart(7)}  in all, ${totals.seconds} s`);
    return totals;
  } finally {
    await w.close();
  }
}

console.log(`fuzz: seed ${seed}, at least ${target} inputs per database on ${dialects.join(' and ')}${values.route ? `, routes matching ${JSON.stringify(values.route)}` : ''}`);
const results: [SqlDialect, Totals][] = [];
for (const dialect of dialects) {
  if (dialect === 'postgres') {
    const down = await probePostgres();
    if (down) {
      console.error(`settle fuzz: PostgreSQL is not reachable at ${PG_URL} (${down}); set SETTLE_TEST_DATABASE_URL or run with --db sqlite`);
      process.exit(2);
    }
  }
  results.push([dialect, await fuzz(dialect)]);
}
for (const [dialect, t] of results) {
  for (const f of t.failures.slice(0, 20)) console.log(`  ✗ [${dialect}] ${f}`);
}
const summary = results.map(([d, t]) => `${d}: ${t.inputs} inputs, ${t.accepted} accepted, ${t.serverErrors} answered 5xx, ${t.rowsChanged} changed rows`).join(' · ');
console.log(`fuzz summary (seed ${seed}) · ${summary}`);
const bad = results.some(([, t]) => t.accepted + t.serverErrors + t.rowsChanged + t.failures.length > 0);
process.exit(bad ? 1 : 0);
