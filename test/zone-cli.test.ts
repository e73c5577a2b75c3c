import { runCli } from './helpers/cli.ts';
/**
 * `settle zone` from the command line on the tiny district: files, errors, JSON, blind mode
 * (the output shows only the overlap: changing one side's limits outside it changes not a
 * byte), worker threads, and Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readDatasetFolder } from '../src/district/read-folder.ts';
import { parseProposal } from '../src/proposals/parse.ts';
import { parseSpace } from '../src/zone/space.ts';
import { planZone, scanInline } from '../src/zone/zone.ts';
import { scanParallel } from '../src/zone/workers/pool.ts';

const TINY = fileURLToPath(new URL('./fixtures/tiny-district', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/settle.js', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'settle-zone-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const f = join(tmp, name);
  writeFileSync(f, text);
  return f;
};
const proposal = (id: string, party: string, terms: string[]) =>
  [`id: ${id}`, `title: ${id}`, `party: ${party}`, 'unit: T', 'date: 2019-03-01', 'term: { start: 2019-07-01, end: 2020-06-30 }', `terms: [${terms.join(', ')}]`].join('\n') + '\n';

file('base.yaml', proposal('tiny-base', 'joint', ['{ kind: non-cost, text: Smaller classes are a shared goal }']));
file('union-latest.yaml', proposal('union-latest', 'union', ['{ kind: raise, pct: 2, effective: 2019-07-01 }', '{ kind: hire, role: nurse, phases: [{ from: 2019-07-01, count: 1 }] }']));
file('district-latest.yaml', proposal('district-latest', 'district', ['{ kind: raise, pct: 1, effective: 2019-07-01 }', '{ kind: bonus, amount: 100, paid: 2019-06-01 }']));
const SPACE = file('space.yaml', `title: Tiny zone
base: base.yaml
latest: { union: union-latest.yaml, district: district-latest.yaml }
reserve: { through: 2020-21 }
dimensions:
  - { id: raise, kind: raise, pct: [0, 1, 2], effective: 2019-07-01 }
  - { id: nurses, kind: hire, role: nurse, count: { 2019-07-01: [0, 1] } }
  - { id: bonus, kind: bonus, amount: [0, 100], paid: 2019-06-01 }
`);
// The overlap (test/zone.test.ts works it out): raise 1% or 2%, no nurse, either bonus.
const UNION = file('union.yaml', 'party: union\natLeast: { pay: 1 }\n');
const DISTRICT = file('district.yaml', 'party: district\nmaxCost: { perYear: 150000 }\n');

const run = runCli;
const zone = (...extra: string[]) => run('zone', '--district', TINY, '--space', SPACE, ...extra);

describe('settle zone', () => {
  it('prints the zone as a table, and as JSON with --json', async () => {
    const t = await zone('--union', UNION, '--district-limits', DISTRICT);
    expect(t.code).toBe(0);
    expect(t.out).toContain('feasible      4 (33.3%)');
    expect(t.out).toContain('union     pay (raise, compounded, %) below 1');
    // The reserve column names the years it tests (the space's reserve.through, 2020-21), as the cost column names its own.
    expect(t.out).toContain('Reserve test: at least 3% of expenditures, 2018-19 to 2020-21.');
    expect(t.out).toMatch(/cost 2018-19 to \d{4}-\d{2} +lowest reserve 2018-19 to 2020-21 +package/);
    const j = await zone('--union', UNION, '--district-limits', DISTRICT, '--json');
    expect(j.code).toBe(0);
    const r = JSON.parse(j.out);
    expect(r.packages).toEqual({ inGrid: 12, examined: 12, feasible: 4, infeasible: 8, complete: true });
    expect(r.base.file).toMatch(/base\.yaml$/);
    expect(r.nearest.map((n: { party: string; package: { summary: string } }) => [n.party, n.package.summary])).toEqual([['union', 'raise 2%'], ['district', 'raise 1%, bonus $100']]);
    expect(r.priorities[0].points[0].package.years[1]).toEqual({ fy: '2019-20', totalCents: 4_766_070, ongoingCents: 4_766_070, oneTimeCents: 0, reservePct: expect.any(Number), meetsReserve: true });
  });

  it('gives byte-identical output for the same inputs', async () => {
    const a = await zone('--union', UNION, '--district-limits', DISTRICT, '--json');
    const b = await zone('--union', UNION, '--district-limits', DISTRICT, '--json', '--threads', '1');
    expect(a.out).toBe(b.out);
  });

  it('refuses bad files with file:line:col and exit code 3', async () => {
    const bad = file('bad-space.yaml', 'base: base.yaml\ndimensions:\n  - { id: r, kind: raise, pct: { from: 0, to: 2, step: 0 }, effective: 2019-07-01 }\n');
    const r = await run('zone', '--district', TINY, '--space', bad);
    expect(r.code).toBe(3);
    expect(r.out).toBe('');
    expect(r.err).toContain(`${bad}:3:56 dimensions[0].pct.step: must be more than 0, got 0`);
    const lim = file('bad-limits.yaml', 'party: district\nmaxCost: { perYer: 5 }\n');
    const l = await zone('--district-limits', lim);
    expect(l.code).toBe(3);
    expect(l.err).toContain(`${lim}:2:12 maxCost.perYer: unknown field "perYer"`);
    const missing = await run('zone', '--district', TINY);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--space is required');
  });
});

describe('settle zone --blind', () => {
  const blind = async (union: string, district: string, ...extra: string[]) => (await zone('--blind', '--union', file(`u-${Math.random()}.yaml`, union), '--district-limits', file(`d-${Math.random()}.yaml`, district), ...extra)).out;
  const U = 'party: union\natLeast: { pay: 1 }\n';
  const D = 'party: district\nmaxCost: { perYear: 150000 }\n';

  it('shows the overlap and nothing about either side\'s limits', async () => {
    const out = await blind(U, D);
    expect(out).toContain('blind: only the overlap');
    expect(out).toContain('feasible      4');
    expect(out).not.toContain('Why packages fail');
    expect(out).not.toMatch(/150,000|below 1\b|district\s+cost/);
    expect(out).not.toContain('nearest a cost or reserve limit');
    const j = JSON.parse(await blind(U, D, '--json'));
    expect(j.reasons).toBeUndefined();
    expect(j.exactness.nearLimit).toBeUndefined();
    expect(JSON.stringify(j)).not.toMatch(/150000|15000000\b/);
  });

  it('is byte-identical when one side\'s limits change outside the overlap', async () => {
    for (const json of [[], ['--json']]) {
      const before = await blind(U, D, ...json);
      // The district's ceiling rises to $154,000: raise 1% + a nurse costs $154,408.70 in 2019-20, still above it.
      expect(await blind(U, 'party: district\nmaxCost: { perYear: 154000 }\n', ...json)).toBe(before);
      // A reserve margin and an ongoing-cost ceiling that no package of the overlap comes near.
      expect(await blind(U, 'party: district\nreserveMarginPct: 0.5\nmaxCost: { perYear: 150000, ongoingPerYear: 140000, total: 900000 }\n', ...json)).toBe(before);
      // The union's floor falls to 0.5%: no package has a raise between 0 and 1%.
      expect(await blind('party: union\natLeast: { pay: 0.5 }\n', D, ...json)).toBe(before);
      // The union adds a floor every package of the overlap meets.
      expect(await blind('party: union\natLeast: { pay: 1 }\natMost: { nurses: 0, bonus: 100 }\n', D, ...json)).toBe(before);
    }
    // Without --blind the same change shows (the test above has teeth).
    const a = await zone('--union', UNION, '--district-limits', file('d1.yaml', D));
    const b = await zone('--union', UNION, '--district-limits', file('d2.yaml', 'party: district\nmaxCost: { perYear: 154000 }\n'));
    expect(a.out).not.toBe(b.out);
    // And a change that moves the overlap changes the blind output too.
    expect(await blind(U, 'party: district\nmaxCost: { perYear: 90000 }\n')).not.toBe(await blind(U, D));
  });
});

describe('settle zone on worker threads', () => {
  const base = parseProposal(proposal('tiny-base', 'joint', []), 'base.yaml').proposal;
  const space = parseSpace(`base: base.yaml
dimensions:
  - { id: r17, kind: raise, pct: [0, 1, 2.5], effective: [2018-07-01, 2019-01-01], paid: 2019-03-01 }
  - { id: bonus, kind: bonus, pct: [0, 1.5], paid: 2020-03-01 }
  - { id: cs, kind: class-size, grades: K-5, reduceBy: { 2019-07-01: [0, 1, 3], 2020-07-01: [0, 2] } }
  - { id: nurses, kind: hire, role: nurse, count: { 2019-07-01: [0, 1, 2.5], 2020-07-01: [0, 1] } }
`, 'space.yaml');

  it('finds exactly what one thread finds, however the packages are split', async () => {
    const input = { dataset: readDatasetFolder(TINY), space, base, limits: {}, latest: {} };
    const { plan } = planZone(input);
    const one = await scanInline(plan);
    const many = await scanParallel(plan, { threads: 2, chunk: 37 });
    expect(many.examined).toBe(space.size);
    expect(many.feasible).toBe(one.feasible);
    expect([...many.fails]).toEqual([...one.fails]);
    expect(many.frontIndex.map((a) => [...a])).toEqual(one.frontIndex.map((a) => [...a]));
    expect(many.samples).toEqual(one.samples);
    expect([many.cheapest, many.dearest]).toEqual([one.cheapest, one.dearest]);
  }, 60_000);
});

describe('settle zone and Ctrl-C', () => {
  it('stops the scan and prints what was found so far', async () => {
    // About 10^9 packages: minutes of scanning, stopped after it starts.
    const big = file('big-space.yaml', `base: base.yaml
dimensions:
  - { id: raise, kind: raise, pct: { from: 0, to: 4.5, step: 0.5 }, effective: 2019-07-01 }
  - { id: nurses, kind: hire, role: nurse, count: { 2019-07-01: { from: 0, to: 99, step: 1 } } }
  - { id: teachers, kind: hire, role: teacher, count: { 2019-07-01: { from: 0, to: 99, step: 1 } } }
  - { id: aides, kind: hire, unit: C, role: assistant, count: { 2019-07-01: { from: 0, to: 99, step: 1 } } }
  - { id: bonus, kind: bonus, amount: { from: 0, to: 99, step: 1 }, paid: 2019-06-01 }
`);
    const child = spawn(process.execPath, [BIN, 'zone', '--district', TINY, '--space', big, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    const started = new Promise<void>((resolve) => child.stderr.on('data', (d) => {
      err += d;
      if (err.includes('Ctrl-C stops')) resolve();
    }));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await started;
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGINT');
    const code = await exited;
    expect(err).toContain('Stopping');
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.packages.complete).toBe(false);
    expect(r.packages.inGrid).toBe(1_000_000_000);
    expect(r.packages.examined).toBeGreaterThan(0);
    expect(r.packages.examined).toBeLessThan(1_000_000_000);
    expect(r.packages.feasible).toBe(r.packages.examined - r.packages.infeasible);
    expect(r.cheapest).not.toBeNull();
  }, 120_000);
});
