/**
 * Exactness: the fast evaluator assembles a package's cost from pieces the engine worked out
 * in advance (src/zone/evaluate.ts); these tests check, for random packages and for every
 * package the zone reports, that its figures equal a full `settle cost` of the package to the
 * cent, year by year (total and one-time), and that the feasibility decisions agree.
 */
import { describe, expect, it } from 'vitest';
import { costProposal } from '../src/costing/cost.ts';
import type { Dataset } from '../src/district/types.ts';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import { parseProposal } from '../src/proposals/parse.ts';
import type { Proposal } from '../src/proposals/types.ts';
import { makeEvaluator } from '../src/zone/evaluate.ts';
import { packageProposal } from '../src/zone/grid.ts';
import { parseLimits } from '../src/zone/limits.ts';
import { parseSpace, type Space } from '../src/zone/space.ts';
import { finishZone, planZone, scanInline, type ZoneResult } from '../src/zone/zone.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tiny } from './helpers/tiny.ts';

/** A seeded generator for picking packages (xorshift32). */
function seeded(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

function check(dataset: Dataset, space: Space, base: Proposal, indexes: number[], built: ReturnType<typeof planZone>) {
  const ev = makeEvaluator(built.plan);
  const through = built.meta.years[built.meta.years.length - 1];
  for (const i of indexes) {
    const full = costProposal({ dataset, proposal: packageProposal(space, base, i), through });
    const fast = ev.figures(i);
    const where = `package ${i}`;
    expect(full.years.map((y) => y.totalCents), where).toEqual([...fast.total]);
    expect(full.years.map((y) => y.oneTimeCents), where).toEqual([...fast.oneTime]);
    // The same checks fail on the fast figures and on the full costing.
    const t = Float64Array.from(full.years.map((y) => y.totalCents));
    const o = Float64Array.from(full.years.map((y) => y.oneTimeCents));
    expect(ev.failures(i, t, o), where).toEqual(ev.failures(i, fast.total, fast.oneTime));
    // The reserve test itself agrees with the engine's projection, year by year.
    const tested = new Set(built.meta.reserveTested);
    const engineShort = full.projection.filter((y, k) => tested.has(built.meta.years[k]) && !y.meetsReserve).length > 0;
    const zoneShort = ev.failures(i, t, o).some((c) => built.meta.checks[c].source === 'reserve');
    expect(zoneShort, where).toBe(engineShort);
  }
}

function everyReported(r: ZoneResult) {
  const all = [
    ...r.priorities.flatMap((p) => [...p.points.map((x) => x.package), ...(p.cheapest ? [p.cheapest.package] : [])]),
    ...r.nearest.flatMap((n) => (n.package ? [n.package] : [])),
    ...r.samples, ...(r.cheapest ? [r.cheapest] : []), ...(r.dearest ? [r.dearest] : []),
  ];
  return all;
}

describe('the fast evaluator equals a full costing to the cent (tiny district)', () => {
  // Every kind of piece: a base proposal with a raise, a program, a hire and a bonus of its own;
  // raises with two effective dates (one retroactive), a percent bonus (which depends on the
  // raises), class-size phases (which add to each other), nurses in two years, classified
  // aides from January (part-way through a year) — and the raises reach every added position.
  const base = parseProposal(`id: tiny-base
title: Base
party: joint
unit: T
date: 2019-03-01
term: { start: 2018-07-01, end: 2021-06-30 }
terms:
  - { id: raise-a, kind: raise, pct: 1, effective: 2018-07-01 }
  - { id: prog, kind: program, count: 1, amount: 1000, effective: 2019-07-01 }
  - { id: nurse-base, kind: hire, role: nurse, phases: [{ from: 2019-07-01, count: 1 }] }
  - { kind: bonus, amount: 100, paid: 2019-06-01 }
  - { kind: health, perEmployee: 250, effective: 2019-07-01 }
`, 'base.yaml').proposal;
  const space = parseSpace(`base: base.yaml
reserve: { through: 2020-21 }
dimensions:
  - { id: r17, kind: raise, pct: [0, 1, 2.5], effective: [2018-07-01, 2019-01-01], paid: 2019-03-01 }
  - { id: r19, kind: raise, pct: [0, 2], effective: 2019-07-01 }
  - { id: bonus, kind: bonus, pct: [0, 1.5], paid: 2020-03-01 }
  - { id: cs, kind: class-size, grades: K-5, highNeedExtra: 1, reduceBy: { 2019-07-01: [0, 1, 3], 2020-07-01: [0, 2] } }
  - { id: nurses, kind: hire, role: nurse, count: { 2019-07-01: [0, 1, 2.5], 2020-07-01: [0, 1] } }
  - { id: aides, kind: hire, unit: C, role: assistant, count: { 2020-01-01: [0, 3] } }
`, 'space.yaml');
  const limits = { district: parseLimits('party: district\nmaxCost: { perYear: 400000, ongoingPerYear: 300000 }\n', 'd.yaml', 'district'), union: parseLimits('party: union\natLeast: { pay: 1 }\n', 'u.yaml', 'union') };
  const input = { dataset: tiny(), space, base, limits, latest: {} };
  const built = planZone(input);

  it('for 300 packages chosen at random (seeded)', () => {
    expect(space.size).toBe(1728);
    const next = seeded(2019);
    const picks = Array.from({ length: 300 }, () => Math.floor(next() * space.size));
    check(tiny(), space, base, [0, space.size - 1, ...picks], built);
  });

  it('for every package the zone reports (frontiers, cheapest, nearest, samples)', async () => {
    const found = await scanInline(built.plan);
    const r = finishZone(input, built, found, { blind: false, baseFile: 'base.yaml', latestFiles: {} });
    expect(r.packages.feasible).toBeGreaterThan(0);
    const reported = everyReported(r);
    expect(reported.length).toBeGreaterThan(5);
    for (const p of reported) expect(p.fastMatchesFull, `package ${p.index}`).toBe(true);
    check(tiny(), space, base, reported.map((p) => p.index), built);
    expect(r.exactness.reportedMatching).toBe(r.exactness.reportedPackages);
  });
});

describe('the fast evaluator equals a full costing to the cent, whatever the space\'s shape (tiny district)', () => {
  // A base with a raise, a nurse and a percent bonus paid when the added positions are in post,
  // so bonuses reach added positions (a line several groups add to).
  const base = parseProposal(`id: b
title: B
party: joint
unit: T
date: 2019-03-01
term: { start: 2018-07-01, end: 2021-06-30 }
terms:
  - { id: raise-a, kind: raise, pct: 1, effective: 2018-07-01 }
  - { id: nurse-base, kind: hire, role: nurse, phases: [{ from: 2019-07-01, count: 1 }] }
  - { kind: bonus, pct: 1, paid: 2020-06-01 }
`, 'base.yaml').proposal;
  const shapes: [string, string][] = [
    ['raises only (one level)', '- { id: r, kind: raise, pct: [0, 1, 2], effective: [2018-07-01, 2019-01-01], paid: 2019-03-01 }'],
    ['hiring only (no raise axes)', '- { id: n, kind: hire, role: nurse, count: { 2019-07-01: [0, 1, 2], 2020-07-01: [0, 3] } }\n  - { id: t, kind: hire, role: teacher, count: { 2020-07-01: [0, 2] } }'],
    ['a bonus only', '- { id: bo, kind: bonus, amount: [0, 50, 500], paid: 2020-06-01 }'],
    ['a percent bonus that reaches added positions, a hire, a raise', '- { id: bo, kind: bonus, pct: [0, 2], paid: 2020-06-01 }\n  - { id: n, kind: hire, role: nurse, count: { 2019-07-01: [0, 1] } }\n  - { id: r, kind: raise, pct: [0, 1.5], effective: 2019-07-01 }'],
  ];
  it.each(shapes)('%s: every package', (_, dims) => {
    const space = parseSpace(`base: b.yaml\ndimensions:\n  ${dims}\n`, 'space.yaml');
    const built = planZone({ dataset: tiny(), space, base, limits: {}, latest: {} });
    check(tiny(), space, base, [...Array(space.size).keys()], built);
  });
});

describe('the fast evaluator equals a full costing to the cent with attrition (tiny district, 10% a year in both units)', () => {
  const dataset = structuredClone(tiny());
  dataset.district.parameters.attrition = { T: { pct: 10, reference: [{ title: 'test' }] }, C: { pct: 10, reference: [{ title: 'test' }] } };
  const base = parseProposal(`id: b
title: base
party: union
unit: T
date: 2018-09-01
term: { start: 2018-07-01, end: 2021-06-30 }
terms:
  - { id: floor, kind: wage-floor, unit: C, hourly: 16.5, effective: 2019-07-01 }
  - { kind: bonus, pct: 1, paid: 2020-06-01 }
`, 'base.yaml').proposal;
  it('for every package of raises, hires and a bonus', () => {
    const space = parseSpace(`base: b.yaml
dimensions:
  - { id: r, kind: raise, pct: [0, 1, 2], effective: [2018-07-01, 2019-07-01] }
  - { id: n, kind: hire, role: nurse, count: { 2019-07-01: [0, 1] } }
  - { id: bo, kind: bonus, amount: [0, 500], paid: 2020-06-01 }
`, 'space.yaml');
    const built = planZone({ dataset, space, base, limits: {}, latest: {} });
    check(dataset, space, base, [...Array(space.size).keys()], built);
  });
});

describe('the fast evaluator equals a full costing to the cent (LAUSD demo)', () => {
  const examples = (f: string) => fileURLToPath(new URL(`../examples/lausd-2019/${f}`, import.meta.url));
  const read = (f: string) => parseProposal(readFileSync(examples(f), 'utf8'), f).proposal;
  let dataset: Dataset;
  const space = parseSpace(`base: ../lausd-2019/settlement-2019-01-22.yaml
reserve: { through: 2020-21 }
dimensions:
  - { id: raise-2017, kind: raise, pct: [0, 1.5, 3], effective: 2017-07-01, paid: 2019-03-01 }
  - { id: raise-2018, kind: raise, pct: [0, 3], effective: [2018-07-01, 2019-01-01], paid: 2019-03-01 }
  - { id: bonus, kind: bonus, pct: [0, 2], paid: 2019-03-01 }
  - { id: class-size, kind: class-size, grades: 4-12, highNeedExtra: 1, reduceBy: { 2019-07-01: [0, 1], 2020-07-01: [0, 2] } }
  - { id: nurses, kind: hire, role: nurse, schools: { types: [elementary, middle, high, span] }, count: { 2019-07-01: [0, 150], 2020-07-01: [0, 150] } }
  - { id: counselors, kind: hire, role: counselor, schools: { types: [middle, high, span] }, count: { 2019-07-01: [0, 17], 2021-07-01: [0, 60] } }
`, 'space.yaml');

  it('for random packages and every frontier package', async () => {
    dataset = generateDistrict(lausdSpec());
    const base = read('settlement-2019-01-22.yaml');
    const input = { dataset, space, base, limits: {}, latest: { union: read('utla-demands.yaml'), district: read('district-offer-2019-01-11.yaml') } };
    const built = planZone(input);
    expect(built.meta.exact).toBe(true);
    const next = seeded(42);
    check(dataset, space, base, Array.from({ length: 8 }, () => Math.floor(next() * space.size)), built);
    const found = await scanInline(built.plan);
    const r = finishZone(input, built, found, { blind: false, baseFile: 'base.yaml', latestFiles: {} });
    expect(r.packages.examined).toBe(space.size);
    expect(r.packages.feasible).toBeGreaterThan(0);
    expect(r.packages.feasible).toBeLessThan(space.size);
    const frontier = r.priorities.flatMap((p) => p.points.map((x) => x.package));
    expect(frontier.length).toBeGreaterThan(3);
    for (const p of everyReported(r)) expect(p.fastMatchesFull, `package ${p.index}`).toBe(true);
    // A reported package's figures are those of a full costing of it.
    const p = frontier[frontier.length - 1];
    const full = costProposal({ dataset, proposal: packageProposal(space, base, p.index), through: built.meta.years[built.meta.years.length - 1] });
    expect(p.years.map((y) => y.totalCents)).toEqual(full.years.map((y) => y.totalCents));
    expect(p.costCents).toBe(full.years.reduce((s, y) => s + y.totalCents, 0));
  }, 120_000);
});
