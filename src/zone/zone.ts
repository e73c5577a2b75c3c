import { fyLabel } from '../calendar/fiscal-year.ts';
import { costProposal } from '../costing/cost.ts';
import type { CostResult } from '../costing/result.ts';
import { emptyFound, makeEvaluator, mergeFound, type Found, type Plan } from './evaluate.ts';
import { axisValues, decode, packageProposal } from './grid.ts';
import type { Party } from './limits.ts';
import { buildPlan, type CheckSource, type Meta, type PriorityKey, type ZoneInput } from './plan.ts';
import type { Space } from './space.ts';

/**
 * The settlement zone (docs/zone.md): plan (plan.ts), scan every package (evaluate.ts, here on
 * one thread or in src/zone/workers on all cores), then cost every package it reports with
 * the full engine and build the result from those full costings.
 */

export interface ReportedPackage {
  index: number;
  /** Every axis's value (dates for effective-date axes). */
  values: Record<string, number | string>;
  /** The dimensions in plain words. */
  summary: string;
  measures: Partial<Record<'pay' | 'classSize' | 'supportStaff', number>>;
  /** Cost over every year costed (cents), from the full costing. */
  costCents: number;
  years: { fy: string; totalCents: number; ongoingCents: number; oneTimeCents: number; reservePct: number; meetsReserve: boolean }[];
  /** Lowest reserve (percent of expenditures) over the years the reserve is tested. */
  lowestReservePct: number;
  /** True when the fast evaluator's figures equal the full costing's in every year, to the cent. */
  fastMatchesFull: boolean;
}

export interface FrontierReport {
  priority: PriorityKey;
  label: string;
  unit: string;
  /** Points of the frontier, lowest level first: each the cheapest feasible package at its level, each dearer than the one before. */
  points: { level: number; package: ReportedPackage }[];
  /** Points on the frontier before any were left out for length. */
  pointsFound: number;
  /** The cheapest feasible package at the highest level reached. */
  cheapest: { level: number; package: ReportedPackage } | null;
}

export interface ZoneResult {
  district: string;
  base: { id: string; title: string; file: string };
  blind: boolean;
  years: string[];
  reserve: { requiredPct: number; marginPct: number; tested: string[] };
  dimensions: { id: string; kind: string; axes: { id: string; values: (number | string)[] }[] }[];
  packages: { inGrid: number; examined: number; feasible: number; infeasible: number; complete: boolean };
  /** Why packages fail, one row per check (not in blind mode). */
  reasons?: { source: CheckSource; check: string; packages: number }[];
  cheapest: ReportedPackage | null;
  dearest: ReportedPackage | null;
  priorities: FrontierReport[];
  nearest: { party: Party; proposal: { id: string; title: string; file: string; costCents: number }; distance: number; package: ReportedPackage | null }[];
  samples: ReportedPackage[];
  exactness: {
    evaluator: 'exact' | 'within a cent per line';
    notes: string[];
    reportedPackages: number;
    reportedMatching: number;
    /** Packages nearest a cost or reserve limit, re-checked with the full engine (not in blind mode). */
    nearLimit?: { checked: number; agree: number };
  };
}

export interface FinishOptions {
  blind: boolean;
  /** At most this many points of each frontier are reported (evenly spread; the top one always). */
  frontierPoints?: number;
  baseFile: string;
  latestFiles: { union?: string; district?: string };
  onStep?: (what: string, done: number, of: number) => void;
}

export function planZone(input: ZoneInput): { plan: Plan; meta: Meta } {
  return buildPlan(input);
}

/** Scans packages `from` … `to` − 1 on this thread, in chunks, awaiting `pause` between chunks (so Ctrl-C can be heard). */
export async function scanInline(plan: Plan, opts: { from?: number; to?: number; chunk?: number; stop?: Int32Array; onProgress?: (examined: number) => void; pause?: () => Promise<void> } = {}): Promise<Found> {
  const ev = makeEvaluator(plan);
  const into = emptyFound(plan);
  const to = opts.to ?? plan.size;
  const chunk = opts.chunk ?? 1_000_000;
  for (let at = opts.from ?? 0; at < to; at += chunk) {
    if (opts.stop && Atomics.load(opts.stop, 0) !== 0) break;
    const n = ev.scan(at, Math.min(to, at + chunk), into, opts.stop);
    opts.onProgress?.(into.examined);
    if (n < Math.min(to, at + chunk) - at) break;
    if (opts.pause) await opts.pause();
  }
  return into;
}

export { mergeFound, emptyFound };

