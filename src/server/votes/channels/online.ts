/**
 * Voting online (docs/votes.md, "Channels"): a signed-in member, or anyone holding a voter token
 * from the code flow. Asking for a code answers the same whether or not the member id exists,
 * has that contact, or has had too many codes: only the message queued differs, and it goes to
 * the roster's address, never shown. A cast is never logged or audited (secrecy).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { newToken, hashToken } from '../../auth/tokens.ts';
import { clientAddress } from '../../auth/client-address.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, conflict, forbidden } from '../../errors.ts';
import { errors, IdParams, jsonBody, ok } from '../../schemas.ts';
import { enqueueMessage } from '../../messages/outbox.ts';
import { castBallot, type CastOutcome } from '../cast.ts';
import { checkChoices } from './choices.ts';
import { addressHash, CODE_TTL_MS, CODES_PER_ADDRESS, CODES_PER_HOUR, codeHash, newCode, redeemCode, wrongCode } from './codes.ts';
import { AddressLimit } from './limiter.ts';
import { frozenVote, openVote } from './open-vote.ts';
import { AccessBody, AccessSchema, CastSchema, ChoicesBody, VerifyBody, VerifySchema } from './schemas.ts';
import { bearerOf, memberByNumber, memberRowOf, orgOfCaller, unionActor, voterOfToken } from './who.ts';

export const VOTER_TOKEN_TTL_MS = 30 * 60_000;
const HOUR_MS = 3600_000;
/** Requests for a code, and code checks, from one network address per hour. */
export const ACCESS_PER_ADDRESS = 30;

const ACCESS_ANSWER = { message: 'If this member id is on the roster with that contact, a 6-digit code is on its way. It works for 10 minutes, with this requestId.' };

const ballot = createRoute({
  method: 'post', path: '/api/votes/{id}/ballot', tags: ['votes'], summary: 'Cast a ballot online: a signed-in member, or Authorization: Voter <token> from the code flow',
  description: 'Once per member across every channel. The answer is a receipt code; the ballot is sealed at once and nobody can see how it was marked.',
  request: { params: IdParams, ...jsonBody(ChoicesBody, 'Each question key → an option key, or null to leave it blank') },
  responses: { 201: ok(CastSchema, 'Cast'), ...errors(400, 401, 403, 404, 409, 422) },
});

const access = createRoute({
  method: 'post', path: '/api/votes/{id}/access', tags: ['votes'], summary: 'Ask for a one-time code by member id, sent to the roster\'s email or mobile (no sign-in)',
  description: 'Always 202 with the same answer, whether or not the member id exists or has that contact: a message and a new random requestId, which checking the code needs (the code works only with the request that asked for it).',
  request: { params: IdParams, ...jsonBody(AccessBody, 'The member id and where to send the code') },
  responses: { 202: ok(AccessSchema, 'A code is sent if the member exists'), ...errors(400, 404, 409, 429) },
});

const verify = createRoute({
  method: 'post', path: '/api/votes/{id}/access/verify', tags: ['votes'], summary: 'Exchange a one-time code for a voter token good for 30 minutes',
  request: { params: IdParams, ...jsonBody(VerifyBody, 'The member id, the code, and the requestId its request was answered') },
  responses: { 200: ok(VerifySchema, 'A voter token'), ...errors(400, 404, 409, 429) },
});

/** A cast's outcome as the answer: 201, or 409 with what the refusal was. */
export function castAnswer(c: Context<AppEnv>, outcome: CastOutcome) {
  if (outcome.kind === 'refused') {
    if (outcome.reason === 'struck') throw conflict('vote.struck', 'the election committee struck this member from the voter list; the ballot was not taken', 'ask the election committee about its ruling');
    throw conflict('vote.already-voted', 'this member has already voted in this vote; a member votes once, by any one channel', 'check your receipt: GET /api/votes/{id}/receipts/{code}');
  }
  return c.json({ receipt: outcome.receipt, challenged: outcome.challenged }, 201);
}

