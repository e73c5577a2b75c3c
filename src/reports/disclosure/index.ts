import type { CostResult } from '../../costing/result.ts';
import type { Dataset } from '../../district/types.ts';
import type { Proposal } from '../../proposals/types.ts';
import { costChartsSvg } from '../charts.ts';
import { disclosureBlocks, disclosureTitle } from './document.ts';
import { renderHtml, type Paper } from './html.ts';
import { renderMarkdown } from './markdown.ts';
import { buildDisclosure, type DisclosureModel, type DisclosureOptions } from './model.ts';

export { buildDisclosure, UNIT_STATUSES, type DisclosureModel, type DisclosureOptions, type UnitStatus } from './model.ts';
export type { Paper } from './html.ts';
export { disclosureTitle } from './document.ts';

/** What a disclosure is made from: the dataset, the agreement, the engine's result for it, and the board's facts. */
export interface DisclosureInput {
  dataset: Dataset;
  proposal: Proposal;
  result: CostResult;
  options?: DisclosureOptions;
}

/** The public disclosure (Government Code 3547.5) as Markdown. */
export function disclosureMarkdown(input: DisclosureInput | DisclosureModel): string {
  const m = 'result' in input ? buildDisclosure(input) : input;
  return renderMarkdown(disclosureBlocks(m, null));
}

/** The public disclosure as one self-contained HTML page with its charts, ready to print (Letter by default). */
export function disclosureHtml(input: DisclosureInput & { paper?: Paper }): string {
  const m = buildDisclosure(input);
  return renderHtml(disclosureBlocks(m, costChartsSvg(input.result)), { title: disclosureTitle(m), paper: input.paper });
}
