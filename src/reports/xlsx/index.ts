import type { CostResult } from '../../costing/result.ts';
import type { Dataset } from '../../district/types.ts';
import type { Proposal } from '../../proposals/types.ts';

export interface WorkbookInput {
  kind: 'cost' | 'compare' | 'disclose';
  dataset: Dataset;
  proposals: Proposal[];
  results: CostResult[];
}

/** A spreadsheet whose live formulas reproduce every total from an inputs sheet. */
export async function workbookFor(input: WorkbookInput): Promise<Buffer> {
  void input;
  throw new Error('the spreadsheet export is not built yet');
}
