/**
 * The delivery worker: takes due `pending` messages from the outbox and hands them to the
 * channel's Sender, outside any request.
 *
 * - Claiming moves a row to `sending` in one statement (PostgreSQL: FOR UPDATE SKIP LOCKED;
 *   SQLite: the write lock), so two workers or processes never take the same row.
 * - A row is committed as `sending` before it is handed over (its `next_attempt_at` then says
 *   when it was claimed). If the process dies before the answer is recorded, the row stays
 *   `sending`; it becomes `uncertain` and is never sent again by itself (nothing goes out
 *   twice). An organizer can resend it. With SQLite (one process) that happens at the next
 *   start. With PostgreSQL several processes may share the outbox, so a start must not take
 *   another live process's message in flight for an interrupted one: a row still `sending`
 *   INTERRUPTED_AFTER_MS (5 minutes, far past the senders' timeouts) after its claim is
 *   marked, at a start or at any delivery round of any process.
 * - Temporary failure: back to `pending` after 1, 2, 4, 8, 16 minutes; the 6th failure is `failed`.
 * - Permanent failure: `bounced`; a bounced address (or a number the provider says opted out)
 *   gets no more messages from that union.
 * - A channel without a Sender (no SMTP server configured) is not claimed: its rows wait.
 */
import { sql, type Kysely, type Updateable } from 'kysely';
import type { SqlDialect } from '../../db/connect.ts';
import type { IdSource } from '../../db/ids.ts';
import type { Database, OutboxTable } from '../../db/schema.ts';
import { isOptedOut, recordOptOut } from './opt-outs.ts';
import { withoutSecret } from './secrets.ts';
import type { MessageChannel } from './outbox.ts';
import { PermanentFailure, TemporaryFailure, UncertainFailure, type Sender } from './sender.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

export const MAX_ATTEMPTS = 6;

/** The wait after the n-th failed attempt: 1 minute, doubling (n = 1 … 5). */
export const backoffMs = (attempts: number) => 60_000 * 2 ** (attempts - 1);

export interface DeliveryOptions {
  db: Kysely<Database>;
  dialect: SqlDialect;
  ids: IdSource;
  now: () => Date;
  senders: Partial<Record<MessageChannel, Sender>>;
  /** Every email ends with a link to `${baseUrl}/api/messages/unsubscribe?t=…`. */
  unsubscribe: { key: Buffer; baseUrl: string };
  /** Rows claimed at once (default 20). */
  batchSize?: number;
  /** Messages being sent at once (default 4). */
  concurrency?: number;
  /** How often to look for due messages (default 5 s). */
  pollMs?: number;
  log: (line: string) => void;
}

export interface DeliveryCounts {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  bounced: number;
  optedOut: number;
}

type OutboxRow = { id: number; organization_id: number; channel: string; recipient: string; subject: string | null; body: string; kind: string; attempts: number };

/** A row claimed this long ago and still `sending` was left by a process that stopped (the senders time out well before). */
export const INTERRUPTED_AFTER_MS = 5 * 60_000;

/**
 * Rows a stopped process left `sending` may or may not have left; they become `uncertain`. SQLite
 * (one process): every such row. PostgreSQL: only rows claimed INTERRUPTED_AFTER_MS or more
 * before `now`, since another process may be sending the others right now.
 */
export async function markInterrupted(db: Kysely<Database>, o: { dialect: SqlDialect; now: Date }): Promise<number> {
  let q = db
    .updateTable('outbox')
    .set({ status: 'uncertain', last_error: 'the server stopped while sending this message: it may or may not have been delivered, so it is not sent again by itself' })
    .where('status', '=', 'sending');
  if (o.dialect === 'postgres') q = q.where('next_attempt_at', '<=', new Date(o.now.getTime() - INTERRUPTED_AFTER_MS).toISOString());
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Moves up to `limit` due rows of these channels to `sending` (one more attempt each) and returns them. */
export async function claimDue(db: Kysely<Database>, dialect: SqlDialect, now: Date, channels: MessageChannel[], limit: number): Promise<OutboxRow[]> {
  if (channels.length === 0) return [];
  return db.transaction().execute(async (tx) => {
    const due = tx
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .where('channel', 'in', channels)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit);
    const rows = await tx
      .updateTable('outbox')
      .set({ status: 'sending', attempts: sql<number>`attempts + 1`, next_attempt_at: now.toISOString() })
      .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
      .where('status', '=', 'pending')
      .returning(['id', 'organization_id', 'channel', 'recipient', 'subject', 'body', 'kind', 'attempts'])
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), organization_id: Number(r.organization_id), attempts: Number(r.attempts) }));
  });
}

