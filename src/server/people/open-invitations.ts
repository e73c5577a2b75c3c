/**
 * Ending invitations not yet accepted (they expire now): a link must not outlive the reason it
 * was sent. The newest invitation to an address is the one that counts; removing a person ends
 * the invitations to their address (else an older one, even for a higher role, lets them back in)
 * and those they sent; a person whose role changes ends those they sent (an admin's invitations
 * were an admin's to send).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function endOpenInvitations(tx: Transaction<Database>, organizationId: number, which: { email?: string; sentBy?: number }, now: string): Promise<void> {
  if (which.email === undefined && which.sentBy === undefined) return;
  await tx.updateTable('invitations').set({ expires_at: now })
    .where('organization_id', '=', organizationId).where('accepted_at', 'is', null).where('expires_at', '>', now)
    .where((eb) => eb.or([
      ...(which.email !== undefined ? [eb('email', '=', which.email)] : []),
      ...(which.sentBy !== undefined ? [eb('created_by', '=', which.sentBy)] : []),
    ]))
    .execute();
}
