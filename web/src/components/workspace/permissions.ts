/**
 * What a role may do, to show only the links and buttons that will work. A copy of the
 * server's table (src/server/authz.ts); the server checks every request anyway, so a stale
 * copy here can only hide a button or show one that answers "your role cannot …".
 */
type Grant = { union: readonly string[]; district: readonly string[] };

const GRANTS = {
  'people.manage': { union: ['admin'], district: ['admin'] },
  'dataset.read': { union: ['admin', 'bargaining-team', 'organizer'], district: ['admin', 'budget-analyst', 'negotiator'] },
  'proposal.read': { union: ['admin', 'bargaining-team', 'organizer'], district: ['admin', 'budget-analyst', 'negotiator'] },
  'proposal.write': { union: ['admin', 'bargaining-team'], district: ['admin', 'budget-analyst', 'negotiator'] },
  // The member roster is never the district's to see.
  'roster.read': { union: ['admin', 'organizer'], district: [] },
  'roster.write': { union: ['admin', 'organizer'], district: [] },
} as const satisfies Record<string, Grant>;

export type Permission = keyof typeof GRANTS;

export function may(session: { person: { role: string }; organization: { kind: 'district' | 'union' } }, permission: Permission): boolean {
  return (GRANTS[permission][session.organization.kind] as readonly string[]).includes(session.person.role);
}
