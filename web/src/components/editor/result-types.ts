/**
 * The shapes the editor reads from the server: the costing result (src/costing/result.ts, as
 * POST /api/costings and GET /api/proposal-versions/{id} answer it) and a version.
 */
export type { CostLine, CostResult, Trace, TraceInput, YearCost } from '../../../../src/costing/result.ts';
export type { ProjectionYear, Certification } from '../../../../src/projection/project.ts';
import type { CostResult } from '../../../../src/costing/result.ts';

export interface Org { id: number; name: string }
export interface PassedInfo { number: number; from: Org; to: Org; at: string; by: string | null }
export interface PublishedInfo { at: string; by: string | null }
/** The other side's countersignature of a joint version: from then on, the table's agreement. */
export interface CountersignedInfo { at: string; organization: Org; by: string | null }
export type Party = 'union' | 'district' | 'joint' | 'fact-finder';

export interface VersionAnswer {
  id: number;
  version: number;
  own: boolean;
  proposalId: number | null;
  organization: Org & { kind: 'district' | 'union' };
  title: string;
  datasetVersionId: number;
  createdAt: string | null;
  createdBy: string | null;
  passed: PassedInfo | null;
  published: PublishedInfo | null;
  /** Whose proposal it is shown as: a joint version is its drafting side's until countersigned. */
  party: Party;
  awaitingCountersignature: boolean;
  countersigned: CountersignedInfo | null;
  yaml: string;
  result: CostResult;
}

export interface VersionBrief { id: number; version: number; title: string; createdAt: string; passed: PassedInfo | null; published: PublishedInfo | null }
export interface ProposalDetail { id: number; title: string; createdAt: string; createdBy: string; versions: VersionBrief[] }
