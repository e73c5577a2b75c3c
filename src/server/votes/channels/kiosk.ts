/**
 * Site kiosks (docs/votes.md, "Channels"): a site captain (or the committee) opens a kiosk for
 * the vote at a worksite on a device, which keeps the kiosk token. A member identifies at it
 * with their member id and a one-time code, or, at a kiosk a captain opened, the captain attests
 * them from the site's roll, typing their own password for each (the device is handed to the
 * members who come, so holding it proves nothing); the kiosk gets a ballot token good for one
 * ballot in 5 minutes.
 *
 * A ballot token is a vote_access row of `via` 'kiosk' (its `code_hash` names the kiosk), so the
 * one-time tokens of both channels live in one table; it is spent by the cast's own claim.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { clientAddress } from '../../auth/client-address.ts';
import { confirmPassword } from '../../auth/confirm.ts';
import { newToken, hashToken } from '../../auth/tokens.ts';
import { audit } from '../../audit.ts';
import type { AppEnv } from '../../env.ts';
import { ApiError, conflict, notFound } from '../../errors.ts';
import { errors, IdParams, jsonBody, ok } from '../../schemas.ts';
import { castBallot } from '../cast.ts';
import { checkChoices } from './choices.ts';
import { giveBack, take } from '../../http/counter.ts';
import { redeemCode, wrongCode } from './codes.ts';
import { castAnswer } from './online.ts';
import { loadVote, openVote } from './open-vote.ts';
import { IdentifyBody, KioskBallotBody, KioskBody, KioskParams, KioskSchema, CastSchema } from './schemas.ts';
import { captainsSite, isCommittee, kioskOf, memberByNumber, mustRunSite, unionActor, worksiteOf } from './who.ts';

export const BALLOT_TOKEN_TTL_MS = 5 * 60_000;
const kioskMark = (kioskId: number) => `kiosk ${kioskId}`;

const open = createRoute({
  method: 'post', path: '/api/votes/{id}/kiosks', tags: ['votes'], summary: 'Open a kiosk for the vote at a worksite on this device (its site captain, or the election committee)',
  request: { params: IdParams, ...jsonBody(KioskBody, 'The worksite') },
  responses: { 201: ok(KioskSchema, 'Opened: keep the kiosk token on the device'), ...errors(400, 401, 403, 404, 409) },
});
const close = createRoute({
  method: 'delete', path: '/api/votes/{id}/kiosks/{kioskId}', tags: ['votes'], summary: 'Close a kiosk: its token stops working',
  request: { params: KioskParams },
  responses: { 200: ok(z.object({ kioskId: z.number().int(), closedAt: z.string() }), 'Closed'), ...errors(400, 401, 403, 404) },
});
/** Wrong one-time codes a kiosk may take in an hour. */
export const KIOSK_WRONG_CODES = 20;

const identify = createRoute({
  method: 'post', path: '/api/kiosk/identify', tags: ['votes'], summary: 'Identify a member at a kiosk (Authorization: Kiosk <token>): a one-time code, or the captain\'s attestation',
  request: jsonBody(IdentifyBody, '{memberId, code, requestId} (the requestId POST /api/votes/{id}/access answered the kiosk) or {memberId, attest: true, captainPassword}'),
  responses: { 200: ok(z.object({ ballotToken: z.string(), expiresAt: z.string() }), 'A token for one ballot'), ...errors(400, 401, 403, 404, 409, 429) },
});
const kioskBallot = createRoute({
  method: 'post', path: '/api/kiosk/ballot', tags: ['votes'], summary: 'Cast the identified member\'s ballot at the kiosk (Authorization: Kiosk <token>)',
  request: jsonBody(KioskBallotBody, 'The ballot token and the choices'),
  responses: { 201: ok(CastSchema, 'Cast'), ...errors(400, 401, 409, 422) },
});

