/**
 * A member's own side of a vote: whether they are on the list and have voted (never how), and
 * what became of the ballot a receipt code stands for (never how it was marked).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { receiptHash } from './cast.ts';
import { voterVote } from './ballot-form.ts';
import { bearerOf } from './channels/who.ts';
import { MeSchema, ReceiptParams, ReceiptSchema } from './schemas.ts';
import { voteActor, voteOf } from './store.ts';

const me = createRoute({
  method: 'get', path: '/api/votes/{id}/me', tags: ['votes'], summary: 'Am I on the list, and have I voted (and by which channel)? (a signed-in member)',
  request: { params: IdParams },
  responses: { 200: ok(MeSchema, 'Your standing'), ...errors(400, 401, 403, 404, 409) },
});
const receipt = createRoute({
  method: 'get', path: '/api/votes/{id}/receipts/{code}', tags: ['votes'], summary: 'What became of the ballot a receipt code stands for: sealed, awaiting a ruling, counted, not counted, or unknown (a union session, or Authorization: Voter <token> from the code flow)',
  request: { params: ReceiptParams },
  responses: { 200: ok(ReceiptSchema, 'The receipt\'s status'), ...errors(400, 401, 403, 404) },
});

export function memberRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(me, async (c) => {
    const actor = voteActor(c.get('actor'), 'vote.read');
    const deps = c.get('deps');
    const v = await voteOf(deps.db, actor, c.req.valid('param').id);
    const person = await deps.db.selectFrom('people').select('member_row_id').where('id', '=', actor.person.id).executeTakeFirst();
    if (!person?.member_row_id) throw new ApiError(409, { code: 'vote.no-member', message: 'your sign-in is not linked to a roster member, so there is no standing to show', hint: 'ask the union to link your account to your member id' });
    const row = await deps.db.selectFrom('vote_voters').select(['standing', 'voted_at', 'channel']).where('vote_id', '=', v.id).where('member_row_id', '=', person.member_row_id).executeTakeFirst();
    return c.json({ onList: row?.standing === 'listed' || row?.standing === 'added', standing: row?.standing ?? null, voted: !!row?.voted_at, channel: row?.channel ?? null }, 200);
  });

  app.openapi(receipt, async (c) => {
    const deps = c.get('deps');
    const { id, code } = c.req.valid('param');
    // A member who voted with a code (no account) checks with the voter token they hold.
    const token = bearerOf(c.req.header('authorization'), 'Voter');
    const v = token ? await voterVote(deps.db, c.get('actor'), id, token, deps.now()) : await voteOf(deps.db, voteActor(c.get('actor'), 'vote.read'), id);
    const hash = receiptHash(v.id, code);
    // The count moves every receipt to vote_receipts; before it, a receipt is in the box or in an envelope.
    const done = await deps.db.selectFrom('vote_receipts').select('outcome').where('vote_id', '=', v.id).where('receipt_hash', '=', hash).executeTakeFirst();
    if (done) return c.json({ status: done.outcome === 'counted' ? 'counted' as const : 'not-counted' as const }, 200);
    const inBox = await deps.db.selectFrom('vote_inbox').select('id').where('vote_id', '=', v.id).where('receipt_hash', '=', hash).executeTakeFirst();
    if (inBox) return c.json({ status: 'sealed' as const }, 200);
    const sealedApart = await deps.db.selectFrom('vote_envelopes').select('id').where('vote_id', '=', v.id).where('receipt_hash', '=', hash).executeTakeFirst();
    return c.json({ status: sealedApart ? 'awaiting-ruling' as const : 'unknown' as const }, 200);
  });
}
