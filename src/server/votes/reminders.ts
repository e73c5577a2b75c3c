/**
 * Reminding members who have not voted (docs/votes.md, "Reminders"): the committee presses one
 * button; every voter on the list who has not voted yet, and has an email or a mobile number on
 * the roster, gets a reminder through the outbox, at most one a day by each channel (the
 * outbox's key is the vote, the day and the voter). Opted-out addresses get nothing. Audited as
 * counts. The reminder names the vote and where to vote, never anything of anyone's ballot.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { audit } from '../audit.ts';
import type { AppEnv } from '../env.ts';
import { conflict } from '../errors.ts';
import { enqueueMessage, type MessageChannel } from '../messages/outbox.ts';
import { errors, IdParams, jsonBody, ok } from '../schemas.ts';
import { isOpen, lockedVote, voteActor } from './store.ts';

const RemindBody = z.object({
  via: z.enum(['email', 'sms', 'both']).openapi({ description: 'Which of the roster\'s contacts to use: email, sms or both' }),
}).strict().openapi('VoteRemind', { example: { via: 'both' } });

const RemindSchema = z.object({
  queued: z.number().int().openapi({ description: 'Reminders queued now' }),
  alreadyToday: z.number().int().openapi({ description: 'Already reminded today by that channel: not queued again' }),
  optedOut: z.number().int(),
  noContact: z.number().int().openapi({ description: 'Voters who have not voted and have neither contact on the roster' }),
}).openapi('VoteReminders');

const remind = createRoute({
  method: 'post', path: '/api/votes/{id}/reminders', tags: ['votes'],
  summary: 'Remind every voter on the list who has not voted yet (committee; at most one reminder a day per voter and channel)',
  request: { params: IdParams, ...jsonBody(RemindBody, 'Which contacts to use') },
  responses: { 200: ok(RemindSchema, 'What was queued'), ...errors(400, 401, 403, 404, 409) },
});

export function reminderRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(remind, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.manage');
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { via } = c.req.valid('json');
    const now = deps.now();
    const day = now.toISOString().slice(0, 10);
    const link = `${(deps.messaging?.publicUrl ?? '').replace(/\/$/, '')}/vote/${id}`;
    const out = await deps.db.transaction().execute(async (tx) => {
      const v = await lockedVote(tx, actor, id);
      if (!isOpen(v, now)) throw conflict('vote.not-open', `reminders go out while the vote is open (${v.opens_at} to ${v.closes_at}); this vote is not open now`);
      const waiting = await tx.selectFrom('vote_voters as v').innerJoin('roster_members as m', 'm.id', 'v.member_row_id')
        .select(['v.id as voterId', 'm.email', 'm.mobile']).where('v.vote_id', '=', id).where('v.voted_at', 'is', null).where('v.standing', 'in', ['listed', 'added']).execute();
      const counts = { queued: 0, alreadyToday: 0, optedOut: 0, noContact: 0 };
      const channels: MessageChannel[] = via === 'both' ? ['email', 'sms'] : [via];
      for (const w of waiting) {
        const targets = channels.map((ch) => [ch, ch === 'email' ? w.email : w.mobile] as const).filter(([, to]) => !!to);
        if (targets.length === 0) counts.noContact++;
        for (const [channel, to] of targets) {
          const r = await enqueueMessage(tx, deps.ids, {
            organizationId: actor.org.id, channel, to: to!, kind: 'vote-reminder', dedupeKey: `vote-reminder:${id}:${day}:${w.voterId}:${channel}`,
            subject: channel === 'email' ? `Reminder: vote in "${v.title}"` : undefined,
            body: `${actor.org.name}: you have not voted yet in "${v.title}". Voting closes ${v.closes_at.replace('T', ' ').slice(0, 16)} UTC. Vote at ${link} (or at your site). Your vote is secret.`,
          }, now);
          if (r === 'queued') counts.queued++;
          else if (r === 'already-queued') counts.alreadyToday++;
          else counts.optedOut++;
        }
      }
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: `vote.remind:${counts.queued}`, subject: `votes/${id}`, at: now.toISOString() });
      return counts;
    });
    if (out.queued > 0) deps.messaging?.poke?.();
    return c.json(out, 200);
  });
}
