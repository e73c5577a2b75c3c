/**
 * The rules of a strike day's site plan (docs/sites.md, "A strike day and its sites"), as plain
 * functions: a site's hours, the children-per-adult flag, the live status the public sees, which
 * sites a bulk change picks ("all except these") and what it would change. No database here.
 */
import type { Problem } from '../errors/problem.ts';

export const SITE_STATUSES = ['instruction', 'supervision', 'meals', 'closed'] as const;
export type SiteStatusName = (typeof SITE_STATUSES)[number];
/** Statuses open for children (what the public page lists). */
export const OPEN_STATUSES: readonly SiteStatusName[] = ['instruction', 'supervision', 'meals'];
export const DEFAULT_RATIO_LIMIT = 20;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A local 24-hour time such as 06:30 or 18:00. */
export const isHHMM = (text: string): boolean => HHMM.test(text);

/** The fields of a site a planner sets (by hand or in bulk). */
export interface SiteFields {
  status: SiteStatusName;
  opens: string | null;
  closes: string | null;
  capacity: number | null;
  administrators: number;
  substitutes: number;
  volunteers: number;
  studentsAttending: number | null;
  offers: string;
  languages: string[];
}

/** The adults planned at a site, by kind: a closed site has none (nobody is paid to staff it). */
export const PLANNED_ADULTS = ['administrators', 'substitutes', 'volunteers'] as const;

/** The planned adults a change leaves out, at 0: what closing a site clears. */
const noAdults = (change: Partial<SiteFields>): Partial<SiteFields> =>
  Object.fromEntries(PLANNED_ADULTS.filter((f) => change[f] === undefined).map((f) => [f, 0]));

/**
 * A site after a change: a closed site has no hours and no planned adults (those the change does
 * not name are cleared; named, they are refused by siteProblems); open hours are both given, in order.
 */
export function settle(before: SiteFields, change: Partial<SiteFields>): SiteFields {
  const after = { ...before, ...effectiveSet(change) };
  if (after.status !== 'closed') return after;
  const hours = change.opens === undefined && change.closes === undefined ? { opens: null, closes: null } : {};
  return { ...after, ...hours, ...noAdults(change) };
}

/** What a change sets on every site it reaches: closing without naming hours also clears them, and its planned adults. */
export function effectiveSet(change: Partial<SiteFields>): Partial<SiteFields> {
  const set = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as Partial<SiteFields>;
  if (set.status !== 'closed') return set;
  return { ...set, ...(set.opens === undefined && set.closes === undefined ? { opens: null, closes: null } : {}), ...noAdults(set) };
}

/** What is wrong with a site's fields after a change, by field (`prefix` names where they came from, e.g. `set.`). */
export function siteProblems(site: SiteFields, prefix = ''): Problem[] {
  const problems: Problem[] = [];
  const add = (field: string, code: string, message: string, hint: string) => problems.push({ code: `sites.${code}`, message, where: { field: prefix + field }, hint });
  for (const f of ['opens', 'closes'] as const) {
    const v = site[f];
    if (v !== null && !isHHMM(v)) add(f, 'bad-time', `${f}: "${v}" is not a 24-hour time HH:MM`, '"08:00"');
  }
  if (problems.length > 0) return problems;
  if (site.status === 'closed') {
    for (const f of PLANNED_ADULTS) {
      if (site[f] > 0) add(f, 'closed-with-adults', `a closed site has no adults planned: ${f} must be 0 or left out (closing a site clears its administrators, substitutes and volunteers; they are not costed)`, `{"status": "closed"}, or {"status": "supervision", "${f}": ${site[f]}} to keep them`);
    }
  }
  if (site.status === 'closed' && site.studentsAttending !== null && site.studentsAttending > 0) {
    const n = site.studentsAttending;
    add('studentsAttending', 'closed-with-students', `a closed site has no students attending: studentsAttending must be 0 or null at a closed site, got ${n} (if students came, the site was open that day)`, `{"status": "closed", "studentsAttending": null}, or {"status": "supervision", "studentsAttending": ${n}} if it was open`);
  }
  if (site.status !== 'closed' && site.capacity === 0) {
    add('capacity', 'open-without-room', `an open site (${site.status}) with capacity 0 can take no children, so families would be sent to a site with no room: give the children it can take, leave capacity out (null) if it is not known, or close the site`, '{"capacity": 120}, {"capacity": null} or {"status": "closed"}');
  }
  if (site.status === 'closed' && (site.opens !== null || site.closes !== null)) {
    add(site.opens !== null ? 'opens' : 'closes', 'closed-with-hours', 'a closed site has no hours: leave opens and closes out (or null)', '{"status": "closed"}');
  } else if ((site.opens === null) !== (site.closes === null)) {
    const missing = site.opens === null ? 'opens' : 'closes';
    add(missing, 'half-hours', `give both opens and closes, or neither (${missing} is missing)`, '{"opens": "08:00", "closes": "18:00"}');
  } else if (site.opens !== null && site.closes !== null && site.opens >= site.closes) {
    add('closes', 'hours-backwards', `closes (${site.closes}) must be after opens (${site.opens})`, '{"opens": "08:00", "closes": "18:00"}');
  }
  return problems;
}

/** A count of children above this many times the site's capacity is asked again before it is kept. */
export const UNLIKELY_TIMES_CAPACITY = 3;

/**
 * The most children a count may name without being confirmed: three times the site's capacity or
 * the school's enrollment, whichever is larger (a site takes walk-ins; it does not take a whole
 * district). Null when neither is known.
 */
export function likelyChildrenLimit(capacity: number | null, enrolled: number | null): number | null {
  const limits = [capacity !== null && capacity > 0 ? UNLIKELY_TIMES_CAPACITY * capacity : null, enrolled !== null && enrolled > 0 ? enrolled : null].filter((x): x is number => x !== null);
  return limits.length === 0 ? null : Math.max(...limits);
}

/** Children per adult present, or null without both counts (no adult and some children: Infinity). */
export function childrenPerAdult(children: number | null, adults: number | null): number | null {
  if (children === null || adults === null) return null;
  if (adults === 0) return children === 0 ? 0 : Infinity;
  return children / adults;
}

/** Flagged: more children per adult present than the day's limit. */
export function isFlagged(children: number | null, adults: number | null, ratioLimit: number, status?: string): boolean {
  // A closed site has no children: counts left from before it closed flag nothing.
  if (status === 'closed') return false;
  const r = childrenPerAdult(children, adults);
  return r !== null && r > ratioLimit;
}
