import { z } from 'zod';
import { fiscalYearOf, fyLabel, isIsoDate, parseFiscalYear, type FiscalYear } from '../calendar/fiscal-year.ts';
import { parseGradeSpan, type Grade } from '../district/grades.ts';
import { SCHOOL_TYPES, type SchoolType } from '../district/types.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { parseYaml, pathLabel, type Path } from '../text/yaml.ts';

/**
 * The settlement-zone space file (docs/zone.md): a base proposal whose other terms stay
 * fixed, and dimensions whose values range over a grid. Each dimension becomes one term of
 * every package; its ranged fields are the axes of the grid.
 */

const custom = (code: string, message: string) => ({ message, params: { code } });
const date = z.string().refine(isIsoDate, custom('bad-date', 'must be a date written YYYY-MM-DD'));
const fiscalYear = z.string().transform((s, ctx) => {
  const fy = parseFiscalYear(String(s));
  if (fy === null) ctx.addIssue({ code: 'custom', message: `"${s}" is not a fiscal year like 2020-21`, params: { code: 'bad-fiscal-year' } });
  return fy ?? 0;
});
const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: 'must be letters, digits, dots, dashes or underscores' });
const grades = z.union([z.string(), z.number()]).transform((s, ctx) => {
  const g = parseGradeSpan(String(s));
  if (!g) ctx.addIssue({ code: 'custom', message: `"${s}" is not a grade span like K-3 or 9-12`, params: { code: 'bad-grade-span' } });
  return g ?? [];
});
const schoolFilter = z.object({ types: z.array(z.enum(SCHOOL_TYPES)).min(1).optional(), highNeedOnly: z.boolean().optional() }).strict();

/** A range of values: one number, a list, or `{ from, to, step }`. */
const range = z.union([
  z.number(),
  z.array(z.number()).min(1),
  z.object({ from: z.number(), to: z.number(), step: z.number().gt(0) }).strict(),
]);
export type RangeInput = z.infer<typeof range>;

const dateList = z.union([date, z.array(date).min(1)]);
const byDate = z.record(date, range);
const priority = z.enum(['pay', 'class-size', 'support-staff', 'other']);

const common = { id, title: z.string().min(1).optional(), unit: z.string().min(1).optional() };

const dimensionSchema = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('raise'), pct: range, effective: dateList, paid: date.optional(), roles: z.array(z.string().min(1)).min(1).optional() }).strict(),
  z
    .object({ ...common, kind: z.literal('bonus'), pct: range.optional(), amount: range.optional(), paid: date, employedIn: fiscalYear.optional(), roles: z.array(z.string().min(1)).min(1).optional() })
    .strict()
    .refine((d) => (d.pct === undefined) !== (d.amount === undefined), custom('bonus-basis', 'give exactly one of pct (percent of annual pay) and amount (dollars per employee)')),
  z.object({ ...common, kind: z.literal('class-size'), grades, measure: z.enum(['maximum', 'average']).optional(), highNeedExtra: z.number().int().min(0).max(20).optional(), reduceBy: byDate }).strict(),
  z.object({ ...common, kind: z.literal('hire'), role: z.string().min(1), schools: schoolFilter.optional(), count: byDate, priority: priority.optional() }).strict(),
]);

const spaceSchema = z
  .object({
    title: z.string().min(1).optional(),
    base: z.string().min(1),
    latest: z.object({ union: z.string().min(1).optional(), district: z.string().min(1).optional() }).strict().optional(),
    through: fiscalYear.optional(),
    reserve: z.object({ marginPct: z.number().min(0).max(100).optional(), from: fiscalYear.optional(), through: fiscalYear.optional() }).strict().optional(),
    dimensions: z.array(dimensionSchema).min(1),
  })
  .strict();

type DimensionInput = z.infer<typeof dimensionSchema>;