export function kioskRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(open, async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { worksiteId } = c.req.valid('json');
    const actor = unionActor(c.get('actor'), id);
    const now = deps.now();
    const at = now.toISOString();
    const token = newToken();
    const kioskId = await deps.db.transaction().execute(async (tx) => {
      await openVote(tx, actor.org.id, id, now, 'kiosk');
      await worksiteOf(tx, actor.org.id, worksiteId);
      await mustRunSite(tx, actor, worksiteId, 'open a kiosk at this worksite');
      const kid = deps.ids.next(actor.org.id);
      await tx.insertInto('vote_kiosks').values({ id: kid, vote_id: id, worksite_id: worksiteId, token_hash: hashToken(token), opened_by: actor.person.id, opened_at: at, closed_at: null }).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.kiosk-open', subject: `votes/${id}/kiosks/${kid}`, at });
      return kid;
    });
    return c.json({ kioskId, kioskToken: token, worksiteId }, 201);
  });

  app.openapi(close, async (c) => {
    const deps = c.get('deps');
    const { id, kioskId } = c.req.valid('param');
    const actor = unionActor(c.get('actor'), id);
    const at = deps.now().toISOString();
    await deps.db.transaction().execute(async (tx) => {
      await loadVote(tx, actor.org.id, id);
      const k = await tx.selectFrom('vote_kiosks').select(['id', 'worksite_id', 'opened_by', 'closed_at']).where('id', '=', kioskId).where('vote_id', '=', id).executeTakeFirst();
      if (!k || k.closed_at) throw notFound('open kiosk', kioskId);
      if (k.opened_by !== actor.person.id) await mustRunSite(tx, actor, k.worksite_id, 'close this kiosk');
      await tx.updateTable('vote_kiosks').set({ closed_at: at }).where('id', '=', kioskId).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'vote.kiosk-close', subject: `votes/${id}/kiosks/${kioskId}`, at });
    });
    return c.json({ kioskId, closedAt: at }, 200);
  });

  app.openapi(identify, async (c) => {
    const deps = c.get('deps');
    const body = c.req.valid('json');
    const now = deps.now();
    const kiosk = await kioskOf(deps.db, c.req.header('authorization'));
    const vote = await openVote(deps.db, null, kiosk.voteId, now, 'kiosk');
    if ('attest' in body && !(await confirmPassword(deps, { personId: kiosk.openedBy, password: body.captainPassword, address: clientAddress(c), now }))) {
      throw new ApiError(401, {
        code: 'vote.attest-password', message: 'that is not the password of the site captain who opened this kiosk: the captain types it to confirm each member', where: { field: 'captainPassword' },
        hint: 'the site captain types their own password; a member without a captain nearby identifies with a one-time code',
      });
    }
    // Codes typed at this kiosk are counted before they are checked, and a right one is given
    // back: past KIOSK_WRONG_CODES wrong ones in an hour the kiosk takes no more codes (the
    // captain's attestation still works), so whoever holds the kiosk cannot try codes against
    // every member of the union, spending their codes' tries.
    const tries = 'code' in body ? { key: `vote-kiosk-codes ${kiosk.id}`, amount: 1 } : null;
    if (tries) {
      const t = await take(deps.db, { key: tries.key, limit: KIOSK_WRONG_CODES, windowMs: 3600_000, now });
      if (t.passed) {
        throw new ApiError(429, {
          code: 'vote.too-many', message: `more than ${KIOSK_WRONG_CODES} wrong codes at this kiosk in the last hour: it takes no more codes for now`,
          hint: `try again in ${t.retryAfter} seconds; meanwhile the site captain can confirm members with their password`,
        }, { 'Retry-After': String(t.retryAfter) });
      }
    }
    const ballotToken = newToken();
    const expiresAt = new Date(now.getTime() + BALLOT_TOKEN_TTL_MS).toISOString();
    const issued = await deps.db.transaction().execute(async (tx) => {
      const m = await memberByNumber(tx, vote.organizationId, body.memberId);
      if ('code' in body) {
        const accessId = await redeemCode(tx, { key: deps.ballotKey, voteId: vote.id, memberRowId: m?.id ?? null, requestId: body.requestId, code: body.code, now });
        if (accessId === null || !m) return null;
      } else {
        await mayAttest(tx, kiosk, vote.id, m);
      }
      const memberRowId = m!.id;
      await tx.insertInto('vote_access').values({
        id: deps.ids.next(vote.organizationId), vote_id: vote.id, member_row_id: memberRowId, via: 'kiosk', code_hash: kioskMark(kiosk.id), created_at: now.toISOString(),
        expires_at: now.toISOString(), attempts: 0, used_at: now.toISOString(), token_hash: hashToken(ballotToken), token_expires_at: expiresAt, request_hash: null, requested_from: null,
      }).execute();
      return true;
    });
    if (!issued) throw wrongCode();
    if (tries) await giveBack(deps.db, [tries]);
    return c.json({ ballotToken, expiresAt }, 200);
  });

  app.openapi(kioskBallot, async (c) => {
    const deps = c.get('deps');
    const { ballotToken, choices: raw } = c.req.valid('json');
    const now = deps.now();
    const kiosk = await kioskOf(deps.db, c.req.header('authorization'));
    const vote = await openVote(deps.db, null, kiosk.voteId, now, 'kiosk');
    const choices = checkChoices(vote.questions, raw);
    // Spend the ballot token first (a conditional update: of two casts at once, one gets it).
    const member = await deps.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('vote_access').innerJoin('roster_members as m', 'm.id', 'vote_access.member_row_id').select(['vote_access.id', 'm.id as memberRowId', 'm.worksite_id'])
        .where('vote_access.token_hash', '=', hashToken(ballotToken)).where('vote_access.via', '=', 'kiosk').where('vote_access.code_hash', '=', kioskMark(kiosk.id))
        .where('vote_access.token_expires_at', '>', now.toISOString()).executeTakeFirst();
      if (!row) return null;
      const spent = await tx.updateTable('vote_access').set({ token_hash: null, token_expires_at: null }).where('id', '=', row.id).where('token_hash', '=', hashToken(ballotToken)).executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1 ? row : null;
    });
    if (!member) throw new ApiError(401, { code: 'vote.ballot-token', message: 'this ballot token is wrong, used or expired (one ballot, within 5 minutes, at the kiosk that issued it)', where: { field: 'ballotToken' }, hint: 'identify the member again: POST /api/kiosk/identify' });
    const outcome = await castBallot(deps.db, { voteId: vote.id, organizationId: vote.organizationId, memberRowId: member.memberRowId, channel: 'kiosk', choices, now, key: deps.ballotKey, ids: deps.ids, worksiteId: member.worksite_id ?? kiosk.worksiteId });
    return castAnswer(c, outcome);
  });
}

