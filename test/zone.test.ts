/**
 * The settlement zone on the tiny district (test/helpers/tiny.ts has the fixture at a glance).
 * Every expected figure is worked out by hand below from the fixture and docs/costing.md.
 *
 * Space: a raise of 0, 1 or 2% from 2019-07-01; 0 or 1 nurse hired from 2019-07-01; a bonus of
 * $0 or $100 paid 2019-06-01. Base proposal: a contract term 2019-07-01 to 2020-06-30 with no
 * costed terms, so the years costed are 2018-19 to 2021-22.
 *
 *   raise 1% (unit T, 2019-20 pay 4,022,000, later 4,034,000; statutory 18.5% from 2019-07-01):
 *     2019-20 40,220.00 + 7,440.70 = 47,660.70;  2020-21 and 2021-22 40,340.00 + 7,462.90 = 47,802.90
 *     over the four years 0 + 47,660.70 + 2 × 47,802.90 = 143,266.50
 *   raise 2%: 95,321.40, then 95,605.80 a year; 286,533.00 in all
 *   one nurse (N step 1 80,000 in 2019-20, step 2 82,000 later; statutory 18.5%; health 11,000):
 *     2019-20 80,000 + 14,800 + 11,000 = 105,800.00;  later 82,000 + 15,170 + 11,000 = 108,170.00
 *   the raise on the nurse: 1% 800 + 148 = 948.00, then 820 + 151.70 = 971.70
 *   bonus $100 × 69 unit-T staff in post on 2019-06-01 (2018-19, statutory 17.5%) = 6,900 + 1,207.50 = 8,107.50
 *
 * Limits: the district's cost at most $150,000 in any year; the union's raise at least 1%.
 *   raise 1% + nurse costs 47,660.70 + 105,800 + 948 = 154,408.70 in 2019-20: over the ceiling;
 *   raise 2% + nurse more still; so the zone is raise 1% or 2%, no nurse, either bonus: 4 of 12.
 *   Every package with the nurse and a raise fails the ceiling in 2019-20, 2020-21 and 2021-22
 *   (4 packages); every package without a raise fails the union's floor (4 packages).
 * Reserve (3%, tested 2018-19 to 2020-21): 2020-21 leaves 1,700,000 − 500,000 − 3% × 21,600,000
 *   = 552,000 of room for the cumulative cost (and 3% of that year's), which no package uses up.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../src/errors/problem.ts';
import { parseProposal } from '../src/proposals/parse.ts';
import type { Proposal } from '../src/proposals/types.ts';
import { emptyFound, makeEvaluator } from '../src/zone/evaluate.ts';
import { decode, encode, packageProposal } from '../src/zone/grid.ts';
import { parseLimits, type Limits } from '../src/zone/limits.ts';
import { parseSpace } from '../src/zone/space.ts';
import { zoneTable } from '../src/zone/table.ts';
import { finishZone, planZone, scanInline, type ZoneResult } from '../src/zone/zone.ts';
import { tiny, usd } from './helpers/tiny.ts';

const proposalText = (id: string, party: string, terms: string[]) =>
  [`id: ${id}`, `title: ${id}`, `party: ${party}`, 'unit: T', 'date: 2019-03-01', 'term: { start: 2019-07-01, end: 2020-06-30 }', 'terms:', ...(terms.length ? terms.map((t) => `  - ${t}`) : ['  []'])].join('\n').replace('terms:\n  []', 'terms: []') + '\n';
const prop = (id: string, party: string, terms: string[]): Proposal => parseProposal(proposalText(id, party, terms), `${id}.yaml`).proposal;

export const TINY_SPACE = `base: base.yaml
reserve: { through: 2020-21 }
dimensions:
  - { id: raise, kind: raise, pct: [0, 1, 2], effective: 2019-07-01 }
  - { id: nurses, kind: hire, role: nurse, count: { 2019-07-01: [0, 1] } }
  - { id: bonus, kind: bonus, amount: [0, 100], paid: 2019-06-01 }
`;

function setup(opts: { union?: string; district?: string; space?: string } = {}) {
  const base = prop('tiny-base', 'joint', ['{ kind: non-cost, text: Smaller classes are a shared goal }']);
  const latest = {
    union: prop('union-latest', 'union', ['{ kind: raise, pct: 2, effective: 2019-07-01 }', '{ kind: hire, role: nurse, phases: [{ from: 2019-07-01, count: 1 }] }']),
    district: prop('district-latest', 'district', ['{ kind: raise, pct: 1, effective: 2019-07-01 }', '{ kind: bonus, amount: 100, paid: 2019-06-01 }']),
  };
  const limits: { union?: Limits; district?: Limits } = {
    union: parseLimits(opts.union ?? 'party: union\natLeast: { pay: 1 }\n', 'union-limits.yaml', 'union'),
    district: parseLimits(opts.district ?? 'party: district\nmaxCost: { perYear: 150000 }\n', 'district-limits.yaml', 'district'),
  };
  const space = parseSpace(opts.space ?? TINY_SPACE, 'space.yaml');
  return { dataset: tiny(), space, base, limits, latest };
}

async function zone(opts: Parameters<typeof setup>[0] & { blind?: boolean } = {}): Promise<ZoneResult> {
  const input = setup(opts);
  const built = planZone(input);
  const found = await scanInline(built.plan);
  return finishZone(input, built, found, { blind: opts.blind ?? false, baseFile: 'base.yaml', latestFiles: { union: 'union.yaml', district: 'district.yaml' } });
}

describe('settle zone on the tiny district (figures by hand)', () => {
  it('counts the packages examined and feasible, and why the rest fail', async () => {
    const r = await zone();
    expect(r.years).toEqual(['2018-19', '2019-20', '2020-21', '2021-22']);
    expect(r.packages).toEqual({ inGrid: 12, examined: 12, feasible: 4, infeasible: 8, complete: true });
    expect(r.reasons).toEqual([
      { source: 'district', check: 'cost in 2019-20 above $150,000', packages: 4 },
      { source: 'district', check: 'cost in 2020-21 above $150,000', packages: 4 },
      { source: 'district', check: 'cost in 2021-22 above $150,000', packages: 4 },
      { source: 'union', check: 'pay (raise, compounded, %) below 1', packages: 4 },
    ]);
  });

  it('reports the frontier of cost against pay, each point costed in full', async () => {
    const r = await zone();
    const pay = r.priorities.find((p) => p.priority === 'pay');
    expect(pay?.points.map((p) => [p.level, p.package.summary, p.package.costCents])).toEqual([
      [1, 'raise 1%', usd(143_266.5)],
      [2, 'raise 2%', usd(286_533)],
    ]);
    expect(pay?.points[0].package.years.map((y) => y.totalCents)).toEqual([0, usd(47_660.7), usd(47_802.9), usd(47_802.9)]);
    expect(pay?.cheapest?.package.summary).toBe('raise 2%');
    // Support staff: no package with the nurse is feasible, so the frontier is the cheapest package at 0.
    const staff = r.priorities.find((p) => p.priority === 'support-staff');
    expect(staff?.points.map((p) => [p.level, p.package.summary])).toEqual([[0, 'raise 1%']]);
  });

  it('finds the feasible package nearest each side\'s latest proposal', async () => {
    const r = await zone();
    // Union: raise 2% and a nurse, outside the zone; nearest is raise 2% without the nurse (distance 1 on the nurse axis).
    expect(r.nearest[0]).toMatchObject({ party: 'union', distance: 1, package: { summary: 'raise 2%' } });
    expect(r.nearest[0].proposal.costCents).toBe(usd(95_321.4 + 2 * 95_605.8 + 105_800 + 2 * 108_170 + 1_896 + 2 * (1_640 + 303.4)));
    // District: raise 1% and a $100 bonus is itself a package of the zone.
    expect(r.nearest[1]).toMatchObject({ party: 'district', distance: 0, package: { summary: 'raise 1%, bonus $100', costCents: usd(143_266.5 + 8_107.5) } });
  });

  it('gives the cheapest and dearest feasible packages and a seeded sample', async () => {
    const r = await zone();
    expect(r.cheapest?.summary).toBe('raise 1%');
    expect(r.dearest).toMatchObject({ summary: 'raise 2%, bonus $100', costCents: usd(286_533 + 8_107.5) });
    expect(r.samples.map((s) => s.summary).sort()).toEqual(['raise 1%', 'raise 1%, bonus $100', 'raise 2%', 'raise 2%, bonus $100']);
    expect(r.exactness).toMatchObject({ evaluator: 'exact' });
    expect(r.exactness.reportedMatching).toBe(r.exactness.reportedPackages);
  });

  it('applies the reserve test exactly as the engine does, with a margin', async () => {
    // 2020-21 (the tightest year): (1,700,000 − cumulative cost − 500,000) × 100 ≥ (3 + margin) × (21,600,000 + cost that year).
    // The dearest package, raise 2% + nurse + bonus: cumulative 8,107.50 + 203,017.40 + 205,719.20 = 416,844.10,
    // and 205,719.20 in 2020-21. Without the bonus: 408,736.60.
    const open = { union: 'party: union\n', district: 'party: district\n' };
    expect((await zone(open)).packages.feasible).toBe(12);
    // Margin 0.5: 1,200,000 − 416,844.10 = 783,155.90 ≥ 3.5% × 21,805,719.20 = 763,200.17: all feasible.
    expect((await zone({ ...open, district: 'party: district\nreserveMarginPct: 0.5\n' })).packages.feasible).toBe(12);
    // Margin 0.6: 3.6% × 21,805,719.20 = 785,005.89 > 783,155.90, but 1,200,000 − 408,736.60 = 791,263.40 passes.
    const six = await zone({ ...open, district: 'party: district\nreserveMarginPct: 0.6\n' });
    expect(six.packages.feasible).toBe(11);
    expect(six.reasons).toEqual([{ source: 'district', check: 'reserve in 2020-21 below 3% + 0.6% of expenditures', packages: 1 }]);
    // Margin 0.7: 3.7% × 21,805,719.20 = 806,811.61 > 791,263.40: both fail; raise 1% + nurse + bonus
    // (cumulative 319,460.80: 880,539.20 ≥ 3.7% × 21,756,944.60 = 805,006.95) does not.
    expect((await zone({ ...open, district: 'party: district\nreserveMarginPct: 0.7\n' })).packages.feasible).toBe(10);
  });

  it('prints a table with every section', async () => {
    const text = zoneTable(await zone());
    expect(text).toContain('feasible      4 (33.3%)');
    expect(text).toContain('Why packages fail');
    expect(text).toContain('Frontier: cost against pay (raise, compounded)');
    expect(text).toContain('nearest (distance 0): raise 1%, bonus $100 — $151,374');
    expect(text).toContain('exact to the cent');
  });
});

describe('packages and the grid', () => {
  it('numbers packages like nested loops: raises outermost, then positions, then bonuses', () => {
    const { space, base } = setup();
    // Axes: raise (3), nurses (2), bonus (2). The bonus changes fastest, then the nurses, then the raise.
    expect(decode(space, 0)).toEqual([0, 0, 0]);
    expect(decode(space, 1)).toEqual([0, 0, 1]);
    expect(decode(space, 2)).toEqual([0, 1, 0]);
    expect(decode(space, 11)).toEqual([2, 1, 1]);
    for (let i = 0; i < space.size; i++) expect(encode(space, decode(space, i))).toBe(i);
    const p = packageProposal(space, base, 11);
    expect(p.terms.map((t) => t.kind)).toEqual(['non-cost', 'raise', 'hire', 'bonus']);
    expect(p.terms[1]).toMatchObject({ id: 'raise', pct: 2, effective: '2019-07-01', unit: 'T' });
    // Zero values add no term.
    expect(packageProposal(space, base, 0).terms.map((t) => t.kind)).toEqual(['non-cost']);
  });

  it('adds each year\'s class-size reduction to the years before, and replaces the base term with the same id', () => {
    const space = parseSpace(`base: b.yaml
dimensions:
  - { id: cs, kind: class-size, grades: 4-5, highNeedExtra: 1, reduceBy: { 2019-07-01: [0, 1], 2020-07-01: [0, 2] } }
`, 's.yaml');
    const base = prop('b', 'joint', ['{ id: cs, kind: class-size, caps: [{ grades: K-3, from: 2019-07-01, reduceBy: 1 }] }']);
    const p = packageProposal(space, base, 3);
    expect(p.terms).toHaveLength(1);
    expect(p.terms[0]).toMatchObject({ kind: 'class-size', caps: [{ grades: ['4', '5'], from: '2019-07-01', reduceBy: 1, highNeedReduceBy: 2 }, { grades: ['4', '5'], from: '2020-07-01', reduceBy: 3, highNeedReduceBy: 4 }] });
    expect(space.axes.map((a) => a.id)).toEqual(['cs@2019-20', 'cs@2020-21']);
  });

  it('stops a scan when the stop flag is set, keeping what it examined', async () => {
    const { plan } = planZone(setup());
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const found = await scanInline(plan, { chunk: 5, stop, onProgress: () => Atomics.store(stop, 0, 1) });
    expect(found.examined).toBe(5);
    const ev = makeEvaluator(plan);
    const rest = emptyFound(plan);
    ev.scan(5, 12, rest);
    expect(found.feasible + rest.feasible).toBe(4);
  });
});

describe('space and limits files', () => {
  const problems = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      if (e instanceof InvalidInput) return e.problems.map((p) => `${p.where?.file}:${p.where?.line}:${p.where?.col} ${p.where?.field}: ${p.message} [${p.code}]`);
      throw e;
    }
    return [];
  };

  it('names the file, line, column and field of every mistake', () => {
    const text = `base: base.yaml
dimensions:
  - id: raise
    kind: raise
    pct: { from: 3, to: 1, step: 0.5 }
    effective: 2019-07-01
  - { id: nurses, kind: hire, role: nurse, count: { 2019-07-01: [0, -5] } }
  - { id: b, kind: bonus, pct: 1, amount: 100, paid: 2019-06-01 }
  - { id: x, kind: rasie, pct: 1 }
`;
    expect(problems(() => parseSpace(text, 'space.yaml'))).toEqual([
      'space.yaml:8:5 dimensions[2]: give exactly one of pct (percent of annual pay) and amount (dollars per employee) [zone.bonus-basis]',
      'space.yaml:9:20 dimensions[3].kind: "rasie" is not a known kind; must be one of "raise", "bonus", "class-size", "hire" [zone.unknown-kind]',
    ]);
    expect(problems(() => parseSpace(text.split('\n').slice(0, 7).join('\n') + '\n', 'space.yaml'))).toEqual([
      'space.yaml:5:10 dimensions[0].pct: "to" (1) must not be below "from" (3) [zone.bad-range]',
      'space.yaml:7:65 dimensions[1].count.2019-07-01: a count must be from 0 to 100,000 positions, got -5 [zone.bad-value]',
    ]);
  });

  it('checks the dimensions against the dataset and the base proposal', () => {
    const space = parseSpace(`base: b.yaml
dimensions:
  - { id: a, kind: hire, role: astronaut, count: { 2019-07-01: [0, 1] } }
  - { id: b, kind: class-size, grades: K-3, reduceBy: { 2019-07-01: [0, 30] } }
  - { id: c, kind: class-size, grades: 4-5, reduceBy: { 2019-07-01: [0, 1] } }
`, 's.yaml');
    const base = prop('b', 'joint', ['{ id: caps, kind: class-size, caps: [{ grades: 4-6, from: 2019-07-01, reduceBy: 1 }] }']);
    expect(problems(() => planZone({ dataset: tiny(), space, base, limits: {}, latest: {} }))).toEqual([
      's.yaml:3:32 dimensions[0].role: no T staff have the role "astronaut", and district.yaml gives no new-hire placement for it [zone.unknown-role]',
      's.yaml:4:55 dimensions[1].reduceBy: at its largest, the reduction (30 students, with highNeedExtra) would bring grade K\'s cap of 25 below 1 [zone.cap-below-one]',
      's.yaml:5:40 dimensions[2].grades: grade 4 is already capped by the base proposal\'s term "caps"; give this dimension that term\'s id to replace it, or cap other grades [zone.class-size-twice]',
    ]);
  });

  it('checks the limits: party, unknown keys, years not costed', () => {
    expect(problems(() => parseLimits('party: union\natLeast: { pay: 1 }\n', 'l.yaml', 'district'))).toEqual([
      'l.yaml:1:8 party: this file is given as the district\'s limits but says party: union [limits.wrong-party]',
    ]);
    expect(problems(() => parseLimits('party: union\nmaxCost: { perYear: -1 }\n', 'l.yaml', 'union'))[0]).toMatch(/^l\.yaml:2:21 maxCost\.perYear: /);
    const input = setup({ union: 'party: union\natLeast: { nurse: 1 }\n', district: 'party: district\nmaxCost: { perYear: { 2030-31: 5 } }\n' });
    expect(problems(() => planZone(input))).toEqual([
      'district-limits.yaml:2:32 maxCost.perYear.2030-31: 2030-31 is not one of the years costed (2018-19 to 2021-22) [limits.year-not-costed]',
      'union-limits.yaml:2:19 atLeast.nurse: "nurse" is not a priority or a dimension of the space [limits.unknown-key]',
    ]);
  });
});

describe('the worked example of docs/zone.md', () => {
  const ex = (f: string) => fileURLToPath(new URL(`../examples/zone/${f}`, import.meta.url));
  it('parses, and its package file is the zone\'s package 4,962,516 written out', () => {
    const space = parseSpace(readFileSync(ex('space-2019.yaml'), 'utf8'), 'space-2019.yaml');
    expect(space.size).toBe(5_334_336);
    parseLimits(readFileSync(ex('union-limits-2019.yaml'), 'utf8'), 'union-limits-2019.yaml', 'union');
    parseLimits(readFileSync(ex('district-limits-2019.yaml'), 'utf8'), 'district-limits-2019.yaml', 'district');
    const base = parseProposal(readFileSync(fileURLToPath(new URL('../examples/lausd-2019/settlement-2019-01-22.yaml', import.meta.url)), 'utf8'), 'settlement.yaml').proposal;
    const written = parseProposal(readFileSync(ex('zone-package-2019.yaml'), 'utf8'), 'zone-package-2019.yaml').proposal;
    const strip = (p: Proposal) => p.terms.map(({ title: _t, note: _n, ...rest }) => rest);
    expect(strip(written)).toEqual(strip(packageProposal(space, base, 4_962_516)));
  });
});