/** One axis of the grid: the values one ranged field takes. */
export interface Axis {
  /** `raise-2018`, `raise-2018.effective`, `nurses@2020-21`. */
  id: string;
  /** Index of the dimension it belongs to. */
  dim: number;
  /** What the value is: a percent, dollars, positions, students fewer, or a date (as an index into `dates`). */
  unit: 'pct' | 'usd' | 'count' | 'students' | 'date';
  values: number[];
  /** For date axes: the dates, `values` are 0 … n−1. */
  dates?: string[];
  /** For per-year axes: the date the phase starts. */
  from?: string;
  /** Where the ranged field is written in the space file. */
  path: Path;
}

export type Priority = 'pay' | 'class-size' | 'support-staff' | 'other';

interface DimBase {
  id: string;
  title?: string;
  unit?: string;
  /** Axes of this dimension (indexes into Space.axes). */
  axes: number[];
  path: Path;
}
export interface RaiseDim extends DimBase { kind: 'raise'; pctAxis: number; effectiveAxis: number | null; effective: string[]; paid?: string; roles?: string[] }
export interface BonusDim extends DimBase { kind: 'bonus'; basis: 'pct' | 'amount'; valueAxis: number; paid: string; employedIn?: FiscalYear; roles?: string[] }
export interface ClassSizeDim extends DimBase { kind: 'class-size'; grades: Grade[]; measure?: 'maximum' | 'average'; highNeedExtra: number; phases: { from: string; axis: number }[] }
export interface HireDim extends DimBase { kind: 'hire'; role: string; schools?: { types?: SchoolType[]; highNeedOnly?: boolean }; phases: { from: string; axis: number }[]; priority: Priority }
export type Dimension = RaiseDim | BonusDim | ClassSizeDim | HireDim;

export interface Space {
  file: string;
  title?: string;
  /** Path of the base proposal as written (relative to the space file). */
  base: string;
  latest: { union?: string; district?: string };
  through?: FiscalYear;
  reserve: { marginPct: number; from?: FiscalYear; through?: FiscalYear };
  dimensions: Dimension[];
  axes: Axis[];
  /** Packages in the grid: the product of the axes' sizes. */
  size: number;
  locate: (path: Path) => { line: number; col: number };
}

const SUPPORT_ROLES = new Set(['nurse', 'librarian', 'counselor', 'psychologist', 'psychiatric-social-worker', 'social-worker', 'teacher-librarian']);
const MAX_VALUES = 10_000;

const EXAMPLES: Record<string, string> = {
  base: 'base: ../lausd-2019/settlement-2019-01-22.yaml',
  latest: 'latest: { union: ../lausd-2019/utla-demands.yaml, district: ../lausd-2019/district-offer-2019-01-11.yaml }',
  through: 'through: 2021-22',
  reserve: 'reserve: { marginPct: 0.5, through: 2020-21 }',
  marginPct: 'marginPct: 0.5',
  dimensions: 'dimensions: [{ id: raise-2019, kind: raise, pct: { from: 0, to: 6, step: 1 }, effective: 2019-07-01 }]',
  kind: 'kind: raise   (or bonus, class-size, hire)',
  pct: 'pct: { from: 0, to: 6, step: 0.5 }   (or a list: [0, 3, 6])',
  amount: 'amount: [0, 500, 1000]',
  effective: 'effective: 2019-07-01   (or a list of dates to try: [2019-07-01, 2020-01-01])',
  paid: 'paid: 2019-03-01',
  reduceBy: 'reduceBy: { 2019-07-01: { from: 0, to: 2, step: 1 }, 2020-07-01: [0, 1, 2] }',
  count: 'count: { 2019-07-01: { from: 0, to: 300, step: 50 } }',
  grades: 'grades: 4-12',
  role: 'role: nurse',
  schools: 'schools: { types: [elementary, middle] }',
  priority: 'priority: support-staff   (or pay, class-size, other)',
  highNeedExtra: 'highNeedExtra: 2',
  id: 'id: raise-2019',
};

