/**
 * Who may do what: one table, checked on the server for every request (deny by default).
 *
 * A role belongs to one side: union roles exist only in a union's workspace, district roles
 * only in a district's. Every permission is also limited to the person's own organization
 * (or, for what was passed across the table, to the organization it was passed to); the
 * routes check that part, this table says which roles may act at all.
 */
import type { OrganizationKind } from '../db/schema.ts';
import type { MiddlewareHandler } from 'hono';
import type { Actor, AppEnv } from './env.ts';
import { forbidden, noSuchRoute, unauthenticated } from './errors.ts';

export const UNION_ROLES = ['admin', 'bargaining-team', 'organizer', 'site-captain', 'member', 'election-committee'] as const;
export const DISTRICT_ROLES = ['admin', 'budget-analyst', 'negotiator', 'site-administrator'] as const;
export type UnionRole = (typeof UNION_ROLES)[number];
export type DistrictRole = (typeof DISTRICT_ROLES)[number];

export function rolesOf(kind: OrganizationKind): readonly string[] {
  return kind === 'union' ? UNION_ROLES : DISTRICT_ROLES;
}

type Grant = { union?: readonly UnionRole[]; district?: readonly DistrictRole[] };

const DRAFTERS: Grant = { union: ['admin', 'bargaining-team'], district: ['admin', 'budget-analyst', 'negotiator'] };
const TABLE_READERS: Grant = { union: ['admin', 'bargaining-team', 'organizer'], district: ['admin', 'budget-analyst', 'negotiator'] };
const NEGOTIATORS: Grant = { union: ['admin', 'bargaining-team'], district: ['admin', 'negotiator'] };

export const PERMISSIONS = {
  /** See your own organization and its counterpart across the table. */
  'organization.read': { union: UNION_ROLES, district: DISTRICT_ROLES },
  'people.list': { union: ['admin'], district: ['admin'] },
  /** Remove a person, change a role, end a person's sessions, clear a person's sign-in wait. */
  'people.manage': { union: ['admin'], district: ['admin'] },
  'invitation.create': { union: ['admin'], district: ['admin'] },
  'audit.read': { union: ['admin'], district: ['admin'] },
  /** Upload or import a dataset version (the district's data). */
  'dataset.write': { district: ['admin'] },
  /** Read the district's datasets: both sides cost on them. */
  'dataset.read': { union: ['admin', 'bargaining-team', 'organizer'], district: ['admin', 'budget-analyst', 'negotiator'] },
  'proposal.read': TABLE_READERS,
  'proposal.write': DRAFTERS,
  /** Cost a proposal without saving it (the editor's preview). */
  'costing.run': DRAFTERS,
  'proposal.pass': NEGOTIATORS,
  'proposal.publish': NEGOTIATORS,
  /** Countersign a tentative agreement passed from across the table: it becomes the table's agreement. */
  'proposal.countersign': NEGOTIATORS,
  /** The union's member roster: never the district's to see. */
  'roster.read': { union: ['admin', 'organizer'] },
  /** Import the roster, name site captains. */
  'roster.write': { union: ['admin', 'organizer'] },
  /** The union's votes (docs/votes.md): never the district's to see, not even that one exists. */
  'vote.read': { union: UNION_ROLES },
  /** Set up, freeze, rule on challenges, count and publish a vote. */
  'vote.manage': { union: ['admin', 'election-committee'] },
  /** Certify a count: the election committee only (two different members), never an admin alone. */
  'vote.certify': { union: ['election-committee'] },
  /** The messages the server sent or queued for the union (recipients masked), and resending one. */
  'messages.read': { union: ['admin', 'organizer'] },
  'messages.resend': { union: ['admin', 'organizer'] },
  /** Invite a roster member to sign in (as a member or a site captain). */
  'member.invite': { union: ['admin', 'organizer'] },
  /** Declare strike days, plan shifts (by hand or from a template), assign and move members (docs/pickets.md). */
  'picket.plan': { union: ['admin', 'organizer'] },
  /** The coverage board, the at-risk list and messaging those on it. */
  'picket.board': { union: ['admin', 'organizer'] },
  /** Run a site's shifts: the rotating code, the shift list, checking people in and out (captains: their own sites only). */
  'picket.captain': { union: ['admin', 'organizer', 'site-captain'] },
  /** A member's own shifts, sign-ups, check-ins and strike pay (a sign-in linked to a roster member). */
  'picket.member': { union: UNION_ROLES },
  /** Every member's strike-pay ledger, and the payouts produced. */
  'strikepay.read': { union: ['admin', 'organizer'] },
  /** Grant or revoke an exception to the strike-pay rules for a member, with a reason. */
  'strikepay.except': { union: ['admin', 'organizer'] },
  /** Change the strike-pay rules; produce a period's payout export (once). */
  'strikepay.manage': { union: ['admin'] },
  /** A district strike day's site plan, meal and partner sites, and the changes (docs/sites.md): the district's staff. */
  'site.read': { district: ['admin', 'budget-analyst', 'negotiator', 'site-administrator'] },
  /** Declare district strike days; set sites' status, hours, capacity and adults; bulk changes; meal and partner sites; site administrators. */
  'site.plan': { district: ['admin'] },
  /** Publish a day's plan to the public page. */
  'site.publish': { district: ['admin'] },
  /** Report a site's children and adults present and its attendance (site administrators: their own site only). */
  'site.report': { district: ['admin', 'site-administrator'] },
  /** The day's cost from its attendance, per day and over the strike. */
  'site.cost': { district: ['admin', 'budget-analyst'] },
} as const satisfies Record<string, Grant>;

