/**
 * The downloads of a proposal version, made on a costing thread where the dataset is already
 * loaded: the public disclosure (Government Code 3547.5) as self-contained HTML, ready for
 * Chromium to print, and the spreadsheet whose live formulas reproduce every total. Both
 * cost the stored YAML again on the stored dataset version, exactly as `settle disclose`
 * does (same inputs, same figures), with the CLI's defaults: the board meets on the
 * proposal's date, the other units are pending, a new agreement, Letter paper.
 */
import { costProposal } from '../../costing/cost.ts';
import type { Dataset } from '../../district/types.ts';
import { parseProposal } from '../../proposals/parse.ts';
import { buildDisclosure, disclosureHtml, disclosureTitle } from '../../reports/disclosure/index.ts';
import { workbookFor } from '../../reports/xlsx/index.ts';

export interface DisclosureDocument {
  html: string;
  /** The footer of every printed page: the district and the union. */
  title: string;
}

/**
 * A stored version, costed again for its report. Its date was checked when it was stored (a
 * what-if on data of another year only with allowOtherYear), so it is costed the same way
 * here; the result's otherYear, and so the report, says when it is such a what-if.
 */
function costed(dataset: Dataset, yaml: string) {
  const parsed = parseProposal(yaml, 'proposal.yaml');
  return { proposal: parsed.proposal, result: costProposal({ dataset, proposal: parsed.proposal, source: parsed, allowOtherYear: true }) };
}

export function disclosureDocument(dataset: Dataset, yaml: string): DisclosureDocument {
  const { proposal, result } = costed(dataset, yaml);
  const input = { dataset, proposal, result, options: {} };
  return { html: disclosureHtml({ ...input, paper: 'letter' }), title: disclosureTitle(buildDisclosure(input)) };
}

export async function disclosureWorkbook(dataset: Dataset, yaml: string): Promise<Uint8Array> {
  const { proposal, result } = costed(dataset, yaml);
  return new Uint8Array(await workbookFor({ kind: 'disclose', dataset, proposals: [proposal], results: [result] }));
}
