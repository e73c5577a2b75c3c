import { toCents } from '../money/cents.ts';
import { mix32 } from './random.ts';

/**
 * The fast evaluator. A `Plan` holds, as typed arrays, every figure a package's cost is
 * assembled from (worked out once by the costing engine, plan.ts); evaluating a package is
 * then a few dozen additions and lookups, with no dataset in sight. A plan is plain data
 * (numbers and typed arrays), so it can be sent to worker threads as it is.
 *
 * Cost of a package in year y (integer cents), as the engine adds its lines (pc: the package's
 * combination of raise values and dates; cq: its combination of a group's years; v: a bonus's value):
 *   C[y]                                  fixed terms that nothing varies (programs, health terms)
 * + E[pc][y]                              pay terms on current staff, with statutory benefits (pay combination pc)
 * + Σ groups G[q][cq][pc][y]              positions a group adds: their pay, statutory, health (group combination cq)
 * + Σ bonuses Bx[b][v][pc] in its year    bonuses for current staff, with statutory benefits
 * + Σ slots S + round(S × statutory %)    lines that several groups add to: pay terms and bonuses on added
 *                                         positions, S = Σ groups A[q][slot][cq][pc] (+ BA for bonuses)
 * Each piece is an exact sum of the engine's rounded cents, and the statutory benefits of a
 * shared line are rounded once on the line's total, as the engine rounds them.
 *
 * Packages are scanned like nested loops over levels (grid.ts: the raises outermost, then each
 * group of positions, then the bonuses). Each piece is added at the innermost level it depends
 * on, and the sums of the outer levels are kept while the inner ones change, so most packages
 * cost only their innermost level's pieces and the checks.
 */

export interface PlanGroup {
  /** Axes of the group, and their strides in the group's combination number. */
  axes: Int32Array;
  strides: Int32Array;
  combos: number;
  /** [combo × P + pc] × Y: total and one-time cents. */
  G: Float64Array;
  G1: Float64Array | null;
  /** Slots this group adds to, and for each: cents at [k × combos × P + combo × P + pc]. */
  slots: Int32Array;
  A: Float64Array;
}

export interface PlanBonus {
  /** The bonus dimension's axis, or -1 for a bonus of the base proposal. */
  axis: number;
  values: number;
  /** Index of the year it is booked in, or -1 when outside the years costed. */
  year: number;
  /** [v × P + pc]: cents (salary and statutory) for current staff. */
  Bx: Float64Array;
  /** Slot of its line for added positions, and per group [(v × combos + combo) × P + pc] (null: none reached). */
  slot: number;
  BA: (Float64Array | null)[];
}

export interface AdditiveMeasure {
  /** Sum over these axes of w[axis][index]. */
  axes: Int32Array;
  w: Float64Array[];
}

export interface Plan {
  size: number;
  /** Values on each axis. */
  radix: Int32Array;
  /** Axes from the fastest-changing to the slowest (package numbering, grid.ts). */
  order: Int32Array;
  /** Levels of the nested loop, outermost first (level 0: the pay axes), with strides of their combination numbers. */
  levels: { axes: Int32Array; strides: Int32Array }[];
  Y: number;
  P: number;
  payAxes: Int32Array;
  payStrides: Int32Array;
  C: Float64Array;
  C1: Float64Array;
  E: Float64Array;
  E1: Float64Array;
  groups: PlanGroup[];
  bonuses: PlanBonus[];
  slotYear: Int32Array;
  slotOneTime: Uint8Array;
  slotPct: Float64Array;
  /** Projection: whether a year's cost enters the budget, ending balance with no proposal, committed, baseline expenditures. */
  inProj: Uint8Array;
  end0: Float64Array;
  committed: Float64Array;
  exp0: Float64Array;
  /** Checks. Reserve: percent required (minimum + margin) per check set, and which years are tested. */
  reserveReq: Float64Array;
  reserveTested: Uint8Array;
  /** Ceilings in cents [set × Y] (Infinity: none) and on the total. */
  capYear: Float64Array;
  capOngoing: Float64Array;
  capTotal: Float64Array;
  /** Bounds on measures: measure index, value, and 1 for at least, 0 for at most. */
  boundMeasure: Int32Array;
  boundValue: Float64Array;
  boundAtLeast: Uint8Array;
  /** Measures: by pay combination (pay) or added up over axes. */
  measures: ({ pay: Float64Array } | AdditiveMeasure)[];
  /** Frontiers: the level of a package on a priority is its combination number over these axes. */
  fronts: { axes: Int32Array; strides: Int32Array; levels: number }[];
  /** Distance to each side's latest proposal: Σ over axes of w[axis][index] (squared, normalised). */
  sides: { w: Float64Array[] }[];
  sampleSeed: number;
  sampleK: number;
  /** Packages this close (cents) to a cost or reserve limit are kept for a re-check with the full engine. */
  nearCents: number;
  nearK: number;
}

