/**
 * How members stop messages without an account:
 * - the link at the end of every email: GET shows a page with one button (link scanners and
 *   previews follow GETs, so a GET changes nothing); POST (the button, or a mail client's
 *   one-click List-Unsubscribe-Post) records the opt-out for that union and address;
 * - the SMS provider's webhook: a reply STOP (or UNSUBSCRIBE, CANCEL, END, QUIT, STOPALL) opts
 *   the number out of every union on the server that has it on its roster; START (or UNSTOP,
 *   YES) takes it back. Authenticated by the shared secret SETTLE_SMS_WEBHOOK_SECRET in the
 *   X-Settle-Webhook-Secret header, compared in constant time; without it set, 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, noSuchRoute } from '../errors.ts';
import { errors, ok } from '../schemas.ts';
import { recordOptOut, removeOptOut, unionsWithMobile } from './opt-outs.ts';
import { readUnsubscribeToken, unsubscribeKey } from './unsubscribe-token.ts';

export const UNSUBSCRIBE_PATH = '/api/messages/unsubscribe';
export const SMS_INBOUND_PATH = '/api/messages/sms-inbound';
const STOP = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START = new Set(['START', 'UNSTOP', 'YES']);

const TokenQuery = z.object({ t: z.string().min(10).max(1000).openapi({ param: { name: 't', in: 'query' }, description: 'the token from the link in the email' }) });
const html = (description: string) => ({ content: { 'text/html': { schema: z.string() } }, description });

const page = createRoute({
  method: 'get', path: UNSUBSCRIBE_PATH, tags: ['messages'], summary: 'The page behind the unsubscribe link in an email: one button; changes nothing by itself',
  request: { query: TokenQuery },
  responses: { 200: html('A page with the button'), ...errors(400, 404) },
});

const unsubscribe = createRoute({
  method: 'post', path: UNSUBSCRIBE_PATH, tags: ['messages'], summary: 'Stop this union\'s email to this address (the button, or a mail client\'s one-click unsubscribe)',
  request: { query: TokenQuery },
  responses: { 200: html('Done'), ...errors(400, 404) },
});

const inbound = createRoute({
  method: 'post', path: SMS_INBOUND_PATH, tags: ['messages'], summary: 'The SMS provider\'s webhook for replies: STOP opts the number out, START opts it back in',
  middleware: [webhookSecret()] as const,
  request: {
    headers: z.object({ 'x-settle-webhook-secret': z.string().max(200).openapi({ description: 'SETTLE_SMS_WEBHOOK_SECRET' }) }),
    body: { content: { 'application/x-www-form-urlencoded': { schema: z.object({ From: z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +12135550143'), Body: z.string().max(2000) }).openapi({ example: { From: '+12135550143', Body: 'STOP' } }) } }, required: true, description: 'The provider\'s form (other fields are ignored)' },
  },
  responses: { 200: ok(z.object({ action: z.enum(['opted-out', 'opted-in', 'ignored']), unions: z.number().int() }).openapi('SmsInbound'), 'What the reply did'), ...errors(400, 401, 404) },
});

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Checks the shared secret before anything of the request is read; unconfigured → the route is absent. */
function webhookSecret(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = c.get('deps').messaging?.smsWebhookSecret ?? null;
    if (!secret) throw noSuchRoute(c.req.method, c.req.path);
    // Digests of both: equal lengths, so the comparison's time says nothing about the secret.
    if (!timingSafeEqual(digest(c.req.header('x-settle-webhook-secret') ?? ''), digest(secret))) {
      throw new ApiError(401, { code: 'messages.webhook-secret', message: 'the webhook secret is missing or wrong', where: { field: 'x-settle-webhook-secret' }, hint: 'configure the provider to send the X-Settle-Webhook-Secret header with SETTLE_SMS_WEBHOOK_SECRET' });
    }
    await next();
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const shell = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Email preferences</title></head><body><main>${body}</main></body></html>`;

export function optOutRoutes(app: OpenAPIHono<AppEnv>): void {
  const read = async (c: { get: (k: 'deps') => AppEnv['Variables']['deps'] }, t: string) => {
    const deps = c.get('deps');
    const u = readUnsubscribeToken(unsubscribeKey(deps.ballotKey), t);
    const org = u ? await deps.db.selectFrom('organizations').select(['id', 'name']).where('id', '=', u.organizationId).executeTakeFirst() : undefined;
    if (!u || !org) throw new ApiError(404, { code: 'messages.unsubscribe-link', message: 'this unsubscribe link is not one this server made', where: { field: 't' }, hint: 'use the whole link from the end of the email' });
    return { ...u, orgName: org.name };
  };

  app.openapi(page, async (c) => {
    const { t } = c.req.valid('query');
    const u = await read(c, t);
    return c.html(shell(`<h1>Stop email from ${escapeHtml(u.orgName)}</h1><p>${escapeHtml(u.address)} will get no more email from ${escapeHtml(u.orgName)} through this server.</p><form method="post" action="${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(t)}"><button type="submit">Stop these emails</button></form>`), 200);
  });

  app.openapi(unsubscribe, async (c) => {
    const deps = c.get('deps');
    const { t } = c.req.valid('query');
    const u = await read(c, t);
    const now = deps.now();
    await deps.db.transaction().execute(async (tx) => {
      // Audited when it changes something: the same link followed again (or a thousand times) adds nothing.
      if (await recordOptOut(tx, deps.ids, { organizationId: u.organizationId, channel: 'email', address: u.address, reason: 'unsubscribe-link', at: now })) {
        await audit(tx, deps.ids, { organizationId: u.organizationId, personId: null, action: 'message.opt-out:unsubscribe-link', subject: 'messages/email', at: now.toISOString() });
      }
    });
    return c.html(shell(`<h1>Done</h1><p>${escapeHtml(u.address)} will get no more email from ${escapeHtml(u.orgName)}.</p>`), 200);
  });

  app.openapi(inbound, async (c) => {
    const deps = c.get('deps');
    const { From, Body } = c.req.valid('form');
    const word = Body.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
    const action: 'opted-out' | 'opted-in' | 'ignored' = STOP.has(word) ? 'opted-out' : START.has(word) ? 'opted-in' : 'ignored';
    if (action === 'ignored') return c.json({ action, unions: 0 }, 200);
    const now = deps.now();
    const unions = await deps.db.transaction().execute(async (tx) => {
      const orgs = await unionsWithMobile(tx, From);
      for (const organizationId of orgs) {
        const changed = action === 'opted-out'
          ? await recordOptOut(tx, deps.ids, { organizationId, channel: 'sms', address: From, reason: 'stop-reply', at: now })
          : (await removeOptOut(tx, { organizationId, channel: 'sms', address: From })) > 0;
        if (changed) await audit(tx, deps.ids, { organizationId, personId: null, action: `message.${action === 'opted-out' ? 'opt-out:stop-reply' : 'opt-in:start-reply'}`, subject: 'messages/sms', at: now.toISOString() });
      }
      return orgs.length;
    });
    return c.json({ action, unions }, 200);
  });
}
