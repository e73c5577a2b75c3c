import { z } from 'zod';
import { fyLabel, parseFiscalYear, type FiscalYear } from '../calendar/fiscal-year.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { parseYaml, pathLabel, type Path } from '../text/yaml.ts';

/**
 * One side's limits (docs/zone.md): the district's ceilings, the union's floors. Either file
 * may hold any of the fields; `party` says whose they are. In blind mode nothing in here is
 * ever printed.
 */

const dollars = z.number().min(0).max(1e13);
const byYear = z.union([dollars, z.record(z.string(), dollars)]);

const limitsSchema = z
  .object({
    party: z.enum(['union', 'district']),
    title: z.string().optional(),
    reserveMarginPct: z.number().min(0).max(100).optional(),
    maxCost: z
      .object({ perYear: byYear.optional(), ongoingPerYear: byYear.optional(), total: dollars.optional() })
      .strict()
      .optional(),
    atLeast: z.record(z.string(), z.number()).optional(),
    atMost: z.record(z.string(), z.number()).optional(),
  })
  .strict();

export type Party = 'union' | 'district';

export interface Limits {
  file: string;
  party: Party;
  reserveMarginPct?: number;
  /** Ceilings in cents by fiscal year (`null` key: every year). */
  maxPerYear?: YearCeiling;
  maxOngoingPerYear?: YearCeiling;
  maxTotalCents?: number;
  /** Bounds on measures (`pay`, `classSize`, `supportStaff`) or dimension / axis ids. */
  atLeast: { key: string; value: number; path: Path }[];
  atMost: { key: string; value: number; path: Path }[];
  locate: (path: Path) => { line: number; col: number };
}

export interface YearCeiling {
  /** Cents for every year, unless the year has its own. */
  all?: number;
  byYear: Map<FiscalYear, number>;
  path: Path;
}

const EXAMPLES: Record<string, string> = {
  party: 'party: district   (or union)',
  reserveMarginPct: 'reserveMarginPct: 0.5   (the reserve must stay 0.5 points above the required minimum)',
  maxCost: 'maxCost: { perYear: 400000000, ongoingPerYear: 300000000, total: 1000000000 }',
  perYear: 'perYear: 400000000   (or by year: { 2019-20: 300000000, 2020-21: 400000000 })',
  ongoingPerYear: 'ongoingPerYear: 300000000',
  total: 'total: 1000000000',
  atLeast: 'atLeast: { pay: 6, classSize: 2, supportStaff: 300, nurses: 150 }',
  atMost: 'atMost: { pay: 8 }',
};

/** Parses a limits file; `party` is checked against the option it was given with. */
export function parseLimits(text: string, file: string, expected: Party): Limits {
  const parsed = parseYaml(text, {
    file, schema: limitsSchema, codePrefix: 'limits',
    example: (path) => {
      for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string' && EXAMPLES[path[i] as string]) return EXAMPLES[path[i] as string];
      return undefined;
    },
  });
  if (!parsed.ok) throw new InvalidInput(parsed.problems);
  const v = parsed.value;
  const problems: Problem[] = [];
  const at = (path: Path, code: string, message: string, hint?: string) => {
    const pos = parsed.locate(path);
    problems.push({ code: `limits.${code}`, message, where: { file, line: pos.line, col: pos.col, field: pathLabel(path) }, hint });
  };
  if (v.party !== expected) at(['party'], 'wrong-party', `this file is given as the ${expected}'s limits but says party: ${v.party}`, `party: ${expected}`);
  const ceiling = (x: number | Record<string, number> | undefined, path: Path): YearCeiling | undefined => {
    if (x === undefined) return undefined;
    if (typeof x === 'number') return { all: Math.round(x * 100), byYear: new Map(), path };
    const byYear = new Map<FiscalYear, number>();
    for (const [k, d] of Object.entries(x)) {
      const fy = parseFiscalYear(k);
      if (fy === null) at([...path, k], 'bad-fiscal-year', `"${k}" is not a fiscal year like 2020-21`, `${fyLabel(2020)}: 300000000`);
      else byYear.set(fy, Math.round(d * 100));
    }
    return { byYear, path };
  };
  const bounds = (rec: Record<string, number> | undefined, field: string) =>
    Object.entries(rec ?? {}).map(([key, value]) => ({ key, value, path: [field, key] as Path }));
  const limits: Limits = {
    file, party: v.party, reserveMarginPct: v.reserveMarginPct,
    maxPerYear: ceiling(v.maxCost?.perYear, ['maxCost', 'perYear']),
    maxOngoingPerYear: ceiling(v.maxCost?.ongoingPerYear, ['maxCost', 'ongoingPerYear']),
    maxTotalCents: v.maxCost?.total === undefined ? undefined : Math.round(v.maxCost.total * 100),
    atLeast: bounds(v.atLeast, 'atLeast'),
    atMost: bounds(v.atMost, 'atMost'),
    locate: parsed.locate,
  };
  if (problems.length > 0) throw new InvalidInput(problems);
  return limits;
}

/** A problem located in a limits file (for checks made later, such as an unknown key). */
export function limitsProblem(l: Limits, path: Path, code: string, message: string, hint?: string): Problem {
  const pos = l.locate(path);
  return { code: `limits.${code}`, message, where: { file: l.file, line: pos.line, col: pos.col, field: pathLabel(path) }, hint };
}