export function checkCount(plan: Plan): number {
  const Y = plan.Y;
  return plan.reserveReq.length * Y + plan.capYear.length + plan.capOngoing.length + plan.capTotal.length + plan.boundMeasure.length;
}

/** What a scan found: counts and the packages worth reporting. Merged across chunks and workers. */
export interface Found {
  examined: number;
  feasible: number;
  /** Packages failing each check (a package can fail several). */
  fails: Float64Array;
  /** Per frontier: the cheapest feasible package at each level (cost, package). */
  frontCost: Float64Array[];
  frontIndex: Float64Array[];
  /** Per side: distance, cost, package of the nearest feasible package. */
  near: Float64Array[];
  /** The feasible packages with the smallest hash (a seeded random sample). */
  samples: { hash: number; index: number }[];
  cheapest: { cost: number; index: number };
  dearest: { cost: number; index: number };
  /** Packages nearest a limit (by cents), for a re-check with the full engine. */
  nearLimit: { slack: number; index: number; feasible: boolean }[];
}

export function emptyFound(plan: Plan): Found {
  return {
    examined: 0, feasible: 0, fails: new Float64Array(checkCount(plan)),
    frontCost: plan.fronts.map((f) => new Float64Array(f.levels).fill(Infinity)),
    frontIndex: plan.fronts.map((f) => new Float64Array(f.levels).fill(-1)),
    near: plan.sides.map(() => Float64Array.of(Infinity, Infinity, -1)),
    samples: [], cheapest: { cost: Infinity, index: -1 }, dearest: { cost: -Infinity, index: -1 }, nearLimit: [],
  };
}

const better = (cost: number, index: number, c: number, i: number) => cost < c || (cost === c && index < i);

export function mergeFound(plan: Plan, a: Found, b: Found): Found {
  a.examined += b.examined;
  a.feasible += b.feasible;
  for (let i = 0; i < a.fails.length; i++) a.fails[i] += b.fails[i];
  a.frontCost.forEach((fc, f) => {
    const fi = a.frontIndex[f];
    const bc = b.frontCost[f];
    const bi = b.frontIndex[f];
    for (let l = 0; l < fc.length; l++) if (bi[l] >= 0 && (fi[l] < 0 || better(bc[l], bi[l], fc[l], fi[l]))) {
      fc[l] = bc[l];
      fi[l] = bi[l];
    }
  });
  a.near.forEach((n, s) => {
    const m = b.near[s];
    if (m[2] >= 0 && (n[2] < 0 || m[0] < n[0] || (m[0] === n[0] && better(m[1], m[2], n[1], n[2])))) n.set(m);
  });
  a.samples = [...a.samples, ...b.samples].sort((x, y) => x.hash - y.hash || x.index - y.index).slice(0, plan.sampleK);
  if (b.cheapest.index >= 0 && (a.cheapest.index < 0 || better(b.cheapest.cost, b.cheapest.index, a.cheapest.cost, a.cheapest.index))) a.cheapest = b.cheapest;
  if (b.dearest.index >= 0 && (a.dearest.index < 0 || b.dearest.cost > a.dearest.cost || (b.dearest.cost === a.dearest.cost && b.dearest.index < a.dearest.index))) a.dearest = b.dearest;
  a.nearLimit = [...a.nearLimit, ...b.nearLimit].sort((x, y) => x.slack - y.slack || x.index - y.index).slice(0, plan.nearK);
  return a;
}

/** The figures of one package: cost and one-time cost by year (cents). */
export interface Figures {
  total: Float64Array;
  oneTime: Float64Array;
}

/**
 * Builds the evaluator for a plan. `cost(ix, t, o)` fills the cost and one-time cost by year of
 * the package with axis indexes `ix`; `scan(from, to, into, stop)` evaluates packages
 * from … to − 1 and adds what it finds to `into`; it returns how many it examined (fewer
 * when `stop[0]` became non-zero).
 */