function example(path: Path): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const k = path[i];
    if (typeof k === 'string' && EXAMPLES[k]) return EXAMPLES[k];
    if (typeof k === 'string' && isIsoDate(k)) return '{ from: 0, to: 300, step: 50 }   (or a list: [0, 150, 300])';
  }
  return undefined;
}

/** Parses a space file. Throws `InvalidInput` with file:line:col for every problem. */
export function parseSpace(text: string, file: string): Space {
  const parsed = parseYaml(text, { file, schema: spaceSchema, codePrefix: 'zone', example: (path) => example(path) });
  if (!parsed.ok) throw new InvalidInput(parsed.problems);
  const input = parsed.value;
  const problems: Problem[] = [];
  const at = (path: Path, code: string, message: string, hint?: string) => {
    const pos = parsed.locate(path);
    problems.push({ code: `zone.${code}`, message, where: { file, line: pos.line, col: pos.col, field: pathLabel(path) }, hint });
  };
  const axes: Axis[] = [];
  const axis = (a: Omit<Axis, 'values'> & { range: RangeInput; check: (v: number) => string | null }): number => {
    const values = expand(a.range);
    if (typeof values === 'string') {
      at(a.path, 'bad-range', values, '{ from: 0, to: 6, step: 0.5 }');
      return -1;
    }
    if (values.length > MAX_VALUES) at(a.path, 'too-many-values', `a range may have at most ${MAX_VALUES} values, this one has ${values.length}`, 'a larger step');
    for (const v of values) {
      const bad = a.check(v);
      if (bad) {
        at(a.path, 'bad-value', `${bad}, got ${v}`);
        break;
      }
    }
    if (new Set(values).size !== values.length) at(a.path, 'repeated-value', 'lists the same value twice', '[0, 1, 2]');
    const { range: _r, check: _c, ...rest } = a;
    axes.push({ ...rest, values });
    return axes.length - 1;
  };

  const ids = new Map<string, number>();
  const dimensions: Dimension[] = input.dimensions.map((d: DimensionInput, i: number): Dimension => {
    const path: Path = ['dimensions', i];
    if (ids.has(d.id)) at([...path, 'id'], 'duplicate-id', `dimension id "${d.id}" is already used by dimensions[${ids.get(d.id)}]`, `id: ${d.id}-2`);
    ids.set(d.id, i);
    const base = { id: d.id, title: d.title, unit: d.unit, path };
    switch (d.kind) {
      case 'raise': {
        const pctAxis = axis({ id: d.id, dim: i, unit: 'pct', path: [...path, 'pct'], range: d.pct, check: (v) => (v <= -100 || v > 100 ? 'a raise must be above -100% and at most 100%' : null) });
        const effective = typeof d.effective === 'string' ? [d.effective] : d.effective;
        if (new Set(effective).size !== effective.length) at([...path, 'effective'], 'repeated-value', 'lists the same date twice');
        let effectiveAxis: number | null = null;
        if (effective.length > 1) {
          effectiveAxis = axes.length;
          axes.push({ id: `${d.id}.effective`, dim: i, unit: 'date', values: effective.map((_, k) => k), dates: effective, path: [...path, 'effective'] });
        }
        return { ...base, kind: 'raise', pctAxis, effectiveAxis, effective, paid: d.paid, roles: d.roles, axes: effectiveAxis === null ? [pctAxis] : [pctAxis, effectiveAxis] };
      }
      case 'bonus': {
        const basis = d.pct !== undefined ? 'pct' : 'amount';
        const valueAxis = axis({
          id: d.id, dim: i, unit: basis === 'pct' ? 'pct' : 'usd', path: [...path, basis], range: (d.pct ?? d.amount) as RangeInput,
          check: (v) => (v < 0 ? 'a bonus cannot be negative' : basis === 'pct' && v > 100 ? 'a bonus percent must be at most 100' : basis === 'amount' && v > 10_000_000 ? 'a bonus must be at most $10,000,000' : null),
        });
        return { ...base, kind: 'bonus', basis, valueAxis, paid: d.paid, employedIn: d.employedIn, roles: d.roles, axes: [valueAxis] };
      }
      case 'class-size': {
        const phases = perYear(d.reduceBy, path, 'reduceBy', i, d.id, 'students', (v) => (!Number.isInteger(v) || v < 0 || v > 50 ? 'a reduction must be a whole number of students from 0 to 50' : null));
        if (d.grades.length === 0) at([...path, 'grades'], 'bad-grade-span', 'names no grades');
        return { ...base, kind: 'class-size', grades: d.grades, measure: d.measure, highNeedExtra: d.highNeedExtra ?? 0, phases, axes: phases.map((p) => p.axis) };
      }
      case 'hire': {
        const phases = perYear(d.count, path, 'count', i, d.id, 'count', (v) => (v < 0 || v > 100_000 ? 'a count must be from 0 to 100,000 positions' : null));
        const pr: Priority = d.priority ?? (SUPPORT_ROLES.has(d.role) ? 'support-staff' : 'other');
        return { ...base, kind: 'hire', role: d.role, schools: d.schools, phases, priority: pr, axes: phases.map((p) => p.axis) };
      }
    }
  });

  function perYear(rec: Record<string, RangeInput>, path: Path, field: string, dim: number, did: string, unit: Axis['unit'], check: (v: number) => string | null): { from: string; axis: number }[] {
    const dates = Object.keys(rec).sort();
    if (dates.length === 0) at([...path, field], 'no-phases', 'must list at least one date with its range', example([field]));
    if (dates.join() !== Object.keys(rec).join()) at([...path, field], 'phase-order', 'list the dates in order, earliest first', example([field]));
    const many = dates.length > 1;
    // Axes are named by fiscal year (`nurses@2020-21`), or by date when two fall in the same year.
    const fys = dates.map((d) => fyLabel(fiscalYearOf(d)));
    const name = (k: number) => (fys.filter((f) => f === fys[k]).length > 1 ? dates[k] : fys[k]);
    return dates.map((from, k) => ({ from, axis: axis({ id: many ? `${did}@${name(k)}` : did, dim, unit, from, path: [...path, field, from], range: rec[from], check }) }));
  }

  const reserve = { marginPct: input.reserve?.marginPct ?? 0, from: input.reserve?.from, through: input.reserve?.through };
  if (reserve.from !== undefined && reserve.through !== undefined && reserve.through < reserve.from) at(['reserve', 'through'], 'year-order', 'must not be before reserve.from', 'through: 2020-21');
  if (problems.length > 0) throw new InvalidInput(problems);
  const size = axes.reduce((n, a) => n * a.values.length, 1);
  if (!Number.isSafeInteger(size)) {
    throw new InvalidInput([{ code: 'zone.too-large', message: `the grid has ${size.toExponential(2)} packages, more than can be counted exactly`, where: { file }, hint: 'larger steps or fewer dimensions' }]);
  }
  return {
    file, title: input.title, base: input.base, latest: input.latest ?? {}, through: input.through, reserve, dimensions, axes, size, locate: parsed.locate,
  };
}

/** The values of a range, in order; a message when the range is malformed. */
export function expand(r: RangeInput): number[] | string {
  if (typeof r === 'number') return [r];
  if (Array.isArray(r)) return [...r].sort((a, b) => a - b);
  if (r.to < r.from) return `"to" (${r.to}) must not be below "from" (${r.from})`;
  const n = Math.floor((r.to - r.from) / r.step + 1e-9) + 1;
  if (n > MAX_VALUES) return `a range may have at most ${MAX_VALUES} values, this one has ${n}`;
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(Number((r.from + i * r.step).toFixed(9)));
  return out;
}
