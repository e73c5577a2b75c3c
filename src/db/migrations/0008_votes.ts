/**
 * 0008: the union's secret-ballot votes (issue 13, points 2–4; docs/votes.md).
 *
 * Who voted and what was voted are kept apart, with nothing that links them:
 *
 * - votes: a vote set up by the election committee: its questions (JSON), the eligibility
 *   cutoff, the window, the channels, its state (`draft` → `frozen` → `counted` →
 *   `certified`) and, once counted, its results (JSON).
 * - vote_voters: the voter roll, frozen from the roster as it stood at the cutoff (one row per
 *   member, unique), with `standing` (`listed`, `added` by a ruling, `challenged`: cast a
 *   sealed ballot whose eligibility is in doubt, `struck`) and, once they vote, when and by
 *   which channel. This is the sign-in register: it says who voted, never how.
 * - vote_inbox: ballots cast while the vote is open, each sealed (AES-256-GCM under a key
 *   derived from the server's ballot key, which is not in the database), with the hash of the
 *   voter's receipt code. Random ids (never the seeded test ids), no time.
 * - vote_envelopes: a challenged ballot, sealed, with its voter's roll row (the committee must
 *   know whose eligibility it rules on); counted (moved, re-sealed, to the inbox) or destroyed
 *   unopened by the ruling.
 * - vote_ballots, vote_receipts: written once, by the count, in one transaction: the opened
 *   ballots in a random order (choices only) and the receipt hashes in hash order. The inbox is
 *   emptied in the same transaction.
 * - vote_refusals: a second attempt, by any channel (who, which channel, when).
 * - vote_challenges: a member's or an observer's challenge to the list, and its ruling.
 * - vote_access: one-time codes sent to a member (hashed), and the short-lived voter token a
 *   code is exchanged for (hashed).
 * - vote_kiosks: a kiosk session a captain opened on a device at a worksite (token hashed).
 * - vote_paper_entries: a paper tally for a worksite as one person entered it (two people enter
 *   each site's tally separately); vote_paper_sites: the reconciled tally, the site's sign-in
 *   count and the observer's sign-off.
 * - vote_certifications: one row per committee member who certified the count (two needed).
 * - people.member_row_id: the roster member a person's sign-in belongs to (members, captains).
 * - outbox: every email and text message the server sends (invitations, one-time codes,
 *   reminders), queued in the transaction that decides to send it and delivered afterwards;
 *   `dedupe_key` is unique per organization, so a message is never queued twice.
 * - message_opt_outs: an address (email or mobile) that asked for no more messages.
 */
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../connect.ts';

