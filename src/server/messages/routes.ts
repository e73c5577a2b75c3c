/**
 * The organizer view of messages (docs/api.md, "Messages"): what was queued and sent to members,
 * recipients masked, and resending one that may not have arrived. Union admins and organizers;
 * the district gets 404 as if the routes did not exist. Also the two doors members use without
 * an account: the unsubscribe link in every email, and the SMS provider's STOP/START webhook.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { audit } from '../audit.ts';
import { allowUnion } from '../authz.ts';
import type { AppEnv } from '../env.ts';
import { conflict, notFound } from '../errors.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { NOT_CONFIGURED } from './config.ts';
import { REMOVED_CODE, REMOVED_LINK, SECRET_KINDS, withoutSecret } from './secrets.ts';
import { maskRecipient } from './mask.ts';
import { enqueueMessage, type MessageChannel } from './outbox.ts';
import { optOutRoutes } from './opt-out-routes.ts';

export const STATUSES = ['pending', 'sending', 'sent', 'failed', 'bounced', 'opted-out', 'uncertain'] as const;
const RESENDABLE = new Set(['uncertain', 'failed']);

const ListQuery = z.object({
  status: z.enum(STATUSES).optional().openapi({ param: { name: 'status', in: 'query' }, example: 'failed' }),
  limit: z.coerce.number().int().min(1).max(500).default(100).openapi({ param: { name: 'limit', in: 'query' } }),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0).openapi({ param: { name: 'offset', in: 'query' } }),
});

const MessageSchema = z.object({
  id: z.number().int(), kind: z.string(), channel: z.enum(['email', 'sms']),
  recipient: z.string().openapi({ description: 'masked: j***@example.org, +1•••••0143' }),
  status: z.enum(STATUSES), attempts: z.number().int(), lastError: z.string().nullable(), createdAt: z.string(), sentAt: z.string().nullable(),
}).openapi('Message');

const ChannelSchema = z.object({ channel: z.enum(['email', 'sms']), configured: z.boolean(), notice: z.string().nullable() }).openapi('MessageChannel');

const list = createRoute({
  method: 'get', path: '/api/messages', tags: ['messages'], summary: 'Messages queued and sent to members, newest first, recipients masked (union admins and organizers)',
  request: { query: ListQuery },
  responses: { 200: ok(z.object({ channels: z.array(ChannelSchema), messages: z.array(MessageSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() }).openapi('Messages'), 'A page of messages'), ...errors(400, 401, 403, 404) },
});

const resend = createRoute({
  method: 'post', path: '/api/messages/{id}/resend', tags: ['messages'], summary: 'Queue an uncertain or failed message again, as a new message (once per message)',
  request: { params: IdParams },
  responses: { 201: ok(z.object({ message: MessageSchema }).openapi('ResentMessage'), 'The new message, queued'), ...errors(400, 401, 403, 404, 409) },
});

/** An error text may quote the address (a 550 names the mailbox): masked like the recipient. */
const maskedError = (e: string | null, channel: string, to: string) => (e === null ? null : e.split(to).join(maskRecipient(channel, to)));

type Row = { id: number; kind: string; channel: string; recipient: string; status: string; attempts: number; last_error: string | null; created_at: string; sent_at: string | null };
const view = (r: Row) => ({
  id: Number(r.id), kind: r.kind, channel: r.channel as MessageChannel, recipient: maskRecipient(r.channel, r.recipient), status: r.status as (typeof STATUSES)[number],
  attempts: Number(r.attempts), lastError: maskedError(r.last_error, r.channel, r.recipient), createdAt: r.created_at, sentAt: r.sent_at,
});
const COLUMNS = ['id', 'kind', 'channel', 'recipient', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'] as const;

export function messageRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(list, async (c) => {
    const actor = allowUnion(c.get('actor'), 'messages.read', c.req.method, c.req.path);
    const deps = c.get('deps');
    const { status, limit, offset } = c.req.valid('query');
    let q = deps.db.selectFrom('outbox').where('organization_id', '=', actor.org.id);
    if (status) q = q.where('status', '=', status);
    const [rows, count] = await Promise.all([
      q.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const configured = deps.messaging?.channels ?? { email: false, sms: false };
    const channels = (['email', 'sms'] as const).map((ch) => ({ channel: ch, configured: configured[ch], notice: configured[ch] ? null : NOT_CONFIGURED[ch] }));
    return c.json({ channels, messages: rows.map(view), total: Number(count.n), limit, offset }, 200);
  });

  app.openapi(resend, async (c) => {
    const actor = allowUnion(c.get('actor'), 'messages.resend', c.req.method, c.req.path);
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const now = deps.now();
    const message = await deps.db.transaction().execute(async (tx) => {
      const old = await tx.selectFrom('outbox').selectAll().where('id', '=', id).where('organization_id', '=', actor.org.id).executeTakeFirst();
      if (!old) throw notFound('message', id);
      if (!RESENDABLE.has(old.status)) {
        throw conflict('messages.not-resendable', `message ${id} is ${old.status}: only an uncertain or failed message can be resent`, 'list the ones that can: GET /api/messages?status=uncertain or ?status=failed');
      }
      const dedupeKey = `resend-of:${old.id}`;
      const resent = await tx.selectFrom('outbox').select('id').where('organization_id', '=', actor.org.id).where('dedupe_key', '=', dedupeKey).executeTakeFirst();
      if (resent) throw conflict('messages.already-resent', `message ${id} was already resent`, 'see the new message in GET /api/messages');
      // Once its code or link expired (or it was resent), the stored copy lost it (secrets.ts): resent, it would carry nothing.
      if (SECRET_KINDS.has(old.kind) && (old.body.includes(REMOVED_LINK) || old.body.includes(REMOVED_CODE))) {
        throw conflict('messages.secret-expired', `message ${id} carried a code or link that has expired and is no longer kept`, 'send a new invitation, or ask the member to ask for a new code');
      }
      const queued = await enqueueMessage(tx, deps.ids, { organizationId: old.organization_id, channel: old.channel as MessageChannel, to: old.recipient, subject: old.subject ?? undefined, body: old.body, kind: old.kind, dedupeKey }, now);
      // The new message carries the code or link now; the one resent keeps no copy of it.
      if (queued === 'queued') await tx.updateTable('outbox').set({ body: withoutSecret(old.kind, old.body) }).where('id', '=', old.id).execute();
      if (queued === 'already-queued') throw conflict('messages.already-resent', `message ${id} was already resent`, 'see the new message in GET /api/messages');
      if (queued === 'opted-out') throw conflict('messages.opted-out', 'this address asked for no more messages from your union', 'reach the member another way');
      const row = await tx.selectFrom('outbox').select(COLUMNS).where('organization_id', '=', actor.org.id).where('dedupe_key', '=', dedupeKey).executeTakeFirstOrThrow();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'message.resend', subject: `messages/${old.id}`, at: now.toISOString() });
      return view(row);
    });
    deps.messaging?.poke?.();
    return c.json({ message }, 201);
  });

  optOutRoutes(app);
}
