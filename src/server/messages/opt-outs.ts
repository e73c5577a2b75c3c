/**
 * Addresses that asked for no more messages (a STOP reply, an unsubscribe link, a bounce, the
 * provider's word). Recorded per union: a number that texted STOP is opted out of every union
 * on the server that has it on a roster, since the reply cannot say which union it meant.
 */
import type { Kysely, Transaction } from 'kysely';
import type { IdSource } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import type { MessageChannel } from './outbox.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type OptOutReason = 'stop-reply' | 'unsubscribe-link' | 'provider' | 'bounce';

/**
 * Records the opt-out (once) and marks the address's queued messages `opted-out`, so none leaves.
 * True when it is new (the address was not opted out already).
 */
export async function recordOptOut(db: Db, ids: IdSource, o: { organizationId: number; channel: MessageChannel; address: string; reason: OptOutReason; at: Date }): Promise<boolean> {
  const r = await db
    .insertInto('message_opt_outs')
    .values({ id: ids.next(o.organizationId), organization_id: o.organizationId, channel: o.channel, address: o.address, reason: o.reason, at: o.at.toISOString() })
    .onConflict((oc) => oc.columns(['organization_id', 'channel', 'address']).doNothing())
    .executeTakeFirst();
  await db
    .updateTable('outbox')
    .set({ status: 'opted-out' })
    .where('organization_id', '=', o.organizationId)
    .where('channel', '=', o.channel)
    .where('recipient', '=', o.address)
    .where('status', '=', 'pending')
    .execute();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function removeOptOut(db: Db, o: { organizationId: number; channel: MessageChannel; address: string }): Promise<number> {
  const r = await db.deleteFrom('message_opt_outs').where('organization_id', '=', o.organizationId).where('channel', '=', o.channel).where('address', '=', o.address).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function isOptedOut(db: Db, o: { organizationId: number; channel: string; address: string }): Promise<boolean> {
  const row = await db.selectFrom('message_opt_outs').select('id').where('organization_id', '=', o.organizationId).where('channel', '=', o.channel).where('address', '=', o.address).executeTakeFirst();
  return !!row;
}

/** The unions that have this mobile number on their roster (current members). */
export async function unionsWithMobile(db: Db, mobile: string): Promise<number[]> {
  const rows = await db.selectFrom('roster_members').select('organization_id').distinct().where('mobile', '=', mobile).where('removed_at', 'is', null).execute();
  return rows.map((r) => r.organization_id);
}