export function votes(dialect: SqlDialect): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'bigint';
  const blobType = dialect === 'sqlite' ? 'blob' : 'bytea';
  const id = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.primaryKey();
  const ref = (table: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(`${table}.id`).onDelete('restrict');
  const optionalRef = (table: string) => (c: ColumnDefinitionBuilder) => c.references(`${table}.id`).onDelete('restrict');

  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('people').addColumn('member_row_id', idType, optionalRef('roster_members')).execute();

      await db.schema
        .createTable('votes')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('questions', 'text', (c) => c.notNull())
        .addColumn('channels', 'text', (c) => c.notNull())
        .addColumn('eligible_statuses', 'text', (c) => c.notNull())
        .addColumn('cutoff_at', 'text', (c) => c.notNull())
        .addColumn('opens_at', 'text', (c) => c.notNull())
        .addColumn('closes_at', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('public_results', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('results', 'text')
        .addColumn('created_by', idType, ref('people'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('frozen_at', 'text')
        .addColumn('counted_by', idType, optionalRef('people'))
        .addColumn('counted_at', 'text')
        .addColumn('certified_at', 'text')
        .addColumn('published_at', 'text')
        .execute();
      await db.schema.createIndex('votes_organization_idx').on('votes').columns(['organization_id', 'opens_at']).execute();

      await db.schema
        .createTable('vote_voters')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('member_row_id', idType, ref('roster_members'))
        .addColumn('worksite_id', idType, optionalRef('roster_worksites'))
        .addColumn('standing', 'text', (c) => c.notNull())
        .addColumn('voted_at', 'text')
        .addColumn('channel', 'text')
        .addUniqueConstraint('vote_voters_member_unique', ['vote_id', 'member_row_id'])
        .execute();
      await db.schema.createIndex('vote_voters_worksite_idx').on('vote_voters').columns(['vote_id', 'worksite_id']).execute();

      await db.schema
        .createTable('vote_inbox')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('sealed', blobType, (c) => c.notNull())
        .addColumn('receipt_hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vote_inbox_vote_idx').on('vote_inbox').columns(['vote_id', 'receipt_hash']).execute();

      await db.schema
        .createTable('vote_envelopes')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('voter_id', idType, (c) => c.notNull().unique().references('vote_voters.id').onDelete('restrict'))
        .addColumn('sealed', blobType, (c) => c.notNull())
        .addColumn('receipt_hash', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('vote_ballots')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('choices', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vote_ballots_vote_idx').on('vote_ballots').columns(['vote_id']).execute();

      await db.schema
        .createTable('vote_receipts')
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('receipt_hash', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('vote_receipts_pk', ['vote_id', 'receipt_hash'])
        .execute();

      await db.schema
        .createTable('vote_refusals')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('member_row_id', idType, ref('roster_members'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vote_refusals_vote_idx').on('vote_refusals').columns(['vote_id', 'at']).execute();

      await db.schema
        .createTable('vote_challenges')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('member_row_id', idType, ref('roster_members'))
        .addColumn('raised_by', idType, optionalRef('people'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('raised_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('ruled_by', idType, optionalRef('people'))
        .addColumn('ruled_at', 'text')
        .addColumn('ruling_note', 'text')
        .execute();
      await db.schema.createIndex('vote_challenges_vote_idx').on('vote_challenges').columns(['vote_id', 'status']).execute();

      await db.schema
        .createTable('vote_access')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('member_row_id', idType, ref('roster_members'))
        .addColumn('via', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', 'text')
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('token_expires_at', 'text')
        .execute();
      await db.schema.createIndex('vote_access_member_idx').on('vote_access').columns(['vote_id', 'member_row_id']).execute();

      await db.schema
        .createTable('vote_kiosks')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('worksite_id', idType, ref('roster_worksites'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('opened_by', idType, ref('people'))
        .addColumn('opened_at', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .execute();

      await db.schema
        .createTable('vote_paper_entries')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('worksite_id', idType, ref('roster_worksites'))
        .addColumn('counts', 'text', (c) => c.notNull())
        .addColumn('entered_by', idType, ref('people'))
        .addColumn('entered_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('vote_paper_entries_site_idx').on('vote_paper_entries').columns(['vote_id', 'worksite_id']).execute();

      await db.schema
        .createTable('vote_paper_sites')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('worksite_id', idType, ref('roster_worksites'))
        .addColumn('sign_ins', 'integer', (c) => c.notNull())
        .addColumn('counts', 'text')
        .addColumn('observer_name', 'text')
        .addColumn('observer_signed_by', idType, optionalRef('people'))
        .addColumn('observer_signed_at', 'text')
        .addColumn('accepted_at', 'text')
        .addUniqueConstraint('vote_paper_sites_unique', ['vote_id', 'worksite_id'])
        .execute();

      await db.schema
        .createTable('vote_certifications')
        .addColumn('id', idType, id)
        .addColumn('vote_id', idType, ref('votes'))
        .addColumn('person_id', idType, ref('people'))
        .addColumn('certified_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('vote_certifications_unique', ['vote_id', 'person_id'])
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('provider_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addUniqueConstraint('outbox_dedupe_unique', ['organization_id', 'dedupe_key'])
        .execute();
      await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();

      await db.schema
        .createTable('message_opt_outs')
        .addColumn('id', idType, id)
        .addColumn('organization_id', idType, ref('organizations'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addUniqueConstraint('message_opt_outs_unique', ['organization_id', 'channel', 'address'])
        .execute();
    },

    async down(db: Kysely<any>): Promise<void> {
      for (const t of ['message_opt_outs', 'outbox', 'vote_certifications', 'vote_paper_sites', 'vote_paper_entries', 'vote_kiosks', 'vote_access', 'vote_challenges', 'vote_refusals', 'vote_receipts', 'vote_ballots', 'vote_envelopes', 'vote_inbox', 'vote_voters', 'votes']) {
        await db.schema.dropTable(t).execute();
      }
      await db.schema.alterTable('people').dropColumn('member_row_id').execute();
    },
  };
}