export function onlineRoutes(app: OpenAPIHono<AppEnv>): void {
  const limit = new AddressLimit(ACCESS_PER_ADDRESS);

  app.openapi(ballot, async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { choices: raw } = c.req.valid('json');
    const now = deps.now();
    const token = bearerOf(c.req.header('authorization'), 'Voter');
    let member: { id: number; worksiteId: number | null };
    let vote;
    if (token) {
      vote = await openVote(deps.db, orgOfCaller(c.get('actor'), id), id, now, 'online');
      const held = await voterOfToken(deps.db, token, id, now);
      member = { id: held.memberRowId, worksiteId: held.worksiteId };
    } else {
      const actor = unionActor(c.get('actor'), id);
      vote = await openVote(deps.db, actor.org.id, id, now, 'online');
      const row = await memberRowOf(deps.db, actor);
      if (!row) throw forbidden('vote here: your sign-in is not linked to a member on the roster (ask an organizer, or use a one-time code by member id)');
      member = row;
    }
    const choices = checkChoices(vote.questions, raw);
    const outcome = await castBallot(deps.db, { voteId: id, organizationId: vote.organizationId, memberRowId: member.id, channel: 'online', choices, now, key: deps.ballotKey, ids: deps.ids, worksiteId: member.worksiteId });
    return castAnswer(c, outcome);
  });

  app.openapi(access, async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { memberId, via } = c.req.valid('json');
    const now = deps.now();
    const vote = await frozenVote(deps.db, orgOfCaller(c.get('actor'), id), id, now, ['online', 'kiosk']);
    await limit.take(deps.db, 'access', clientAddress(c), now);
    const code = newCode();
    // The request id goes only to whoever asked; the code goes only to the roster's address. A
    // code is checked only with its request id, so nobody else can spend its tries.
    const requestId = newToken();
    const from = addressHash(deps.ballotKey, clientAddress(c));
    await deps.db.transaction().execute(async (tx) => {
      // The same reads, hash and write attempt whether or not the member exists, so neither the
      // answer nor its time says which member ids are real.
      const m = await memberByNumber(tx, vote.organizationId, memberId);
      const recent = await tx.selectFrom('vote_access')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>(eb.case().when('requested_from', '=', from).then(1).else(0).end()).as('here')])
        .where('vote_id', '=', id).where('member_row_id', '=', m?.id ?? 0).where('via', 'in', ['email', 'sms'])
        .where('created_at', '>', new Date(now.getTime() - HOUR_MS).toISOString()).executeTakeFirstOrThrow();
      const to = via === 'email' ? m?.email : m?.mobile;
      const accessId = deps.ids.next(vote.organizationId);
      const hash = codeHash(deps.ballotKey, accessId, code);
      if (!m || !to || Number(recent.n) >= CODES_PER_HOUR || Number(recent.here ?? 0) >= CODES_PER_ADDRESS) {
        // As much writing as a real code (two rows, a commit to disk), seen by no one: a row
        // written and removed in one transaction, so the answer takes as long either way.
        await tx.selectFrom('message_opt_outs').select('id').where('organization_id', '=', vote.organizationId).where('address', '=', hash).executeTakeFirst();
        const decoy = deps.ids.next(vote.organizationId);
        await tx.insertInto('outbox').values({
          id: decoy, organization_id: vote.organizationId, channel: via, recipient: '', subject: null, body: hash, kind: 'vote-code', dedupe_key: `decoy:${decoy}`,
          status: 'decoy', next_attempt_at: now.toISOString(), last_error: null, provider_id: null, created_at: now.toISOString(), sent_at: null,
        }).execute();
        await tx.deleteFrom('outbox').where('id', '=', decoy).execute();
        return;
      }
      await tx.insertInto('vote_access').values({
        id: accessId, vote_id: id, member_row_id: m.id, via, code_hash: hash, created_at: now.toISOString(), expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        attempts: 0, used_at: null, token_hash: null, token_expires_at: null, request_hash: hashToken(requestId), requested_from: from,
      }).execute();
      await enqueueMessage(tx, deps.ids, {
        organizationId: vote.organizationId, channel: via, to, kind: 'vote-code', dedupeKey: `vote-code:${accessId}`,
        subject: via === 'email' ? `Your voting code: ${vote.title}` : undefined,
        body: `Your code to vote in "${vote.title}" is ${code}. It works for 10 minutes. If you did not ask for it, ignore this message: nobody can vote for you without it.`,
      }, now);
    });
    return c.json({ ...ACCESS_ANSWER, requestId }, 202);
  });

  app.openapi(verify, async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { memberId, code, requestId } = c.req.valid('json');
    const now = deps.now();
    const vote = await frozenVote(deps.db, orgOfCaller(c.get('actor'), id), id, now, 'online');
    await limit.take(deps.db, 'verify', clientAddress(c), now);
    const voterToken = newToken();
    const expiresAt = new Date(now.getTime() + VOTER_TOKEN_TTL_MS).toISOString();
    const result = await deps.db.transaction().execute(async (tx) => {
      const m = await memberByNumber(tx, vote.organizationId, memberId);
      const accessId = await redeemCode(tx, { key: deps.ballotKey, voteId: id, memberRowId: m?.id ?? null, requestId, code, now });
      if (accessId === null || !m) return null;
      await tx.updateTable('vote_access').set({ token_hash: hashToken(voterToken), token_expires_at: expiresAt }).where('id', '=', accessId).execute();
      const roll = await tx.selectFrom('vote_voters').select('standing').where('vote_id', '=', id).where('member_row_id', '=', m.id).executeTakeFirst();
      return { onList: roll?.standing === 'listed' || roll?.standing === 'added' };
    });
    // The tries a wrong code used are committed above; only then is it refused.
    if (!result) throw wrongCode();
    return c.json({ voterToken, expiresAt, onList: result.onList }, 200);
  });
}
