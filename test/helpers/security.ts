/**
 * The security specification the server is checked against (test/authz-matrix.test.ts and
 * test/bad-input.test.ts), written from the access rules in the issue, independently of
 * src/server/authz.ts: roles, permissions, and every route with the permission and the scope
 * it needs. Plus what both suites share: signing in with a raw cookie, snapshots of every
 * table (to prove that a refused request changed nothing) and the error-shape check.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { emailOf, PASSWORD, type OrgKey, type TestServer } from './server.ts';

// ---------------------------------------------------------------------------------------------
// Roles and permissions
// ---------------------------------------------------------------------------------------------

export const SPEC_UNION_ROLES = ['admin', 'bargaining-team', 'organizer', 'site-captain', 'member', 'election-committee'] as const;
export const SPEC_DISTRICT_ROLES = ['admin', 'budget-analyst', 'negotiator', 'site-administrator'] as const;

export type Side = 'union' | 'district';

type Grant = { union: readonly string[]; district: readonly string[] };

/** Which roles of each side hold each permission (the table, verbatim). */
export const SPEC_PERMISSIONS = {
  'organization.read': { union: SPEC_UNION_ROLES, district: SPEC_DISTRICT_ROLES },
  'people.list': { union: ['admin'], district: ['admin'] },
  'people.manage': { union: ['admin'], district: ['admin'] },
  'invitation.create': { union: ['admin'], district: ['admin'] },
  'audit.read': { union: ['admin'], district: ['admin'] },
  'dataset.write': { union: [], district: ['admin'] },
  'dataset.read': { union: ['admin', 'bargaining-team', 'organizer'], district: ['admin', 'budget-analyst', 'negotiator'] },
  'proposal.read': { union: ['admin', 'bargaining-team', 'organizer'], district: ['admin', 'budget-analyst', 'negotiator'] },
  'proposal.write': { union: ['admin', 'bargaining-team'], district: ['admin', 'budget-analyst', 'negotiator'] },
  'costing.run': { union: ['admin', 'bargaining-team'], district: ['admin', 'budget-analyst', 'negotiator'] },
  'proposal.pass': { union: ['admin', 'bargaining-team'], district: ['admin', 'negotiator'] },
  'proposal.publish': { union: ['admin', 'bargaining-team'], district: ['admin', 'negotiator'] },
  // A tentative agreement becomes the table's agreement when the other side's negotiators countersign it.
  'proposal.countersign': { union: ['admin', 'bargaining-team'], district: ['admin', 'negotiator'] },
  // The member roster (issue 13): the union's organizers and admins; never the district.
  'roster.read': { union: ['admin', 'organizer'], district: [] },
  'roster.write': { union: ['admin', 'organizer'], district: [] },
  // Votes (docs/votes.md): every union role sees its union's votes; the committee and admins run
  // them; only the committee certifies. The district: nothing, 404 as if absent.
  'vote.read': { union: SPEC_UNION_ROLES, district: [] },
  'vote.manage': { union: ['admin', 'election-committee'], district: [] },
  'vote.certify': { union: ['election-committee'], district: [] },
  // Messages to members and member sign-in invitations: the union's organizers and admins; the
  // district finds no such routes (404, see unionOnly).
  'messages.read': { union: ['admin', 'organizer'], district: [] },
  'messages.resend': { union: ['admin', 'organizer'], district: [] },
  'member.invite': { union: ['admin', 'organizer'], district: [] },
  // Strike mornings (issue 14): the union's organizers plan days, shifts and sign-ups; captains
  // run their own sites' shifts; every union role has their own shifts (a sign-in linked to a
  // roster member). The district: nothing, 404 as if absent.
  'picket.plan': { union: ['admin', 'organizer'], district: [] },
  'picket.captain': { union: ['admin', 'organizer', 'site-captain'], district: [] },
  'picket.member': { union: SPEC_UNION_ROLES, district: [] },
  // Strike pay (issue 14, docs/pickets.md): a member sees their own (every union role may be a
  // member); organizers and admins see every member's and grant exceptions; admins change the
  // rules and produce payouts. The district: nothing, 404 as if absent.
  'strikepay.read': { union: ['admin', 'organizer'], district: [] },
  'strikepay.except': { union: ['admin', 'organizer'], district: [] },
  'strikepay.manage': { union: ['admin'], district: [] },
  // Strike mornings (issue 14): the coverage board, the at-risk list and messaging those on it are
  // the union's organizers' and admins'; the district finds no such routes.
  'picket.board': { union: ['admin', 'organizer'], district: [] },
  // Strike days for the district and for families (issue 15, docs/sites.md): the district's only;
  // a union finds no such routes (404, see districtOnly).
  'site.read': { union: [], district: ['admin', 'budget-analyst', 'negotiator', 'site-administrator'] },
  'site.plan': { union: [], district: ['admin'] },
  'site.publish': { union: [], district: ['admin'] },
  'site.report': { union: [], district: ['admin', 'site-administrator'] },
  'site.cost': { union: [], district: ['admin', 'budget-analyst'] },
} as const satisfies Record<string, Grant>;

export type SpecPermission = keyof typeof SPEC_PERMISSIONS;

/** Who makes a request: a role of Tiny Unified (district) or Tiny Teachers (union), or nobody. */
export type Subject = { kind: 'anonymous' } | { kind: 'role'; side: Side; role: string };

export const SUBJECTS: Subject[] = [
  ...SPEC_DISTRICT_ROLES.map((role) => ({ kind: 'role', side: 'district', role }) as Subject),
  ...SPEC_UNION_ROLES.map((role) => ({ kind: 'role', side: 'union', role }) as Subject),
  { kind: 'anonymous' },
];