/** Builds the result from what the scan found, costing every reported package with the full engine. */
export function finishZone(input: ZoneInput, built: { plan: Plan; meta: Meta }, found: Found, opts: FinishOptions): ZoneResult {
  const { dataset, space, base } = input;
  const { plan, meta } = built;
  const ev = makeEvaluator(plan);
  const through = meta.years[meta.years.length - 1];
  const testedLabels = new Set(meta.reserveTested.map(fyLabel));
  const costs = new Map<number, CostResult>();
  const full = (index: number): CostResult => {
    let r = costs.get(index);
    if (!r) costs.set(index, (r = costProposal({ dataset, proposal: packageProposal(space, base, index), through })));
    return r;
  };
  let reported = 0;
  let matching = 0;
  const report = (index: number): ReportedPackage => {
    const r = full(index);
    const fast = ev.figures(index);
    const same = r.years.length === plan.Y && r.years.every((y, i) => y.totalCents === fast.total[i] && y.oneTimeCents === fast.oneTime[i]);
    reported++;
    if (same) matching++;
    const ix = decode(space, index);
    const proj = new Map(r.projection.map((y) => [y.fy, y]));
    const years = r.years.map((y) => {
      const pr = proj.get(y.fy);
      return { fy: y.fy, totalCents: y.totalCents, ongoingCents: y.ongoingCents, oneTimeCents: y.oneTimeCents, reservePct: pr?.reservePct ?? NaN, meetsReserve: pr?.meetsReserve ?? true };
    });
    const tested = years.filter((y) => testedLabels.has(y.fy));
    return {
      index, values: axisValues(space, ix), summary: describePackage(space, ix), measures: measuresOf(meta, ix),
      costCents: r.years.reduce((s, y) => s + y.totalCents, 0), years,
      lowestReservePct: tested.length ? Math.min(...tested.map((y) => y.reservePct)) : NaN,
      fastMatchesFull: same,
    };
  };
  const cache = new Map<number, ReportedPackage>();
  const pkg = (index: number) => {
    let r = cache.get(index);
    if (!r) {
      opts.onStep?.('costing reported packages with the full engine', cache.size, cache.size + 1);
      cache.set(index, (r = report(index)));
    }
    return r;
  };

  // Re-check the packages nearest a limit with the full engine.
  let nearChecked = 0;
  let nearAgree = 0;
  let feasible = found.feasible;
  for (const n of found.nearLimit) {
    const r = full(n.index);
    const t = Float64Array.from(r.years.map((y) => y.totalCents));
    const o = Float64Array.from(r.years.map((y) => y.oneTimeCents));
    const ok = t.length === plan.Y && ev.failures(n.index, t, o).length === 0;
    nearChecked++;
    if (ok === n.feasible) nearAgree++;
    else feasible += ok ? 1 : -1;
  }

  const priorities: FrontierReport[] = meta.fronts.map((f, fi) => {
    const costs = found.frontCost[fi];
    const idx = found.frontIndex[fi];
    const byLevel = new Map<number, { cost: number; index: number }>();
    for (let l = 0; l < idx.length; l++) {
      if (idx[l] < 0) continue;
      const ix = space.axes.map(() => 0);
      let rest = l;
      for (const a of f.axes) {
        ix[a] = rest % space.axes[a].values.length;
        rest = Math.floor(rest / space.axes[a].values.length);
      }
      const level = Math.round(meta.measureOf(f.priority === 'pay' ? 'pay' : f.priority === 'class-size' ? 'classSize' : 'supportStaff', ix) * 1e6) / 1e6;
      const have = byLevel.get(level);
      if (!have || costs[l] < have.cost || (costs[l] === have.cost && idx[l] < have.index)) byLevel.set(level, { cost: costs[l], index: idx[l] });
    }
    // The frontier: from the highest level down, each point cheaper than every point above it.
    const levels = [...byLevel.keys()].sort((a, b) => b - a);
    const points: { level: number; index: number }[] = [];
    let min = Infinity;
    for (const level of levels) {
      const b = byLevel.get(level) as { cost: number; index: number };
      if (b.cost < min) {
        points.push({ level, index: b.index });
        min = b.cost;
      }
    }
    points.reverse();
    const shown = spread(points, opts.frontierPoints ?? 30);
    const top = points[points.length - 1];
    return {
      priority: f.priority, label: f.label, unit: f.unit, pointsFound: points.length,
      points: shown.map((p) => ({ level: p.level, package: pkg(p.index) })),
      cheapest: top ? { level: top.level, package: pkg(top.index) } : null,
    };
  });

  const latestProps = input.latest;
  const nearest = meta.targets.map((t, s) => {
    const prop = latestProps[t.party] as NonNullable<typeof latestProps.union>;
    const r = costProposal({ dataset, proposal: prop, through });
    const n = found.near[s];
    return {
      party: t.party,
      proposal: { id: prop.id, title: prop.title, file: opts.latestFiles[t.party] ?? '', costCents: r.years.reduce((sum, y) => sum + y.totalCents, 0) },
      distance: n[2] >= 0 ? Math.round(Math.sqrt(n[0]) * 1e4) / 1e4 : NaN,
      package: n[2] >= 0 ? pkg(n[2]) : null,
    };
  });

  const reasons = opts.blind
    ? undefined
    : meta.checks.map((c, i) => ({ source: c.source, check: c.label, packages: found.fails[i] })).filter((r) => r.packages > 0);

  const result: ZoneResult = {
    district: dataset.district.name,
    base: { id: base.id, title: base.title, file: opts.baseFile },
    blind: opts.blind,
    years: meta.years.map(fyLabel),
    reserve: { requiredPct: meta.requiredPct, marginPct: space.reserve.marginPct, tested: meta.reserveTested.map(fyLabel) },
    dimensions: space.dimensions.map((d) => ({ id: d.id, kind: d.kind, axes: d.axes.map((a) => ({ id: space.axes[a].id, values: space.axes[a].dates ?? space.axes[a].values })) })),
    packages: { inGrid: space.size, examined: found.examined, feasible, infeasible: found.examined - feasible, complete: found.examined === space.size },
    ...(reasons ? { reasons } : {}),
    cheapest: found.cheapest.index >= 0 ? pkg(found.cheapest.index) : null,
    dearest: found.dearest.index >= 0 ? pkg(found.dearest.index) : null,
    priorities,
    nearest,
    samples: found.samples.map((s) => pkg(s.index)),
    exactness: {
      evaluator: meta.exact ? 'exact' : 'within a cent per line',
      notes: meta.inexact,
      reportedPackages: 0,
      reportedMatching: 0,
      ...(opts.blind ? {} : { nearLimit: { checked: nearChecked, agree: nearAgree } }),
    },
  };
  result.exactness.reportedPackages = reported;
  result.exactness.reportedMatching = matching;
  return result;
}

