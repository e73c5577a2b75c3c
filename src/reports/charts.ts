import type { CostResult } from '../costing/result.ts';

/**
 * Charts shared by the reports and (later) the web app: the same option objects render as
 * SVG on the server and in the browser.
 */
export interface ChartSvgs {
  /** Added cost by term, stacked, per fiscal year. */
  cost: string;
  /** Reserve % per year with and without the proposal, against the required minimum. */
  reserve: string;
}

export function costChartsSvg(result: CostResult): ChartSvgs {
  void result;
  throw new Error('charts are not built yet');
}