export const subjectName = (s: Subject) => (s.kind === 'anonymous' ? 'anonymous' : `${s.side} ${s.role}`);
/** The test world's organization of a subject's side. */
export const orgOfSide = (side: Side): OrgKey => (side === 'district' ? 'district' : 'teachers');

export function holds(subject: Subject, permission: SpecPermission): boolean {
  if (subject.kind === 'anonymous') return false;
  return (SPEC_PERMISSIONS[permission][subject.side] as readonly string[]).includes(subject.role);
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

/**
 * Whose resource a cell aims at, relative to the subject's organization:
 * - none: the route has no resource (or acts on the actor's own organization implicitly)
 * - own: the subject's organization's (for datasets: the dataset of the subject's table)
 * - ownUnpassed: own, but not passed across the table (publish needs a passed version)
 * - across: the organization across the table (district ↔ Tiny Teachers), not passed
 * - passedToUs: the organization across the table's version, passed to the subject's organization
 * - third: Tiny Classified's version passed to Tiny Unified (the district's; not Tiny Teachers')
 * - otherTable: the same kind of organization at another table (Other Unified / Other Teachers)
 * - published / unpublished: for the public record
 */
export type Target = 'none' | 'own' | 'ownUnpassed' | 'across' | 'passedToUs' | 'third' | 'otherTable' | 'published' | 'unpublished';

/**
 * How a route limits what it acts on:
 * - none: nothing to limit (sign-in, health, creating in one's own organization)
 * - own-org: only the actor's organization's resource; anything else 404
 * - own-or-passed: the owner's, or the organization it was passed to; anything else 404
 * - own-table: a dataset of the actor's table (a district's own, a union's district's); else 404
 * - list-*: a list; what may not be seen is left out (hidden) rather than refused
 * - public: published versions only; unpublished 404 (lists leave them out)
 */
export type Scope = 'none' | 'own-org' | 'own-or-passed' | 'own-table' | 'list-own-org' | 'list-own-or-passed' | 'list-own-table' | 'list-counterparts' | 'public' | 'list-public';

export type Access = 'public' | 'signed-in' | SpecPermission;

export interface SpecRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the OpenAPI document writes it (`{id}` for a path parameter). */
  path: string;
  access: Access;
  scope: Scope;
  targets: Target[];
  /** Changes rows when allowed. */
  writes: boolean;
  /** The OpenAPI document does not describe this route (plain Hono routes: the document itself, health). */
  undocumented?: true;
  /** A union's own business (votes): a district person gets 404 as if it did not exist, not 403. */
  unionOnly?: true;
  /** The district's own business (strike-day sites): a union person gets 404 as if it did not exist, not 403. */
  districtOnly?: true;
  /**
   * Whose cells the matrix cannot generate, and the tests that check them instead: the casting
   * channels of a vote answer to a site captain of one worksite, the election committee, a
   * voter token or a kiosk token, none of which is a permission a role holds.
   */
  checkedIn?: string;
}

const ID_TARGETS_ORG: Target[] = ['own', 'across', 'passedToUs', 'third', 'otherTable'];

