/** The district's strike-day site plan as the API answers it (src/server/sites/plan-schemas.ts). */
export type SiteStatus = 'instruction' | 'supervision' | 'meals' | 'closed';
export const STATUSES: SiteStatus[] = ['instruction', 'supervision', 'meals', 'closed'];

export interface SiteDay {
  id: number; date: string; label: string; datasetVersionId: number; shares: Record<string, number>;
  substituteDayRate: number | null; otherCosts: number; ratioLimit: number; version: number; publishedVersion: number | null;
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

/** The strike day in the address (`?day=`), else today's or the latest before it, else the first. */
export function pickSiteDay(days: SiteDay[], query: URLSearchParams): SiteDay | null {
  const asked = Number(query.get('day'));
  const found = days.find((d) => d.id === asked);
  if (found) return found;
  const today = new Date().toISOString().slice(0, 10);
  const past = days.filter((d) => d.date <= today && !d.cancelled);
  return past.length > 0 ? past[past.length - 1] : days[0] ?? null;
}

/** A refusal with its problems listed (a file's lines), said as such by the page. */
export class Refused extends Error {
  constructor(readonly text: string, readonly problems: string[]) {
    super(text);
  }
}
