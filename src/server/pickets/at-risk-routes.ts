/**
 * The at-risk list of a strike day (docs/pickets.md, "Coverage board"): members signed up and not
 * checked in 15 minutes after the start of a running shift, and shifts below their minimum; and
 * one action to message the late members through the outbox. The outbox key is the day, shift,
 * member and channel, so pressing the button twice (or two organizers pressing it) texts nobody
 * twice for a shift. Opted-out addresses and members with no address are counted, not messaged.
 * Audited as counts.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { allowUnion } from '../authz.ts';
import { audit } from '../audit.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { atRiskOf } from './board-read.ts';
import { lateMessageKey } from './board-store.ts';
import { AtRiskMessageBody, AtRiskMessagesSchema, AtRiskSchema, DayParams } from './board-schemas.ts';

const LIST_PATH = '/api/pickets/days/{dayId}/at-risk';
const MESSAGES_PATH = '/api/pickets/days/{dayId}/at-risk/messages';

const list = createRoute({
  method: 'get', path: LIST_PATH, tags: ['pickets'], summary: 'Who is late (signed up, not checked in 15 minutes after the start of a running shift) and which shifts are below minimum (organizers)',
  request: { params: DayParams },
  responses: { 200: ok(AtRiskSchema, 'The at-risk list now'), ...errors(400, 401, 403, 404) },
});

const message = createRoute({
  method: 'post', path: MESSAGES_PATH, tags: ['pickets'], summary: 'Message every member on the at-risk list now, by SMS or email, through the outbox (once per member, shift and channel)',
  request: { params: DayParams, ...jsonBody(AtRiskMessageBody, 'Which contact to use, and optionally your own words') },
  responses: { 200: ok(AtRiskMessagesSchema, 'What was queued'), ...errors(400, 401, 403, 404) },
});

const pathOf = (template: string, dayId: number) => template.replace('{dayId}', String(dayId));

/** 6:30 a.m. in the day's time zone, as the member reads it. */
function localTime(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  } catch {
    return `${iso.slice(11, 16)} UTC`;
  }
}

export function atRiskRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(list, async (c) => {
    const { dayId } = c.req.valid('param');
    const actor = allowUnion(c.get('actor'), 'picket.board', 'GET', pathOf(LIST_PATH, dayId));
    const deps = c.get('deps');
    const { atRisk } = await atRiskOf(deps.db, actor.org.id, dayId, deps.now());
    return c.json(atRisk, 200);
  });

  app.openapi(message, async (c) => {
    const { dayId } = c.req.valid('param');
    const actor = allowUnion(c.get('actor'), 'picket.board', 'POST', pathOf(MESSAGES_PATH, dayId));
    const { via, text } = c.req.valid('json');
    const deps = c.get('deps');
    const now = deps.now();
    const out = await deps.db.transaction().execute(async (tx) => {
      const day = await tx.selectFrom('strike_days').select('time_zone').where('id', '=', dayId).where('organization_id', '=', actor.org.id).executeTakeFirst();
      const { atRisk, contacts } = await atRiskOf(tx, actor.org.id, dayId, now);
      const counts = { queued: 0, alreadyQueued: 0, optedOut: 0, noAddress: 0 };
      for (const late of atRisk.late) {
        const who = contacts.get(`${late.shiftId}:${late.memberRowId}`);
        const to = via === 'email' ? who?.email : who?.mobile;
        if (!to) {
          counts.noAddress++;
          continue;
        }
        const when = localTime(late.startsAt, day?.time_zone ?? 'UTC');
        const words = text?.trim() || 'If you are on your way, check in when you arrive. If you cannot come, tell your site captain.';
        const r = await enqueueMessage(tx, deps.ids, {
          organizationId: actor.org.id, channel: via, to, kind: 'picket-late', dedupeKey: lateMessageKey(dayId, late.shiftId, late.memberRowId, via),
          subject: via === 'email' ? `Your picket shift at ${late.worksite} started at ${when}` : undefined,
          body: `${actor.org.name}: your picket shift at ${late.worksite} started at ${when} and you have not checked in. ${words}`,
        }, now);
        if (r === 'queued') counts.queued++;
        else if (r === 'already-queued') counts.alreadyQueued++;
        else counts.optedOut++;
      }
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: `picket.at-risk-message:${via}:${counts.queued}`, subject: `pickets/days/${dayId}`, at: now.toISOString() });
      return counts;
    });
    if (out.queued > 0) deps.messaging?.poke?.();
    return c.json(out, 200);
  });
}