/** Every route of the API (the list), with its permission and scope. */
export const SPEC_ROUTES: SpecRoute[] = [
  { method: 'POST', path: '/api/session', access: 'public', scope: 'none', targets: ['none'], writes: true },
  { method: 'GET', path: '/api/session', access: 'signed-in', scope: 'none', targets: ['none'], writes: false },
  { method: 'DELETE', path: '/api/session', access: 'signed-in', scope: 'none', targets: ['none'], writes: true },
  { method: 'POST', path: '/api/invitations', access: 'invitation.create', scope: 'none', targets: ['none'], writes: true },
  { method: 'POST', path: '/api/invitations/accept', access: 'public', scope: 'none', targets: ['none'], writes: true },
  { method: 'GET', path: '/api/organization', access: 'organization.read', scope: 'list-counterparts', targets: ['own', 'across', 'otherTable'], writes: false },
  { method: 'GET', path: '/api/people', access: 'people.list', scope: 'list-own-org', targets: ['own', 'across', 'otherTable'], writes: false },
  // People management (issue 10): only people of the admin's own workspace; anyone else 404.
  { method: 'DELETE', path: '/api/people/{id}', access: 'people.manage', scope: 'own-org', targets: ['own', 'across', 'otherTable'], writes: true },
  { method: 'POST', path: '/api/people/{id}/role', access: 'people.manage', scope: 'own-org', targets: ['own', 'across', 'otherTable'], writes: true },
  { method: 'DELETE', path: '/api/people/{id}/sessions', access: 'people.manage', scope: 'own-org', targets: ['own', 'across', 'otherTable'], writes: true },
  { method: 'DELETE', path: '/api/people/{id}/sign-in-throttle', access: 'people.manage', scope: 'own-org', targets: ['own', 'across', 'otherTable'], writes: true },
  { method: 'GET', path: '/api/audit', access: 'audit.read', scope: 'list-own-org', targets: ['own', 'across', 'otherTable'], writes: false },
  { method: 'GET', path: '/api/health', access: 'public', scope: 'none', targets: ['none'], writes: false },
  // Not in the list: the web app's settings (map tiles), read before anyone signs in.
  { method: 'GET', path: '/api/config', access: 'public', scope: 'none', targets: ['none'], writes: false },
  // Not in the list: where browsers report Content-Security-Policy violations (logged, no rows).
  { method: 'POST', path: '/api/csp-report', access: 'public', scope: 'none', targets: ['none'], writes: false },
  { method: 'GET', path: '/api/openapi.json', access: 'public', scope: 'none', targets: ['none'], writes: false, undocumented: true },
  { method: 'POST', path: '/api/datasets', access: 'dataset.write', scope: 'none', targets: ['none'], writes: true },
  { method: 'POST', path: '/api/datasets/{id}/versions', access: 'dataset.write', scope: 'own-table', targets: ['own', 'otherTable'], writes: true },
  { method: 'POST', path: '/api/datasets/{id}/import-cde', access: 'dataset.write', scope: 'own-table', targets: ['own', 'otherTable'], writes: true },
  { method: 'GET', path: '/api/datasets', access: 'dataset.read', scope: 'list-own-table', targets: ['own', 'otherTable'], writes: false },
  { method: 'GET', path: '/api/dataset-versions/{id}', access: 'dataset.read', scope: 'own-table', targets: ['own', 'otherTable'], writes: false },
  { method: 'GET', path: '/api/dataset-versions/{id}/files', access: 'dataset.read', scope: 'own-table', targets: ['own', 'otherTable'], writes: false },
  // The workspace's dataset page: the version at a glance (schools, enrollment, staff, budget, map points).
  { method: 'GET', path: '/api/dataset-versions/{id}/overview', access: 'dataset.read', scope: 'own-table', targets: ['own', 'otherTable'], writes: false },
  // The target of these two is the dataset version named in the body (datasetVersionId): costing
  // on another table's data would read it, so it must be the actor's table's (dataset.read's scope).
  { method: 'POST', path: '/api/proposals', access: 'proposal.write', scope: 'own-table', targets: ['own', 'otherTable'], writes: true },
  { method: 'POST', path: '/api/costings', access: 'costing.run', scope: 'own-table', targets: ['own', 'otherTable'], writes: false },
  { method: 'GET', path: '/api/proposals', access: 'proposal.read', scope: 'list-own-or-passed', targets: ID_TARGETS_ORG, writes: false },
  { method: 'GET', path: '/api/proposals/{id}', access: 'proposal.read', scope: 'own-org', targets: ID_TARGETS_ORG, writes: false },
  { method: 'POST', path: '/api/proposals/{id}/versions', access: 'proposal.write', scope: 'own-org', targets: ['own', 'across', 'passedToUs', 'otherTable'], writes: true },
  { method: 'GET', path: '/api/proposal-versions/{id}', access: 'proposal.read', scope: 'own-or-passed', targets: ID_TARGETS_ORG, writes: false },
  // Downloads of a version's disclosure, and versions side by side (the target is the second version of the list).
  { method: 'GET', path: '/api/proposal-versions/{id}/disclosure.pdf', access: 'proposal.read', scope: 'own-or-passed', targets: ID_TARGETS_ORG, writes: false },
  { method: 'GET', path: '/api/proposal-versions/{id}/disclosure.xlsx', access: 'proposal.read', scope: 'own-or-passed', targets: ID_TARGETS_ORG, writes: false },
  { method: 'GET', path: '/api/compare', access: 'proposal.read', scope: 'own-or-passed', targets: ID_TARGETS_ORG, writes: false },
  { method: 'POST', path: '/api/proposal-versions/{id}/pass', access: 'proposal.pass', scope: 'own-org', targets: ['own', 'across', 'passedToUs', 'otherTable'], writes: true },
  { method: 'POST', path: '/api/proposal-versions/{id}/publish', access: 'proposal.publish', scope: 'own-org', targets: ['own', 'ownUnpassed', 'across', 'passedToUs', 'otherTable'], writes: true },
  // Countersigning a joint version (a tentative agreement): only the organization it was passed
  // to; the drafting side sees its own version but may not countersign it (409); the target is
  // always a joint version.
  { method: 'POST', path: '/api/proposal-versions/{id}/countersign', access: 'proposal.countersign', scope: 'own-or-passed', targets: ['own', 'across', 'passedToUs', 'third', 'otherTable'], writes: true },
  // The member roster (issue 13): only the union's own; Tiny Classified (same table) and Other
  // Teachers (another table) answer 404. For a district subject the targets are unions' (403 first).
  { method: 'POST', path: '/api/roster/imports', access: 'roster.write', scope: 'none', targets: ['none'], writes: true },
  { method: 'POST', path: '/api/roster/imports/{id}/preview', access: 'roster.write', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false },
  { method: 'POST', path: '/api/roster/imports/{id}/confirm', access: 'roster.write', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true },
  { method: 'DELETE', path: '/api/roster/imports/{id}', access: 'roster.write', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true },
  { method: 'GET', path: '/api/roster/members', access: 'roster.read', scope: 'list-own-org', targets: ['own', 'third', 'otherTable'], writes: false },
  { method: 'GET', path: '/api/roster/worksites', access: 'roster.read', scope: 'list-own-org', targets: ['own', 'third', 'otherTable'], writes: false },
  { method: 'POST', path: '/api/roster/worksites/{id}/captains', access: 'roster.write', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true },
  { method: 'DELETE', path: '/api/roster/captains/{id}', access: 'roster.write', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true },
  // Votes (docs/votes.md): the union's own only; the district gets 404 whatever its role. The roll
  // is the committee's (a captain sees their worksite's: tested in src/server/votes/); a challenge
  // here is a member's own (the subject's sign-in linked to a roster member).
  { method: 'POST', path: '/api/votes', access: 'vote.manage', scope: 'none', targets: ['none'], writes: true, unionOnly: true },
  { method: 'GET', path: '/api/votes', access: 'vote.read', scope: 'list-own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'GET', path: '/api/votes/{id}', access: 'vote.read', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'PATCH', path: '/api/votes/{id}', access: 'vote.manage', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'POST', path: '/api/votes/{id}/freeze', access: 'vote.manage', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'GET', path: '/api/votes/{id}/voters', access: 'vote.manage', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'POST', path: '/api/votes/{id}/challenges', access: 'vote.read', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'GET', path: '/api/votes/{id}/challenges', access: 'vote.manage', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'POST', path: '/api/votes/{id}/challenges/{challengeId}/ruling', access: 'vote.manage', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'POST', path: '/api/votes/{id}/count', access: 'vote.manage', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'POST', path: '/api/votes/{id}/certify', access: 'vote.certify', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'POST', path: '/api/votes/{id}/reminders', access: 'vote.manage', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'POST', path: '/api/votes/{id}/publish', access: 'vote.manage', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'GET', path: '/api/votes/{id}/ballots', access: 'vote.read', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'GET', path: '/api/votes/{id}/results', access: 'vote.read', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'GET', path: '/api/votes/{id}/me', access: 'vote.read', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  // A receipt check needs no sign-in (the code is the proof); signed in, the union's own only: src/server/votes/votes.test.ts.
  { method: 'GET', path: '/api/votes/{id}/receipts/{code}', access: 'public', scope: 'none', targets: ['none'], writes: false, checkedIn: 'src/server/votes/votes.test.ts' },
  { method: 'GET', path: '/api/public/votes', access: 'public', scope: 'list-public', targets: ['published', 'unpublished'], writes: false },
  // A vote's casting channels (docs/votes.md): members vote online, at kiosks, on paper. Who may
  // is a roster link, a captaincy of one worksite, the committee role or a token, so the cells
  // are in the channels' own tests (district and another union 404, other roles 403).
  ...([
    ['POST', '/api/votes/{id}/ballot', 'signed-in', true],
    ['POST', '/api/votes/{id}/access', 'public', true],
    ['POST', '/api/votes/{id}/access/verify', 'public', true],
    ['POST', '/api/votes/{id}/kiosks', 'signed-in', true],
    ['DELETE', '/api/votes/{id}/kiosks/{kioskId}', 'signed-in', true],
    ['POST', '/api/kiosk/identify', 'public', true],
    ['POST', '/api/kiosk/ballot', 'public', true],
    ['POST', '/api/votes/{id}/paper/{worksiteId}/sign-ins', 'signed-in', true],
    ['POST', '/api/votes/{id}/paper/{worksiteId}/entries', 'signed-in', true],
    ['POST', '/api/votes/{id}/paper/{worksiteId}/observer', 'signed-in', true],
    ['GET', '/api/votes/{id}/paper', 'signed-in', false],
  ] as const).map(([method, path, access, writes]): SpecRoute => ({ method, path, access, scope: 'none', targets: ['none'], writes, checkedIn: 'src/server/votes/channels/*.test.ts' })),
  // The blank ballot, read with a voter token (the code flow) or a session of the vote's union.
  { method: 'GET', path: '/api/votes/{id}/ballot', access: 'signed-in', scope: 'none', targets: ['none'], writes: false, checkedIn: 'src/server/votes/ballot-form.test.ts' },
  // Messages to members: the union's own (another union's message 404); the district finds no such routes.
  { method: 'GET', path: '/api/messages', access: 'messages.read', scope: 'list-own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'POST', path: '/api/messages/{id}/resend', access: 'messages.resend', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'POST', path: '/api/roster/members/{id}/invitation', access: 'member.invite', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  // Used without an account: the unsubscribe link (a signed token), the SMS provider's webhook
  // (a shared secret), and accepting an invitation sent by SMS (its code).
  { method: 'GET', path: '/api/messages/unsubscribe', access: 'public', scope: 'none', targets: ['none'], writes: false },
  { method: 'POST', path: '/api/messages/unsubscribe', access: 'public', scope: 'none', targets: ['none'], writes: true },
  { method: 'POST', path: '/api/messages/sms-inbound', access: 'public', scope: 'none', targets: ['none'], writes: true },
  { method: 'POST', path: '/api/invitations/accept-code', access: 'public', scope: 'none', targets: ['none'], writes: true },
  // Strike days, shifts and sign-ups (docs/pickets.md): the union's own only (Tiny Classified and
  // Other Teachers: 404); a site captain sees only the shifts they captain (tested in
  // src/server/pickets/signup.test.ts; here the captain is made the shift's captain); a member's
  // own routes need the sign-in linked to a roster member (the cells link it).
  { method: 'GET', path: '/api/pickets/days', access: 'picket.captain', scope: 'list-own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'POST', path: '/api/pickets/days', access: 'picket.plan', scope: 'none', targets: ['none'], writes: true, unionOnly: true },
  { method: 'PATCH', path: '/api/pickets/days/{dayId}', access: 'picket.plan', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'POST', path: '/api/pickets/days/{dayId}/template', access: 'picket.plan', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'GET', path: '/api/pickets/days/{dayId}/shifts', access: 'picket.captain', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'POST', path: '/api/pickets/days/{dayId}/shifts', access: 'picket.plan', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'PATCH', path: '/api/pickets/shifts/{shiftId}', access: 'picket.plan', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'DELETE', path: '/api/pickets/shifts/{shiftId}', access: 'picket.plan', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'GET', path: '/api/pickets/shifts/{shiftId}/signups', access: 'picket.captain', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'POST', path: '/api/pickets/shifts/{shiftId}/signups', access: 'picket.plan', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'DELETE', path: '/api/pickets/signups/{signupId}', access: 'picket.plan', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'POST', path: '/api/pickets/signups/{signupId}/move', access: 'picket.plan', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'PUT', path: '/api/pickets/worksites/{worksiteId}/region', access: 'picket.plan', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'GET', path: '/api/me/pickets', access: 'picket.member', scope: 'none', targets: ['none'], writes: false, unionOnly: true },
  { method: 'POST', path: '/api/me/pickets/signups', access: 'picket.member', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'DELETE', path: '/api/me/pickets/signups/{signupId}', access: 'picket.member', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  // Strike pay (docs/pickets.md "Strike pay"): the union's own only; another union's exception or
  // payout 404; the district finds no such routes. Downloading a payout file is audited (writes).
  { method: 'GET', path: '/api/pickets/pay/rules', access: 'strikepay.read', scope: 'none', targets: ['none'], writes: false, unionOnly: true },
  { method: 'PUT', path: '/api/pickets/pay/rules', access: 'strikepay.manage', scope: 'none', targets: ['none'], writes: true, unionOnly: true },
  { method: 'GET', path: '/api/pickets/pay/periods', access: 'strikepay.read', scope: 'list-own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'GET', path: '/api/pickets/pay/ledger', access: 'strikepay.read', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'POST', path: '/api/pickets/pay/exceptions', access: 'strikepay.except', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'DELETE', path: '/api/pickets/pay/exceptions/{exceptionId}', access: 'strikepay.except', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'POST', path: '/api/pickets/pay/payouts', access: 'strikepay.manage', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'GET', path: '/api/pickets/pay/payouts', access: 'strikepay.read', scope: 'list-own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'GET', path: '/api/pickets/pay/payouts/{payoutId}/csv', access: 'strikepay.read', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  { method: 'GET', path: '/api/me/strike-pay', access: 'picket.member', scope: 'none', targets: ['none'], writes: false, unionOnly: true },
  // The coverage board of a strike day (docs/pickets.md): another union's day 404; the district finds no such routes.
  // Its event stream never ends by itself, so its cells are checked in the board's own test.
  { method: 'GET', path: '/api/pickets/days/{dayId}/board', access: 'picket.board', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'GET', path: '/api/pickets/days/{dayId}/board/events', access: 'picket.board', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true, checkedIn: 'src/server/pickets/board.test.ts' },
  { method: 'GET', path: '/api/pickets/days/{dayId}/at-risk', access: 'picket.board', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: false, unionOnly: true },
  { method: 'POST', path: '/api/pickets/days/{dayId}/at-risk/messages', access: 'picket.board', scope: 'own-org', targets: ['own', 'third', 'otherTable'], writes: true, unionOnly: true },
  // Check-in (docs/pickets.md, "Check-in"): who may act on a shift is its captaincy (the shift's
  // captain, the worksite's captain, organizers) or a member with the site's code, none of which
  // is a permission a role holds; the cells (district 404, nobody 401, another union's shift as
  // absent, another site's shift refused) are in the check-in tests.
  ...([
    ['POST', '/api/pickets/check-ins', true],
    ['GET', '/api/pickets/captain/shifts', false],
    ['GET', '/api/pickets/shifts/{shiftId}/attendance', false],
    ['GET', '/api/pickets/shifts/{shiftId}/codes', false],
    ['GET', '/api/me/pickets/attendance', false],
  ] as const).map(([method, path, writes]): SpecRoute => ({ method, path, access: 'picket.member', scope: 'none', targets: ['none'], writes, unionOnly: true, checkedIn: 'src/server/pickets/checkin.test.ts' })),
  // sites: plan (docs/sites.md): the district's own days only (Other Unified's day: 404); a union
  // finds no such routes. A site administrator's counts at a school not theirs (403) are checked
  // in src/server/sites/plan.test.ts; here the site administrator is named to the cell's school.
  { method: 'GET', path: '/api/sites/days', access: 'site.read', scope: 'list-own-org', targets: ['own', 'otherTable'], writes: false, districtOnly: true },
  { method: 'POST', path: '/api/sites/days', access: 'site.plan', scope: 'none', targets: ['none'], writes: true, districtOnly: true },
  { method: 'PATCH', path: '/api/sites/days/{dayId}', access: 'site.plan', scope: 'own-org', targets: ['own', 'otherTable'], writes: true, districtOnly: true },
  { method: 'GET', path: '/api/sites/days/{dayId}/sites', access: 'site.read', scope: 'own-org', targets: ['own', 'otherTable'], writes: false, districtOnly: true },
  { method: 'PATCH', path: '/api/sites/days/{dayId}/sites/{schoolId}', access: 'site.plan', scope: 'own-org', targets: ['own', 'otherTable'], writes: true, districtOnly: true },
  { method: 'GET', path: '/api/sites/days/{dayId}/sites/{schoolId}/changes', access: 'site.read', scope: 'own-org', targets: ['own', 'otherTable'], writes: false, districtOnly: true },
  { method: 'POST', path: '/api/sites/days/{dayId}/bulk', access: 'site.plan', scope: 'own-org', targets: ['own', 'otherTable'], writes: true, districtOnly: true },
  { method: 'POST', path: '/api/sites/days/{dayId}/sites/{schoolId}/counts', access: 'site.report', scope: 'own-org', targets: ['own', 'otherTable'], writes: true, districtOnly: true },
  { method: 'POST', path: '/api/sites/days/{dayId}/publish', access: 'site.publish', scope: 'own-org', targets: ['own', 'otherTable'], writes: true, districtOnly: true },
  { method: 'GET', path: '/api/sites/days/{dayId}/publications', access: 'site.read', scope: 'own-org', targets: ['own', 'otherTable'], writes: false, districtOnly: true },
  { method: 'POST', path: '/api/sites/administrators', access: 'site.plan', scope: 'none', targets: ['none'], writes: true, districtOnly: true },
  { method: 'GET', path: '/api/sites/administrators', access: 'site.read', scope: 'list-own-org', targets: ['own', 'otherTable'], writes: false, districtOnly: true },
  { method: 'DELETE', path: '/api/sites/administrators/{adminId}', access: 'site.plan', scope: 'own-org', targets: ['own', 'otherTable'], writes: true, districtOnly: true },
  // sites: family (docs/sites.md "Meal and partner sites"): the district's own only (Other
  // Unified's site: 404, left out of the list); a union finds no such routes.
  { method: 'GET', path: '/api/sites/family', access: 'site.read', scope: 'list-own-org', targets: ['own', 'otherTable'], writes: false, districtOnly: true },
  { method: 'POST', path: '/api/sites/family', access: 'site.plan', scope: 'none', targets: ['none'], writes: true, districtOnly: true },
  { method: 'PATCH', path: '/api/sites/family/{id}', access: 'site.plan', scope: 'own-org', targets: ['own', 'otherTable'], writes: true, districtOnly: true },
  { method: 'DELETE', path: '/api/sites/family/{id}', access: 'site.plan', scope: 'own-org', targets: ['own', 'otherTable'], writes: true, districtOnly: true },
  { method: 'POST', path: '/api/sites/family/import', access: 'site.plan', scope: 'none', targets: ['none'], writes: true, districtOnly: true },
  // sites: cost (docs/sites.md, "The day's cost"): the district's own strike days only; another
  // district's day is not listed (cost, cost.csv) or is absent (404); a union finds no such routes.
  { method: 'GET', path: '/api/sites/cost', access: 'site.cost', scope: 'list-own-org', targets: ['own', 'otherTable'], writes: false, districtOnly: true },
  { method: 'GET', path: '/api/sites/cost.csv', access: 'site.cost', scope: 'list-own-org', targets: ['own', 'otherTable'], writes: false, districtOnly: true },
  { method: 'POST', path: '/api/sites/days/{dayId}/attendance', access: 'site.plan', scope: 'own-org', targets: ['own', 'otherTable'], writes: true, districtOnly: true },
  { method: 'GET', path: '/api/public/proposals', access: 'public', scope: 'list-public', targets: ['published', 'unpublished'], writes: false },
  { method: 'GET', path: '/api/public/proposals/{id}', access: 'public', scope: 'public', targets: ['published', 'unpublished'], writes: false },
  { method: 'GET', path: '/api/public/compare', access: 'public', scope: 'public', targets: ['published', 'unpublished'], writes: false },
  // sites: public (docs/sites.md, "Publishing"): anyone reads the published strike days; an unpublished day is left out.
  { method: 'GET', path: '/api/public/sites', access: 'public', scope: 'list-public', targets: ['published', 'unpublished'], writes: false },
  { method: 'GET', path: '/api/public/sites/live', access: 'public', scope: 'public', targets: ['published', 'unpublished'], writes: false },
  { method: 'GET', path: '/api/public/sites/zips', access: 'public', scope: 'none', targets: ['none'], writes: false },
];

export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/**
 * The expected outcome of one cell:
 * - allow: a success (2xx), or for `conflict` a 409 (allowed, but the state refuses it)
 * - 401 / 403 / 404: refused with that status, and nothing changed
 * - hidden: a list answered (2xx) without the target in it
 */
export type Outcome = 'allow' | 'conflict' | 'hidden' | 401 | 403 | 404;

/** Is the target the subject's to see/act on under a route's scope? */
function inScope(subject: Extract<Subject, { kind: 'role' }>, scope: Scope, target: Target): boolean {
  switch (scope) {
    case 'none':
      return true;
    case 'own-org':
    case 'list-own-org':
      return target === 'own' || target === 'ownUnpassed';
    case 'own-or-passed':
    case 'list-own-or-passed':
      // Tiny Classified's version was passed to Tiny Unified: the district's, not Tiny Teachers'.
      return target === 'own' || target === 'passedToUs' || (target === 'third' && subject.side === 'district');
    case 'own-table':
    case 'list-own-table':
      return target === 'own';
    case 'list-counterparts':
      return target === 'own' || target === 'across';
    case 'public':
    case 'list-public':
      return target === 'published';
  }
}

export function expectedOutcome(subject: Subject, route: SpecRoute, target: Target): Outcome {
  const list = route.scope.startsWith('list-');
  if (route.access === 'public') {
    if (route.scope === 'public' || route.scope === 'list-public') return target === 'published' ? 'allow' : list ? 'hidden' : 404;
    return 'allow';
  }
  if (subject.kind === 'anonymous') return 401;
  if (route.unionOnly && subject.side === 'district') return 404;
  if (route.districtOnly && subject.side === 'union') return 404;
  if (route.access !== 'signed-in' && !holds(subject, route.access)) return 403;
  if (!inScope(subject, route.scope, target)) return list ? 'hidden' : 404;
  // Publishing needs the version passed first: allowed, but the state refuses it.
  if (route.path.endsWith('/publish') && target === 'ownUnpassed') return 'conflict';
  // Countersigning is the other side's act: one's own agreement is seen, but refused by its state.
  if (route.path.endsWith('/countersign') && target === 'own') return 'conflict';
  return 'allow';
}

export interface Cell {
  subject: Subject;
  route: SpecRoute;
  target: Target;
  expected: Outcome;
}

/** Every cell: every subject × every route × every target the route has. */
export function generateCells(): Cell[] {
  const cells: Cell[] = [];
  for (const route of SPEC_ROUTES) {
    if (route.checkedIn) continue;
    for (const subject of SUBJECTS) {
      for (const target of route.targets) cells.push({ subject, route, target, expected: expectedOutcome(subject, route, target) });
    }
  }
  return cells;
}

/** The most privileged subject that may use a route (for bad input: the validation, not the permission, is tested). */
export function privilegedSubject(route: SpecRoute): Subject {
  if (route.access === 'public') return route.method === 'POST' ? { kind: 'anonymous' } : { kind: 'role', side: 'district', role: 'admin' };
  if (route.access === 'signed-in') return { kind: 'role', side: 'district', role: 'admin' };
  const grant = SPEC_PERMISSIONS[route.access];
  if (grant.district.includes('admin' as never)) return { kind: 'role', side: 'district', role: 'admin' };
  return { kind: 'role', side: 'union', role: 'admin' };
}

// ---------------------------------------------------------------------------------------------
// Raw sessions and requests
// ---------------------------------------------------------------------------------------------

export interface Session {
  cookie: string | null;
  csrf: string;
}

export const NOBODY: Session = { cookie: null, csrf: '' };

export async function signIn(s: TestServer, org: OrgKey, role: string): Promise<Session> {
  const res = await s.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: emailOf(org, role), password: PASSWORD }) });
  if (res.status !== 200) throw new Error(`sign-in as ${role} of ${org} failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

export interface Answer {
  status: number;
  text: string;
  body: any;
  headers: Headers;
}

export interface Send {
  /** A JSON value (sent as JSON), or a string/Uint8Array/stream/FormData sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the body unchanged with this content type (default application/json when a body is given). */
  contentType?: string | null;
}

/** One request, in-process, as a session (CSRF header added for a signed-in session). */
export async function send(s: TestServer, who: Session, method: string, path: string, opts: Send = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (who.cookie) headers.cookie = who.cookie;
  if (who.csrf) headers['x-csrf-token'] = who.csrf;
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    const raw = typeof opts.body === 'string' || opts.body instanceof Uint8Array || opts.body instanceof ReadableStream || opts.body instanceof FormData;
    body = raw ? (opts.body as BodyInit) : JSON.stringify(opts.body);
    // A form sets its own multipart content type (with the boundary).
    if (opts.contentType !== null && !(opts.body instanceof FormData && opts.contentType === undefined)) headers['content-type'] = opts.contentType ?? 'application/json';
  }
  Object.assign(headers, opts.headers ?? {});
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const res = await s.app.request(path, init);
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, text, body: parsed, headers: res.headers };
}

// ---------------------------------------------------------------------------------------------
// The error shape
// ---------------------------------------------------------------------------------------------

const PROBLEM_KEYS = new Set(['code', 'message', 'where', 'hint']);
const WHERE_KEYS: Record<string, string> = { file: 'string', line: 'number', col: 'number', field: 'string' };

function problemShape(p: unknown, path: string): string[] {
  const wrong: string[] = [];
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return [`${path} is not an object`];
  const o = p as Record<string, unknown>;
  if (typeof o.code !== 'string' || o.code === '') wrong.push(`${path}.code is not a non-empty string`);
  if (typeof o.message !== 'string' || o.message === '') wrong.push(`${path}.message is not a non-empty string`);
  if (o.hint !== undefined && typeof o.hint !== 'string') wrong.push(`${path}.hint is not a string`);
  if (o.where !== undefined) {
    if (typeof o.where !== 'object' || o.where === null || Array.isArray(o.where)) wrong.push(`${path}.where is not an object`);
    else {
      for (const [k, v] of Object.entries(o.where)) {
        if (!(k in WHERE_KEYS)) wrong.push(`${path}.where has an unknown key ${k}`);
        else if (typeof v !== WHERE_KEYS[k]) wrong.push(`${path}.where.${k} is not a ${WHERE_KEYS[k]}`);
      }
    }
  }
  return wrong;
}

/** Problems with an error answer's body (empty when it is `{code, message, where?, hint?, problems?}`). */
export function errorShapeProblems(a: Answer): string[] {
  if (!/^application\/json/.test(a.headers.get('content-type') ?? '')) return [`content-type is ${a.headers.get('content-type')}, not JSON`];
  if (a.body === undefined) return ['the body is not JSON'];
  const wrong = problemShape(a.body, 'body');
  if (wrong.length > 0) return wrong;
  const o = a.body as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!PROBLEM_KEYS.has(k) && k !== 'problems') wrong.push(`body has an unknown key ${k}`);
  if (o.problems !== undefined) {
    if (!Array.isArray(o.problems)) wrong.push('body.problems is not an array');
    else o.problems.forEach((p, i) => wrong.push(...problemShape(p, `body.problems[${i}]`)));
  }
  return wrong;
}

// ---------------------------------------------------------------------------------------------
// Snapshots of every table
// ---------------------------------------------------------------------------------------------

/** The tables the server keeps (a snapshot also covers any table added later: it lists them from the database). */
export const KNOWN_TABLES = ['organizations', 'people', 'audit_log', 'invitations', 'sessions', 'sign_in_failures', 'datasets', 'dataset_versions', 'proposals', 'proposal_versions', 'passes', 'publications', 'countersignatures',
  'roster_worksites', 'roster_members', 'roster_imports', 'roster_member_history', 'roster_site_captains'] as const;

export type Snapshot = Record<string, string>;

function canonical(v: unknown): unknown {
  if (v instanceof Uint8Array) return `bytes:${createHash('sha256').update(v).digest('hex')}`;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  return v;
}

/**
 * Tables a refused request may change by design: the sign-in throttle counts every wrong
 * password (for unknown emails too, so that they behave as known ones), and that count is all
 * such a refusal writes.
 */
export const THROTTLE_TABLES: readonly string[] = ['sign_in_failures'];

/** Every table in the database but the throttle's: its row count and a SHA-256 of every row's every column. */
export async function snapshot(db: Kysely<Database>): Promise<Snapshot> {
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((t) => !THROTTLE_TABLES.includes(t)).sort();
  const out: Snapshot = {};
  for (const table of tables) {
    const rows = (await (db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    const lines = rows.map((row) => JSON.stringify(Object.keys(row).sort().map((k) => [k, canonical(row[k])]))).sort();
    const h = createHash('sha256');
    for (const line of lines) h.update(line + '\n');
    out[table] = `${rows.length} rows ${h.digest('hex').slice(0, 16)}`;
  }
  return out;
}

/** The tables whose snapshot differs, as `table: before → after`. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const tables = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return tables.filter((t) => before[t] !== after[t]).map((t) => `${t}: ${before[t]} → ${after[t]}`);
}

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

export const TINY_DISTRICT_DIR = fileURLToPath(new URL('../fixtures/tiny-district/', import.meta.url));
export const PROPOSAL_ERRORS_DIR = fileURLToPath(new URL('../fixtures/proposals/errors/', import.meta.url));

/** The seven files of test/fixtures/tiny-district, by name. */
export function tinyDistrictFiles(): Record<string, string> {
  return Object.fromEntries(readdirSync(TINY_DISTRICT_DIR).sort().map((f) => [f, readFileSync(TINY_DISTRICT_DIR + f, 'utf8')]));
}

/** Every proposal in test/fixtures/proposals/errors (each has at least one mistake). */
export function proposalErrorFixtures(): { name: string; yaml: string }[] {
  return readdirSync(PROPOSAL_ERRORS_DIR).filter((f) => f.endsWith('.yaml')).sort().map((f) => ({ name: f, yaml: readFileSync(PROPOSAL_ERRORS_DIR + f, 'utf8') }));
}

/** A small valid proposal for the tiny district, as YAML, for a party and unit. */
export function proposalYaml(o: { id: string; title: string; party: 'union' | 'district' | 'joint'; unit: string; pct?: number }): string {
  return [
    `id: ${o.id}`,
    `title: ${JSON.stringify(o.title)}`,
    `party: ${o.party}`,
    `unit: ${o.unit}`,
    'date: 2019-03-01',
    'term: { start: 2019-07-01, end: 2021-06-30 }',
    'terms:',
    `  - { kind: raise, pct: ${o.pct ?? 3}, effective: 2019-07-01 }`,
    '',
  ].join('\n');
}

/**
 * The tiny district with its schools named as a CDE import names them (the last 7 digits of
 * the CDS code: E1 → 0000001 … H1 → 0000004), so that an import of the CDE files below
 * keeps every staff row at a school and is stored (the import refuses staff at lost sites).
 */
export function cdeReadyFiles(): Record<string, string> {
  const files = tinyDistrictFiles();
  const ids: Record<string, string> = { E1: '0000001', E2: '0000002', M1: '0000003', H1: '0000004' };
  const rename = (text: string) => text.replace(/^(E1|E2|M1|H1),/gm, (_, id: string) => `${ids[id]},`);
  return { ...files, 'schools.csv': rename(files['schools.csv']), 'enrollment.csv': rename(files['enrollment.csv']), 'staff.csv': rename(files['staff.csv']) };
}

/** A small roster file (CSV) at the tiny district's schools; `tag` makes its names and ids its own. */
export function rosterCsv(tag: string, rows = 2): string {
  const schools = ['Alder Elementary', 'Dogwood High'];
  return ['Member ID,Name,E-mail,School', ...Array.from({ length: rows }, (_, i) => `${tag}-${i + 1},Member ${tag} ${i + 1},${tag.toLowerCase()}-${i + 1}@example.org,${schools[i % 2]}`)].join('\n') + '\n';
}

/** The multipart form of a roster upload. */
export function rosterForm(csv: string, name = 'members.csv'): FormData {
  const form = new FormData();
  form.set('file', new File([csv], name, { type: 'text/csv' }));
  return form;
}

/** CDE public files (directory and FRPM) for the tiny district, county-district 99-99999. */
export function tinyCdeFiles(students = 100): { directory: string; frpm: string } {
  const schools = [
    ['99999990000001', 'Alder Elementary', '60', 'K-5'],
    ['99999990000002', 'Birch Elementary', '60', 'K-5'],
    ['99999990000003', 'Cedar Middle', '62', '6-8'],
    ['99999990000004', 'Dogwood High', '66', '9-12'],
  ];
  const directory = [
    'CDSCode,StatusType,District,School,Street,City,Zip,Charter,SOC,EdOpsCode,EILCode,GSoffered,GSserved,Latitude,Longitude',
    '99999990000000,Active,Tiny Unified,,1 Main St,Tiny,90000,,,,,,,34.05,-118.25',
    ...schools.map(([cds, name, soc, grades], i) => `${cds},Active,Tiny Unified,${name},${i + 1} Main St,Tiny,90000,N,${soc},TRAD,ELEM,${grades},${grades},34.0${i},-118.2${i}`),
  ].join('\n');
  const frpm = [
    'Academic Year,County Code,District Code,School Code,Enrollment (K-12),Percent (%) Eligible FRPM (K-12)',
    ...schools.map(([cds], i) => `2014-2015,99,99999,${cds.slice(7)},${students * (i + 1)},0.${5 + i}`),
  ].join('\n');
  return { directory, frpm };
}

/** The multipart form of a CDE import for the tiny district. */
export function tinyCdeForm(students = 100): FormData {
  const { directory, frpm } = tinyCdeFiles(students);
  const form = new FormData();
  form.set('directory', new File([directory], 'pubschls.csv', { type: 'text/csv' }));
  form.set('frpm', new File([frpm], 'frpm.csv', { type: 'text/csv' }));
  form.set('district', '99-99999');
  return form;
}
