/**
 * When a joint version is the table's agreement. Either side may draft a version written
 * `party: joint` (a tentative agreement) and pass it across; it is the agreement only once the
 * other side has countersigned that same version. Until then every view shows it as a
 * proposal of the side that drafted it, never as "the agreement".
 */
import type { Party } from '../../proposals/types.ts';

export type OrgKind = 'district' | 'union';

/** The party a version is shown as: as written, except a joint version not countersigned, which is its drafter's. */
export function partyShown(written: Party, drafter: OrgKind, countersigned: boolean): Party {
  return written === 'joint' && !countersigned ? drafter : written;
}

/** A joint version waiting for the other side's countersignature. */
export const awaitingCountersignature = (written: Party, countersigned: boolean): boolean => written === 'joint' && !countersigned;