/** At most `n` points, evenly spread, always keeping the first and the last. */
function spread<T>(points: T[], n: number): T[] {
  if (points.length <= n || n < 2) return points;
  const out: T[] = [];
  for (let k = 0; k < n; k++) out.push(points[Math.round((k * (points.length - 1)) / (n - 1))]);
  return [...new Set(out)];
}

function measuresOf(meta: Meta, ix: number[]): ReportedPackage['measures'] {
  const out: ReportedPackage['measures'] = {};
  for (const f of meta.fronts) {
    const key = f.priority === 'pay' ? 'pay' : f.priority === 'class-size' ? 'classSize' : 'supportStaff';
    out[key] = Math.round(meta.measureOf(key, ix) * 1e6) / 1e6;
  }
  return out;
}

/**
 * The package's dimensions in plain words, leaving out those at zero: "raise-2017 3%,
 * raise-2018 3% from 2019-01-01, class-size −1 −1 −0, nurses 150 + 150" ("nothing added" when all are zero).
 */
export function describePackage(space: Space, ix: number[]): string {
  const v = (a: number) => space.axes[a].values[ix[a]];
  const parts = space.dimensions.flatMap((d) => {
    switch (d.kind) {
      case 'raise':
        return v(d.pctAxis) === 0 ? [] : [`${d.id} ${v(d.pctAxis)}%${d.effectiveAxis !== null ? ` from ${d.effective[ix[d.effectiveAxis]]}` : ''}`];
      case 'bonus':
        return v(d.valueAxis) === 0 ? [] : [`${d.id} ${d.basis === 'pct' ? `${v(d.valueAxis)}%` : `$${v(d.valueAxis).toLocaleString('en-US')}`}`];
      case 'class-size':
        return d.phases.every((ph) => v(ph.axis) === 0) ? [] : [`${d.id} ${d.phases.map((ph) => `−${v(ph.axis)}`).join(' ')}`];
      case 'hire':
        return d.phases.every((ph) => v(ph.axis) === 0) ? [] : [`${d.id} ${d.phases.map((ph) => v(ph.axis)).join(' + ')}`];
    }
  });
  return parts.length ? parts.join(', ') : 'nothing added to the fixed terms';
}