export type Permission = keyof typeof PERMISSIONS;

export function may(actor: Actor, permission: Permission): boolean {
  const grant: Grant = PERMISSIONS[permission];
  const roles: readonly string[] = (actor.org.kind === 'union' ? grant.union : grant.district) ?? [];
  return roles.includes(actor.person.role);
}

const WHAT: Record<Permission, string> = {
  'organization.read': 'see this organization',
  'people.list': 'list the people in this workspace',
  'people.manage': 'manage the people in this workspace',
  'invitation.create': 'invite people',
  'audit.read': 'read the audit log',
  'dataset.write': 'upload or import datasets',
  'dataset.read': 'read datasets',
  'proposal.read': 'read proposals',
  'proposal.write': 'draft proposals',
  'costing.run': 'cost proposals',
  'proposal.pass': 'pass proposals across the table',
  'proposal.publish': 'publish proposals',
  'proposal.countersign': 'countersign agreements',
  'roster.read': 'read the member roster',
  'roster.write': 'import the member roster or name site captains',
  'vote.read': 'see the union\'s votes',
  'vote.manage': 'run the union\'s votes (election committee)',
  'vote.certify': 'certify a vote\'s count (election committee)',
  'messages.read': 'see the messages sent to members',
  'messages.resend': 'resend messages to members',
  'member.invite': 'invite roster members to sign in',
  'picket.plan': 'plan strike days and shifts',
  'picket.board': 'see the coverage board',
  'picket.captain': 'run a site\'s shifts',
  'picket.member': 'sign up for shifts and check in',
  'strikepay.read': 'see members\' strike pay',
  'strikepay.except': 'grant exceptions to the strike-pay rules',
  'strikepay.manage': 'change the strike-pay rules or produce payouts',
  'site.read': 'see the district\'s strike-day site plan',
  'site.plan': 'plan the district\'s strike-day sites',
  'site.publish': 'publish a strike-day site plan',
  'site.report': 'report a site\'s counts',
  'site.cost': 'see a strike day\'s cost',
};

/**
 * For what the district must never learn exists (votes, rosters, messages): a district account
 * gets the same 404 as a path with no route; nobody signed in, 401; a union role without the
 * permission, 403.
 */
export function allowUnion(actor: Actor | null, permission: Permission, method: string, path: string): Actor {
  if (!actor) throw unauthenticated();
  if (actor.org.kind !== 'union') throw noSuchRoute(method, path);
  return allow(actor, permission);
}

/**
 * For the district's own operations (strike-day site plans, docs/sites.md): a union account gets
 * the same 404 as a path with no route; nobody signed in, 401; a district role without it, 403.
 */
export function allowDistrict(actor: Actor | null, permission: Permission, method: string, path: string): Actor {
  if (!actor) throw unauthenticated();
  if (actor.org.kind !== 'district') throw noSuchRoute(method, path);
  return allow(actor, permission);
}

/**
 * Routes that are one side's own business (a union's pickets and strike pay, the district's
 * strike-day sites): the other side's accounts get the same 404 as a path with no route before
 * the request is read, so a malformed request cannot tell them more than a good one (a 400 naming
 * the field a route takes says that the route exists and what it takes). Nobody signed in goes on
 * to the route, which answers 401.
 */
export function sideOnly(kind: 'union' | 'district'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const actor = c.get('actor');
    if (actor && actor.org.kind !== kind) throw noSuchRoute(c.req.method, c.req.path);
    await next();
  };
}

/** The signed-in actor if they hold the permission; 401 when nobody is signed in, 403 otherwise. */
export function allow(actor: Actor | null, permission: Permission): Actor {
  if (!actor) throw unauthenticated();
  if (!may(actor, permission)) throw forbidden(`${WHAT[permission]} (your role: ${actor.person.role})`);
  return actor;
}