export function makeEvaluator(plan: Plan) {
  const { Y, P, C, C1, E, E1, groups, bonuses, slotYear, slotOneTime, slotPct, radix, order, levels } = plan;
  const nAxes = radix.length;
  const NS = slotYear.length;
  const L = levels.length;
  const K = L - 1;
  const levelOfAxis = new Int32Array(nAxes);
  levels.forEach((lv, k) => lv.axes.forEach((a) => (levelOfAxis[a] = k)));

  // Each piece of the sum is added at the innermost level it depends on.
  // A group with no axes (the base proposal's positions) sits at level 0 with combination 0.
  const groupLevel = groups.map((g) => (g.axes.length === 0 ? 0 : levelOfAxis[g.axes[0]]));
  const bonusLevel = bonuses.map((b) => (b.axis < 0 ? 0 : levelOfAxis[b.axis]));
  const groupsAt = levels.map((_, k) => Int32Array.from(groups.map((_, q) => q).filter((q) => groupLevel[q] === k)));
  const bonusesAt = levels.map((_, k) => Int32Array.from(bonuses.map((_, b) => b).filter((b) => bonusLevel[b] === k)));
  const shared: { b: number; q: number; level: number }[] = [];
  bonuses.forEach((b, i) => b.BA.forEach((arr, q) => {
    if (arr !== null) shared.push({ b: i, q, level: Math.max(bonusLevel[i], groupLevel[q]) });
  }));
  const sharedAt = levels.map((_, k) => shared.filter((x) => x.level === k));
  // Slots the innermost level adds to: rounded for every package; the others once per outer change.
  const touched = new Uint8Array(NS);
  for (const q of groupsAt[K]) groups[q].slots.forEach((s) => (touched[s] = 1));
  for (const x of sharedAt[K]) touched[bonuses[x.b].slot] = 1;
  const inner = Int32Array.from([...touched.keys()].filter((s) => touched[s] === 1));

  // Functions of the axis indexes that add up over axes (frontier levels, distances to the
  // sides' proposals, measures): summed level by level too, so a package adds only its innermost axes.
  type Lin = { axes: number[]; w: Float64Array[] };
  const lins: Lin[] = [];
  const frontLin = plan.fronts.map((f) => lins.push({ axes: [...f.axes], w: [...f.axes].map((a, k) => Float64Array.from({ length: radix[a] }, (_, v) => v * f.strides[k])) }) - 1);
  const sideLin = plan.sides.map((sd) => {
    const axes = [...Array(nAxes).keys()].filter((a) => sd.w[a].some((x) => x !== 0));
    return lins.push({ axes, w: axes.map((a) => sd.w[a]) }) - 1;
  });
  const measureLin = plan.measures.map((m) => ('pay' in m ? -1 : lins.push({ axes: [...m.axes], w: m.w }) - 1));
  const nLin = lins.length;
  const linAt = lins.map((f) => levels.map((_, k) => {
    const pick = f.axes.map((_, i) => i).filter((i) => levelOfAxis[f.axes[i]] === k);
    return { axes: Int32Array.from(pick.map((i) => f.axes[i])), w: pick.map((i) => f.w[i]) };
  }));
  const linPart = new Float64Array(nLin * L);
  /** Value of linear function j for the package whose outer levels are filled and whose axis indexes are `ix`. */
  const lin = (j: number, ix: Int32Array): number => {
    let x = K > 0 ? linPart[j * L + K - 1] : 0;
    const e = linAt[j][K];
    for (let i = 0; i < e.axes.length; i++) x += e.w[i][ix[e.axes[i]]];
    return x;
  };

  const combo = new Int32Array(L);
  const zeroT = new Float64Array(Y);
  const zeroS = new Float64Array(NS);
  const lt = levels.map(() => new Float64Array(Y));
  const lo = levels.map(() => new Float64Array(Y));
  const lS = levels.map(() => new Float64Array(NS));
  const preT = new Float64Array(Y);
  const preO = new Float64Array(Y);
  const preS = new Float64Array(NS);

  /** The engine's statutory benefits on a shared salary line: round(salary × Σ rates), once per line (toCents, inlined). */
  const withStatutory = (x: number, s: number): number => {
    const dollars = ((x / 100) * slotPct[s]) / 100;
    const c = dollars * 100;
    const abs = Math.abs(c);
    const frac = abs - Math.floor(abs);
    // Near a half cent, toCents itself decides (it reads the product at 15 digits).
    if (Math.abs(frac - 0.5) < 1e-6 + abs * 1e-13 || !(abs < 2 ** 51)) return x + toCents(dollars);
    const r = Math.round(abs);
    return x + (c < 0 ? -r : r);
  };

  function add(k: number, t: Float64Array, o: Float64Array, S: Float64Array): void {
    const pc = combo[0];
    if (k === 0) {
      const eo = pc * Y;
      for (let y = 0; y < Y; y++) {
        t[y] += C[y] + E[eo + y];
        o[y] += C1[y] + E1[eo + y];
      }
    }
    const gs = groupsAt[k];
    for (let i = 0; i < gs.length; i++) {
      const q = gs[i];
      const g = groups[q];
      const gi = (g.axes.length === 0 ? 0 : combo[k]) * P + pc;
      const go = gi * Y;
      const G = g.G;
      for (let y = 0; y < Y; y++) t[y] += G[go + y];
      const G1 = g.G1;
      if (G1 !== null) for (let y = 0; y < Y; y++) o[y] += G1[go + y];
      const sl = g.slots;
      const A = g.A;
      const block = g.combos * P;
      for (let j = 0; j < sl.length; j++) S[sl[j]] += A[j * block + gi];
    }
    const bs = bonusesAt[k];
    for (let i = 0; i < bs.length; i++) {
      const bo = bonuses[bs[i]];
      if (bo.year >= 0) {
        const x = bo.Bx[(bo.axis < 0 ? 0 : combo[k]) * P + pc];
        t[bo.year] += x;
        o[bo.year] += x;
      }
    }
    const sh = sharedAt[k];
    for (let i = 0; i < sh.length; i++) {
      const bo = bonuses[sh[i].b];
      const q = sh[i].q;
      const v = bo.axis < 0 ? 0 : combo[bonusLevel[sh[i].b]];
      const cq = groups[q].axes.length === 0 ? 0 : combo[groupLevel[q]];
      S[bo.slot] += (bo.BA[q] as Float64Array)[(v * groups[q].combos + cq) * P + pc];
    }
  }

  /** Works out level k (all levels above it are current) from the indexes in `ix`. */
  function fill(k: number, ix: Int32Array): void {
    const lv = levels[k];
    let c = 0;
    for (let j = 0; j < lv.axes.length; j++) c += ix[lv.axes[j]] * lv.strides[j];
    combo[k] = c;
    if (k === K) return;
    for (let j = 0; j < nLin; j++) {
      let x = k === 0 ? 0 : linPart[j * L + k - 1];
      const e = linAt[j][k];
      for (let i = 0; i < e.axes.length; i++) x += e.w[i][ix[e.axes[i]]];
      linPart[j * L + k] = x;
    }
    const t = lt[k];
    const o = lo[k];
    const S = lS[k];
    const pt = k === 0 ? zeroT : lt[k - 1];
    const po = k === 0 ? zeroT : lo[k - 1];
    const pS = k === 0 ? zeroS : lS[k - 1];
    for (let y = 0; y < Y; y++) {
      t[y] = pt[y];
      o[y] = po[y];
    }
    for (let i = 0; i < NS; i++) S[i] = pS[i];
    add(k, t, o, S);
    if (k === K - 1) pre(t, o, S);
  }

  /** Before the innermost level: round the slots it does not add to, once. */
  function pre(t: Float64Array, o: Float64Array, S: Float64Array): void {
    for (let y = 0; y < Y; y++) {
      preT[y] = t[y];
      preO[y] = o[y];
    }
    for (let s = 0; s < NS; s++) {
      const x = S[s];
      if (touched[s] === 1) {
        preS[s] = x;
        continue;
      }
      if (x === 0) continue;
      const v = withStatutory(x, s);
      const y = slotYear[s];
      preT[y] += v;
      if (slotOneTime[s] === 1) preO[y] += v;
    }
  }
  if (K === 0) pre(zeroT, zeroT, zeroS);

  const Sx = new Float64Array(NS);
  const innerAxes = levels[K].axes;
  const innerStrides = levels[K].strides;
  /** The innermost level, for every package: cost and one-time cost by year into t and o. */
  function finish(t: Float64Array, o: Float64Array): void {
    for (let y = 0; y < Y; y++) {
      t[y] = preT[y];
      o[y] = preO[y];
    }
    for (let i = 0; i < inner.length; i++) Sx[inner[i]] = preS[inner[i]];
    add(K, t, o, Sx);
    for (let i = 0; i < inner.length; i++) {
      const s = inner[i];
      const x = Sx[s];
      if (x === 0) continue;
      const v = withStatutory(x, s);
      const y = slotYear[s];
      t[y] += v;
      if (slotOneTime[s] === 1) o[y] += v;
    }
  }

  /** Cost and one-time cost by year of the package with axis indexes `ix`. */
  function cost(ix: Int32Array, t: Float64Array, o: Float64Array): void {
    for (let k = 0; k <= K; k++) fill(k, ix);
    finish(t, o);
  }

  const { inProj, end0, committed, exp0, reserveReq, reserveTested, capYear, capOngoing, capTotal, boundMeasure, boundValue, boundAtLeast, measures, fronts, sides } = plan;
  const R = reserveReq.length;
  const K1 = capYear.length / Y;
  const K2 = capOngoing.length / Y;
  const K3 = capTotal.length;
  const NB = boundMeasure.length;
  const off1 = R * Y;
  const off2 = off1 + K1 * Y;
  const off3 = off2 + K2 * Y;
  const off4 = off3 + K3;
  const mVal = new Float64Array(measures.length);
  const invReq = Float64Array.from(reserveReq, (r) => 1 / (100 + r));
  const nearBand = Float64Array.from(reserveReq, (r) => plan.nearCents * (100 + r));
  // The checks the package in hand fails.
  const failList = new Int32Array(off4 + NB);
  let nFail = 0;
  const isPay = Uint8Array.from(measures, (m) => ('pay' in m ? 1 : 0));
  const { nearCents, nearK, sampleK, sampleSeed } = plan;

  /**
   * Applies every check to a package's figures: sets `failed[check]` for those it fails and
   * returns whether it passes all, with `last.total` its cost over all years and
   * `last.slack` how near (cents) it comes to a cost or reserve limit.
   */
  // Per year: ending balance with no proposal less committed amounts; the years the reserve is tested.
  const endC = Float64Array.from(end0, (e, y) => e - committed[y]);
  const tested = Int32Array.from([...reserveTested.keys()].filter((y) => reserveTested[y] === 1));
  const cumA = new Float64Array(Y);
  let lastTotal = 0;
  let lastSlack = Infinity;
  function judge(ix: Int32Array, t: Float64Array, o: Float64Array): boolean {
    let ok = true;
    // How near (cents) the package comes to a cost or reserve limit, when nearer than nearCents.
    let slack = Infinity;
    let nf = 0;
    let cum = 0;
    let total = 0;
    for (let y = 0; y < Y; y++) {
      const c = t[y];
      total += c;
      if (inProj[y] === 1) cum += c;
      cumA[y] = cum;
    }
    for (let i = 0; i < tested.length; i++) {
      const y = tested[i];
      // The engine's test: (ending balance − committed) × 100 ≥ required % × expenditures.
      const spend = exp0[y] + t[y];
      const room = (endC[y] - cumA[y]) * 100;
      for (let r = 0; r < R; r++) {
        const margin = room - reserveReq[r] * spend;
        if (margin < 0) {
          ok = false;
          failList[nf++] = r * Y + y;
        }
        if (margin < nearBand[r] && margin > -nearBand[r]) {
          const sl = (margin < 0 ? -margin : margin) * invReq[r];
          if (sl < slack) slack = sl;
        }
      }
    }
    if (K1 > 0 || K2 > 0) {
      for (let y = 0; y < Y; y++) {
        const c = t[y];
        for (let k = 0; k < K1; k++) {
          const d = capYear[k * Y + y] - c;
          if (d < 0) {
            ok = false;
            failList[nf++] = off1 + k * Y + y;
          }
          if (d < nearCents && d > -nearCents) {
            const sl = d < 0 ? -d : d;
            if (sl < slack) slack = sl;
          }
        }
        const ongoing = c - o[y];
        for (let k = 0; k < K2; k++) {
          const d = capOngoing[k * Y + y] - ongoing;
          if (d < 0) {
            ok = false;
            failList[nf++] = off2 + k * Y + y;
          }
          if (d < nearCents && d > -nearCents) {
            const sl = d < 0 ? -d : d;
            if (sl < slack) slack = sl;
          }
        }
      }
    }
    for (let k = 0; k < K3; k++) {
      const d = capTotal[k] - total;
      if (d < 0) {
        ok = false;
        failList[nf++] = off3 + k;
      }
      if (d < nearCents && d > -nearCents) {
        const sl = d < 0 ? -d : d;
        if (sl < slack) slack = sl;
      }
    }
    if (NB > 0) {
      for (let m = 0; m < measures.length; m++) mVal[m] = isPay[m] === 1 ? (measures[m] as { pay: Float64Array }).pay[combo[0]] : lin(measureLin[m], ix);
      for (let b = 0; b < NB; b++) {
        const x = mVal[boundMeasure[b]];
        const v = boundValue[b];
        if (boundAtLeast[b] === 1 ? x < v - 1e-9 : x > v + 1e-9) {
          ok = false;
          failList[nf++] = off4 + b;
        }
      }
    }
    nFail = nf;
    lastTotal = total;
    lastSlack = slack;
    return ok;
  }

  function scan(from: number, to: number, into: Found, stop?: Int32Array): number {
    const ix = decodeIx(from);
    for (let k = 0; k < K; k++) fill(k, ix);
    let changed = K;
    const t = new Float64Array(Y);
    const o = new Float64Array(Y);
    const fails = into.fails;
    let examined = 0;
    let feasible = 0;
    for (let index = from; index < to; index++) {
      if ((examined & 0xffff) === 0 && stop !== undefined && Atomics.load(stop, 0) !== 0) break;
      for (let k = changed; k < K; k++) fill(k, ix);
      let c = 0;
      for (let j = 0; j < innerAxes.length; j++) c += ix[innerAxes[j]] * innerStrides[j];
      combo[K] = c;
      finish(t, o);
      const ok = judge(ix, t, o);
      const total = lastTotal;
      const slack = lastSlack;
      if (ok) {
        feasible++;
        for (let f = 0; f < fronts.length; f++) {
          const l = lin(frontLin[f], ix);
          const fc = into.frontCost[f];
          const fi = into.frontIndex[f];
          if (fi[l] < 0 || better(total, index, fc[l], fi[l])) {
            fc[l] = total;
            fi[l] = index;
          }
        }
        for (let s = 0; s < sides.length; s++) {
          const d = lin(sideLin[s], ix);
          const n = into.near[s];
          if (n[2] < 0 || d < n[0] || (d === n[0] && better(total, index, n[1], n[2]))) {
            n[0] = d;
            n[1] = total;
            n[2] = index;
          }
        }
        if (into.cheapest.index < 0 || better(total, index, into.cheapest.cost, into.cheapest.index)) into.cheapest = { cost: total, index };
        if (into.dearest.index < 0 || total > into.dearest.cost) into.dearest = { cost: total, index };
        if (sampleK > 0) {
          const h = mix32(index, sampleSeed);
          const sm = into.samples;
          if (sm.length < sampleK || h < sm[sm.length - 1].hash) {
            sm.push({ hash: h, index });
            sm.sort((x, y) => x.hash - y.hash || x.index - y.index);
            if (sm.length > sampleK) sm.pop();
          }
        }
      } else {
        for (let i = 0; i < nFail; i++) fails[failList[i]]++;
      }
      nFail = 0;
      if (slack <= nearCents && nearK > 0) {
        const nl = into.nearLimit;
        if (nl.length < nearK || slack < nl[nl.length - 1].slack) {
          nl.push({ slack, index, feasible: ok });
          nl.sort((x, y) => x.slack - y.slack || x.index - y.index);
          if (nl.length > nearK) nl.pop();
        }
      }
      examined++;
      // Next package: the innermost level's first axis changes fastest; levels above the carry stay as they are.
      for (let j = 0; j < nAxes; j++) {
        const a = order[j];
        if (++ix[a] < radix[a]) {
          changed = levelOfAxis[a];
          break;
        }
        ix[a] = 0;
      }
    }
    into.examined += examined;
    into.feasible += feasible;
    return examined;
  }

  /** The checks a package with these figures fails (indexes into the plan's checks). */
  function failures(index: number, t: Float64Array, o: Float64Array): number[] {
    const ix = decodeIx(index);
    for (let k = 0; k <= K; k++) fill(k, ix);
    nFail = 0;
    judge(ix, t, o);
    const out = [...failList.subarray(0, nFail)].sort((a, b) => a - b);
    nFail = 0;
    return out;
  }

  function decodeIx(index: number): Int32Array {
    const ix = new Int32Array(nAxes);
    let rest = index;
    for (let j = 0; j < nAxes; j++) {
      const a = order[j];
      ix[a] = rest % radix[a];
      rest = Math.floor(rest / radix[a]);
    }
    return ix;
  }

  /** Figures of package `index` (cents by year). */
  function figures(index: number): Figures {
    const ix = decodeIx(index);
    const total = new Float64Array(Y);
    const oneTime = new Float64Array(Y);
    cost(ix, total, oneTime);
    return { total, oneTime };
  }

  return { cost, scan, figures, failures };
}
