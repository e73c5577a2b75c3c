/**
 * 0013: a one-time voting code belongs to the request that asked for it (docs/votes.md,
 * "Channels"). Before, a code check was tried against every live code of the member, so anyone
 * who knew a member id could spend the member's codes with five wrong guesses, and use up the
 * member's sends for the hour by asking: a member could be kept from voting by code.
 *
 * - vote_access.request_hash: the hash of the random request id answered to whoever asked for the
 *   code; checking a code needs it, and only that request's code spends a try.
 * - vote_access.requested_from: a keyed hash of the network address that asked, so that one
 *   address can use only part of a member's sends in an hour.
 *
 * Kiosk ballot tokens (via `kiosk`) leave both empty.
 */
import type { Kysely, Migration } from 'kysely';

export function codeRequests(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('vote_access').addColumn('request_hash', 'text').execute();
      await db.schema.alterTable('vote_access').addColumn('requested_from', 'text').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('vote_access').dropColumn('requested_from').execute();
      await db.schema.alterTable('vote_access').dropColumn('request_hash').execute();
    },
  };
}
