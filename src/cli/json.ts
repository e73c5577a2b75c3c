import type { CostResult } from '../costing/result.ts';

/** The result without per-line traces (the default JSON; `--trace` keeps them). */
export function withoutTraces(r: CostResult) {
  return { ...r, years: r.years.map((y) => ({ ...y, lines: y.lines.map(({ trace: _trace, ...line }) => line) })) };
}