type Tx = Parameters<typeof redeemCode>[0];

/**
 * A captain may attest a member only at a kiosk a captain of this worksite opened, and only a
 * member on this worksite's roll, or one on no roll at all (whose ballot is then challenged).
 * A member listed at another worksite identifies with a code instead.
 */
async function mayAttest(tx: Tx, kiosk: { worksiteId: number; openedBy: number }, voteId: number, m: { id: number } | null): Promise<void> {
  const opener = await tx.selectFrom('people').innerJoin('organizations as o', 'o.id', 'people.organization_id')
    .select(['people.id', 'people.name', 'people.email', 'people.role', 'o.id as orgId', 'o.kind', 'o.name as orgName', 'o.district_id', 'o.unit']).where('people.id', '=', kiosk.openedBy).where('people.removed_at', 'is', null).executeTakeFirst();
  const asActor = opener && { sessionId: 0, person: { id: opener.id, name: opener.name, email: opener.email, role: opener.role }, org: { id: opener.orgId, kind: opener.kind, name: opener.orgName, districtId: opener.district_id, unit: opener.unit } };
  if (!asActor || isCommittee(asActor) || !(await captainsSite(tx, asActor, kiosk.worksiteId))) {
    throw new ApiError(403, { code: 'vote.attest-off', message: 'only a kiosk a site captain of this worksite opened takes a captain\'s attestation', where: { field: 'attest' }, hint: '{"memberId": "1001", "code": "042917", "requestId": "…"} with a one-time code the kiosk asked for' });
  }
  if (!m) throw new ApiError(404, { code: 'not-found', message: 'there is no member with that member id on the roster', where: { field: 'memberId' }, hint: 'the member id as on the site\'s roll, such as 1001' });
  const roll = await tx.selectFrom('vote_voters').select(['worksite_id']).where('vote_id', '=', voteId).where('member_row_id', '=', m.id).executeTakeFirst();
  if (roll && roll.worksite_id !== kiosk.worksiteId) {
    throw conflict('vote.other-worksite', 'this member is on another worksite\'s roll: a captain can attest only members of this site', 'the member identifies with a one-time code: POST /api/votes/{id}/access');
  }
}
