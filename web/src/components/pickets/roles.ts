/**
 * Who sees which strike-morning pages: a copy of the server's permissions (src/server/authz.ts
 * picket.* and strikepay.*), to show only links that will work; the server checks every request.
 */
import type { Session } from '../../App.tsx';

const union = (s: Session | null) => s !== null && s.organization.kind === 'union';
/** Strike days, shifts, the board, the at-risk list and strike pay: union admins and organizers. */
export const organizes = (s: Session | null) => union(s) && (s!.person.role === 'admin' || s!.person.role === 'organizer');
/** A site's shifts, its code and its check-ins: captains (their sites) and organizers (all). */
export const captains = (s: Session | null) => organizes(s) || (union(s) && s!.person.role === 'site-captain');
/** A member's own shifts, check-in and strike pay: every union role. */
export const isMember = (s: Session | null) => union(s);
