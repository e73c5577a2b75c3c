/** The roster's API answers as the pages read them (the shapes: src/server/roster/schemas.ts, /api/openapi.json). */
export const FIELDS = ['memberId', 'name', 'employeeId', 'email', 'mobile', 'worksite', 'jobClass', 'status'] as const;
export type Field = (typeof FIELDS)[number];
export const REQUIRED: readonly Field[] = ['memberId', 'name'];

/** Which column (by its header) holds each field; null: the file has none. */
export type Mapping = Record<Field, string | null>;

export interface RosterImport { id: number; fileName: string; format: string; rows: number; status: string; createdAt: string }

export interface MemberFields {
  memberId: string; name: string; employeeId: string | null; email: string | null; mobile: string | null;
  worksite: string | null; jobClass: string | null; status: string;
}

export interface Preview {
  import: RosterImport;
  columns: string[];
  mapping: Mapping;
  suggestedMapping: Mapping;
  removeMissing: boolean;
  mappingProblems: { field: Field; message: string; hint: string }[];
  sample: { line: number; cells: string[] }[];
  counts: { rows: number; accepted: number; rejectedRows: number; duplicates: number; adds: number; changes: number; removes: number; unchanged: number };
  rejected: { line: number; field: Field | null; code: string; message: string; hint: string; duplicateOf: { line?: number; memberId?: string; name?: string } | null }[];
  adds: (MemberFields & { line: number; restored: boolean })[];
  changes: { line: number; memberId: string; name: string; changes: { field: Field; before: string | null; after: string | null }[] }[];
  removes: { memberId: string; name: string; worksite: string | null }[];
  worksites: {
    matched: { key: string; name: string; schoolId: string | null; cdsCode: string | null; members: number }[];
    unmatched: { name: string; members: number; lines: number[] }[];
  };
  datasetVersionId: number | null;
  digest: string;
}

export interface Applied {
  import: RosterImport;
  applied: { added: number; restored: number; changed: number; removed: number; unchanged: number; rejectedRows: number };
}

export interface Member {
  id: number; memberId: string; name: string; employeeId: string | null; email: string | null; mobile: string | null;
  jobClass: string | null; status: string; worksite: { id: number; name: string } | null; updatedAt: string;
}
export interface Members { members: Member[]; total: number; limit: number; offset: number }

export interface Captain { id: number; worksiteId: number; member: { id: number; memberId: string; name: string }; assignedAt: string }
export interface Worksite { id: number; name: string; schoolId: string | null; cdsCode: string | null; matched: boolean; members: number; captains: Captain[] }
export interface Worksites { worksites: Worksite[] }
