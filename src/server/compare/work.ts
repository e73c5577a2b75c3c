/**
 * The provisions of several stored versions side by side, with what the current contract (the
 * dataset) says on each: src/reports/provisions.ts, run on a costing thread where the dataset
 * is loaded. The versions were parsed when stored, so they parse.
 */
import type { Dataset } from '../../district/types.ts';
import { parseProposal } from '../../proposals/parse.ts';
import { provisions, type Provision } from '../../reports/provisions.ts';

export function provisionsOfYaml(dataset: Dataset, yamls: string[]): Provision[] {
  return provisions(dataset, yamls.map((y, i) => parseProposal(y, `version-${i + 1}.yaml`).proposal));
}
