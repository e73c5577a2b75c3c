/**
 * Queueing a message: in the caller's transaction, so a message is queued exactly when what
 * it tells of happened (an invitation made, a code issued), and under a key that makes queueing
 * the same message twice a no-op. Delivery (SMTP, the SMS provider, retries, bounces, opt-outs)
 * happens afterwards, outside any request (src/server/messages/).
 */
import type { Kysely, Transaction } from 'kysely';
import type { IdSource } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';

export type MessageChannel = 'email' | 'sms';

export interface NewMessage {
  organizationId: number;
  channel: MessageChannel;
  /** An email address, or an E.164 mobile number. */
  to: string;
  /** Email only. */
  subject?: string;
  /** Plain text. */
  body: string;
  kind: string;
  /** The same key queues nothing the second time, such as `vote-code:<access id>`. */
  dedupeKey: string;
}

export type Queued = 'queued' | 'already-queued' | 'opted-out';

export async function enqueueMessage(db: Kysely<Database> | Transaction<Database>, ids: IdSource, m: NewMessage, now: Date): Promise<Queued> {
  const optedOut = await db.selectFrom('message_opt_outs').select('id').where('organization_id', '=', m.organizationId).where('channel', '=', m.channel).where('address', '=', m.to).executeTakeFirst();
  if (optedOut) return 'opted-out';
  const r = await db
    .insertInto('outbox')
    .values({
      id: ids.next(m.organizationId), organization_id: m.organizationId, channel: m.channel, recipient: m.to, subject: m.subject ?? null, body: m.body, kind: m.kind,
      dedupe_key: m.dedupeKey, status: 'pending', next_attempt_at: now.toISOString(), last_error: null, provider_id: null, created_at: now.toISOString(), sent_at: null,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1 ? 'queued' : 'already-queued';
}
