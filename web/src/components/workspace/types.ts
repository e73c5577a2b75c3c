/** The API answers the workspace pages read (the shapes are in /api/openapi.json). */
export type Certification = 'positive' | 'qualified' | 'negative' | 'not-certified';
export interface YearTotal { fy: string; totalCents: number; ongoingCents: number; oneTimeCents: number }
export interface Org { id: number; name: string }
export interface Passed { number: number; from: Org; to: Org; at: string; by: string | null }

export interface VersionBrief {
  id: number; version: number; title: string; datasetVersionId: number; createdAt: string; createdBy: string;
  years: YearTotal[]; certification: Certification; firstShortYear: string | null; passed: Passed | null; published: { at: string; by: string | null } | null;
}

/** A bargaining table as the workspace sees it: what crossed it, in rounds by date (newest round first). */
export interface TableRounds {
  id: string; district: { name: string }; union: { name: string; unit: string };
  rounds: { union: number | null; district: number | null; agreement: number | null; versions: { id: number; before: number | null }[] }[];
  history: number[];
  versions: { id: number; title: string; party: 'union' | 'district' | 'joint' | 'fact-finder'; date: string; version: number; passedAt: string; countersignedAt: string | null; from: { name: string; kind: 'district' | 'union' } }[];
}

export interface ProposalList {
  tables: TableRounds[];
  proposals: { id: number; title: string; createdAt: string; versions: number; latest: VersionBrief }[];
  received: { id: number; version: number; title: string; unit: string; from: Org & { kind: 'district' | 'union' }; passedAt: string; publishedAt: string | null; datasetVersionId: number; years: YearTotal[]; certification: Certification; awaitingCountersignature: boolean; countersigned: { at: string } | null }[];
}

export interface ProposalDetail { id: number; title: string; createdAt: string; createdBy: string; versions: VersionBrief[] }

export interface OrganizationAnswer {
  organization: { id: number; kind: 'district' | 'union'; name: string; unit: string | null };
  acrossTheTable: { id: number; kind: 'district' | 'union'; name: string; unit: string | null }[];
}

export interface DatasetVersion {
  id: number; datasetId: number; version: number; source: string; note: string; sha256: string; createdAt: string; createdBy: string;
  summary: { district: string; baseFiscalYear: string; schools: number; students: number; employees: number; fte: number };
}
export interface DatasetList { datasets: { id: number; name: string; createdAt: string; versions: DatasetVersion[] }[] }

export interface Overview {
  datasetVersionId: number;
  district: { name: string; cdsCode: string; baseFiscalYear: string; requiredReservePct: number };
  schools: { total: number; highNeed: number; unmapped: number; byType: { type: string; schools: number; highNeed: number; students: number }[] };
  enrollment: { total: number; bySpan: { span: string; students: number; schools: number }[] };
  staff: {
    headcount: number; fte: number; payCents: number;
    byUnit: { unit: string; name: string; union: string; kind: string; headcount: number; fte: number; payCents: number; roles: { role: string; headcount: number; fte: number; payCents: number }[] }[];
  };
  budget: { fy: string; revenueCents: number; expenditureCents: number; endingBalanceCents: number; committedCents: number; reservePct: number; requiredReservePct: number; meetsReserve: boolean }[];
  points: SchoolPoint[];
}
export interface SchoolPoint { id: string; name: string; type: string; lat: number; lon: number; students: number; highNeed: boolean }

export interface Change { type: 'added' | 'removed' | 'modified' | 'moved'; term: string; title?: string; before: string | null; after: string | null; effect: { fy: string; cents: number }[]; totalCents: number }
export interface Span { from: string; to: string }
/** A sum of added cost over the fiscal years it names. */
export interface YearsTotal { from: string; to: string; cents: number }
export interface Comparison {
  years: string[];
  /** The years every version is costed over (null when they are on different dataset versions: see groups). */
  span: Span | null;
  groups: { datasetVersionId: number; span: Span; versions: number[] }[];
  note?: string;
  baseline: { datasetVersionId: number; district: string };
  provisions: { key: string; label: string; baseline: string; values: string[] }[];
  versions: {
    id: number; own: boolean; version: number; title: string; organization: { id: number; name: string; kind: 'district' | 'union' };
    unit: string; party: string; date: string; term: { start: string; end: string }; datasetVersionId: number; passedAt: string | null; publishedAt: string | null;
    years: YearTotal[]; total: YearsTotal; contractTotal: YearsTotal;
    reserve: { fy: string; reservePct: number; requiredReservePct: number; meetsReserve: boolean; endingBalanceCents: number; extrapolated: boolean }[];
    firstShortYear: string | null; certification: Certification; certificationYears: string[]; missingYears: string[]; laterShortYears: string[];
  }[];
  changes: { from: number; to: number; sameDataset: boolean; note?: string; span?: Span; header?: Change | null; changes?: Change[]; unchanged?: string[]; fromCents?: { fy: string; cents: number }[]; toCents?: { fy: string; cents: number }[] }[];
}

/**
 * Every version of every dataset, newest first: by the time stored, and within one millisecond
 * in the order the server lists them (ids are random and say nothing about order).
 */
export function newestFirst<D extends { versions: { createdAt: string }[] }>(datasets: D[]): { d: D; v: D['versions'][number] }[] {
  return datasets.flatMap((d) => d.versions.map((v) => ({ d, v }))).sort((a, b) => (a.v.createdAt < b.v.createdAt ? 1 : a.v.createdAt > b.v.createdAt ? -1 : 0));
}
