/** The district's strike-day site plan as the API answers it (src/server/sites/plan-schemas.ts). */
import { pickDay } from '../../components/pickets/parts.tsx';

export type SiteStatus = 'instruction' | 'supervision' | 'meals' | 'closed';
export const STATUSES: SiteStatus[] = ['instruction', 'supervision', 'meals', 'closed'];

export interface SiteDay {
  id: number; date: string; label: string; datasetVersionId: number; shares: Record<string, number>;
  substituteDayRate: number | null; otherCosts: number; ratioLimit: number; version: number; publishedVersion: number | null;
  /** Publishing now would change what the public sees (counts since the last publication do not count). */
  unpublishedChanges?: boolean;
  cancelled: boolean; createdAt: string;
  sites?: { total: number; open: number; closed: number; flagged: number };
}

export interface Site {
  schoolId: string; name: string; address: string; latitude: number | null; longitude: number | null;
  status: SiteStatus; opens: string | null; closes: string | null; capacity: number | null;
  administrators: number; substitutes: number; volunteers: number; studentsAttending: number | null;
  offers: string; languages: string[]; childrenPresent: number | null; adultsPresent: number | null; countedAt: string | null;
  flagged: boolean; version: number; updatedAt: string;
}

export interface SiteChange {
  id: number; planVersion: number; kind: string; before: Record<string, unknown>; after: Record<string, unknown>;
  batch: number | null; by: { id: number; name: string }; at: string;
}

export interface SiteAdministrator { id: number; personId: number; name: string; email: string; schoolId: string; school: string; assignedAt: string; endedAt: string | null }

export interface BulkResult {
  preview: boolean; changed: number; unchanged: number; transitions: { from: SiteStatus; to: SiteStatus; sites: number }[];
  sample: { schoolId: string; name: string; before: Record<string, unknown>; after: Record<string, unknown> }[]; version: number; batch: number | null;
}

/** The strike day in the address (`?day=`), else the latest that has started, else the first. */
export function pickSiteDay(days: SiteDay[], query: URLSearchParams): SiteDay | null {
  return pickDay(days, query);
}

/** A refusal with its problems listed (a file's lines), said as such by the page. */
export class Refused extends Error {
  constructor(readonly text: string, readonly problems: string[]) {
    super(text);
  }
}
