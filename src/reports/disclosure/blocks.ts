/**
 * A disclosure as a list of plain blocks, written once (document.ts) and rendered to Markdown
 * (markdown.ts) or HTML (html.ts). Text is plain: renderers escape it.
 */
export interface TableRow {
  cells: string[];
  /** `total`: a total line; `group`: a category line; `sub`: a line indented under the one before. */
  style?: 'total' | 'group' | 'sub';
}

export type Block =
  | { kind: 'title'; text: string; subtitle: string }
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string; style?: 'note' | 'callout' }
  | { kind: 'facts'; rows: [string, string][]; source?: string }
  /** `widths` fixes the column widths; `keep` keeps the table on one page when it fits on one. */
  | { kind: 'table'; head: string[]; rows: TableRow[]; numeric: boolean[]; source: string; widths?: string[]; keep?: boolean }
  | { kind: 'list'; items: string[] }
  | { kind: 'quote'; text: string[]; cite: string }
  | { kind: 'chart'; title: string; svg: string | null }
  | { kind: 'checkboxes'; items: string[] }
  | { kind: 'signatures'; roles: string[] }
  | { kind: 'pagebreak' };

/** Where figures come from, as every table says. */
export const SOURCES = {
  cost: 'from settle cost, docs/costing.md: the sum of the engine\'s cost lines in each category.',
  baseline: 'from settle cost, docs/costing.md ("The status quo (baseline)"): the status quo with step and column.',
  projection: 'from settle cost, docs/costing.md ("Projection and the reserve test").',
  without: 'from settle cost, docs/costing.md ("Projection and the reserve test"): the same projection with the agreement\'s cost taken out of every year.',
  positions: 'from settle cost, docs/costing.md ("Positions").',
  staff: 'from staff.csv: the sum of fte × count of the unit\'s rows',
  units: 'units.csv; FTE from staff.csv (the sum of fte × count); status as given by the district (pending unless stated).',
} as const;