async function deliverOne(o: DeliveryOptions, row: OutboxRow, counts: DeliveryCounts): Promise<void> {
  const { db } = o;
  const channel = row.channel as MessageChannel;
  const settle = (set: Updateable<OutboxTable>) => db.updateTable('outbox').set(set).where('id', '=', row.id).where('status', '=', 'sending').execute();
  // An opt-out recorded after the message was queued (a STOP, a bounce of another message) wins.
  if (await isOptedOut(db, { organizationId: row.organization_id, channel, address: row.recipient })) {
    await settle({ status: 'opted-out', body: withoutSecret(row.kind, row.body) });
    counts.optedOut++;
    return;
  }
  const sender = o.senders[channel];
  if (!sender) return;
  const unsubscribeUrl = channel === 'email' ? `${o.unsubscribe.baseUrl.replace(/\/+$/, '')}/api/messages/unsubscribe?t=${unsubscribeToken(o.unsubscribe.key, { organizationId: row.organization_id, address: row.recipient })}` : undefined;
  const body = unsubscribeUrl ? `${row.body}\n\n--\nTo get no more email like this: ${unsubscribeUrl}\n` : row.body;
  try {
    const { providerId } = await sender.send({ id: row.id, channel, to: row.recipient, subject: row.subject, body, unsubscribeUrl });
    // Sent: the code or link it carried is no longer kept (secrets.ts).
    await settle({ status: 'sent', provider_id: providerId, sent_at: o.now().toISOString(), last_error: null, body: withoutSecret(row.kind, row.body) });
    counts.sent++;
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
    if (e instanceof PermanentFailure) {
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('outbox').set({ status: 'bounced', last_error: message, body: withoutSecret(row.kind, row.body) }).where('id', '=', row.id).where('status', '=', 'sending').execute();
        if (e.optOut) await recordOptOut(tx, o.ids, { organizationId: row.organization_id, channel, address: row.recipient, reason: e.optOut, at: o.now() });
      });
      counts.bounced++;
    } else if (e instanceof UncertainFailure) {
      await settle({ status: 'uncertain', last_error: `${message}: it may have been delivered, so it is not sent again by itself` });
      counts.failed++;
    } else if (row.attempts >= MAX_ATTEMPTS) {
      await settle({ status: 'failed', last_error: message });
      counts.failed++;
    } else {
      if (!(e instanceof TemporaryFailure)) o.log(`messages: unexpected error sending outbox ${row.id}: ${message}`);
      await settle({ status: 'pending', last_error: message, next_attempt_at: new Date(o.now().getTime() + backoffMs(row.attempts)).toISOString() });
      counts.retrying++;
    }
  }
}

/** One round: claim a batch of due messages and send them, `concurrency` at a time. */
export async function deliverDue(o: DeliveryOptions): Promise<DeliveryCounts> {
  const channels = (Object.keys(o.senders) as MessageChannel[]).filter((ch) => o.senders[ch]);
  const rows = await claimDue(o.db, o.dialect, o.now(), channels, o.batchSize ?? 20);
  const counts: DeliveryCounts = { claimed: rows.length, sent: 0, retrying: 0, failed: 0, bounced: 0, optedOut: 0 };
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      try {
        await deliverOne(o, row, counts);
      } catch (e) {
        // Recording the answer failed (the database went away): the row stays `sending` and becomes `uncertain` at the next start.
        o.log(`messages: could not record the delivery of outbox ${row.id}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 4) }, lane));
  return counts;
}

export interface DeliveryWorker {
  /** Look for due messages now rather than at the next poll. */
  poke(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/** Marks what a stopped process left `sending` as `uncertain`, then polls in the background. */
export async function startDeliveryWorker(o: DeliveryOptions): Promise<DeliveryWorker> {
  const interrupted = await markInterrupted(o.db, { dialect: o.dialect, now: o.now() });
  if (interrupted > 0) o.log(`messages: ${interrupted} message(s) were being sent when the server last stopped; marked uncertain (an organizer can resend them)`);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<void> | null = null;
  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    timer = null;
    if (round || stopped) return;
    round = (async () => {
      let full = false;
      try {
        // With several processes on PostgreSQL, no start may come after one stops: look at every round.
        if (o.dialect === 'postgres') {
          const n = await markInterrupted(o.db, { dialect: o.dialect, now: o.now() });
          if (n > 0) o.log(`messages: ${n} message(s) were still being sent ${INTERRUPTED_AFTER_MS / 60_000} minutes after they were taken (a server process stopped); marked uncertain (an organizer can resend them)`);
        }
        const c = await deliverDue(o);
        full = c.claimed >= (o.batchSize ?? 20);
      } catch (e) {
        o.log(`messages: delivery round failed: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        round = null;
      }
      // A full batch: more may be due, go again at once.
      schedule(full ? 0 : (o.pollMs ?? 5000));
    })();
  };
  schedule(0);
  return {
    poke: () => schedule(0),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round;
    },
  };
}
