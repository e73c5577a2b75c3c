/**
 * Who sees which vote pages: a copy of the server's rules (docs/votes.md), to show only links
 * that will work; the server checks every request anyway.
 */
import type { Session } from '../../App.tsx';

/** The election committee and union admins run votes. */
export const runsVotes = (s: Session) => s.organization.kind === 'union' && (s.person.role === 'election-committee' || s.person.role === 'admin');
/** Only committee members certify (two of them); union admins do everything else. */
export const certifiesVotes = (s: Session) => s.organization.kind === 'union' && s.person.role === 'election-committee';
/** Site captains open kiosks and sign members in on paper at their worksite; the committee anywhere. */
export const runsSites = (s: Session) => runsVotes(s) || (s.organization.kind === 'union' && s.person.role === 'site-captain');
