/**
 * Roster members signing in (docs/api.md, "Member sign-in"): a union admin or organizer invites
 * a member of the roster, by the email or the mobile number the roster has for them, as a
 * `member` or a `site-captain`. The member gets a `people` row linked to their roster row (no
 * password yet; a second invitation reuses it) and:
 * - by email: the usual one-time link (POST /api/invitations/accept), valid 7 days;
 * - by SMS: a 6-digit code valid 15 minutes, entered with the invitation number at
 *   POST /api/invitations/accept-code. Only the code's hash is stored; 5 wrong codes end the
 *   invitation. A new invitation ends the member's earlier ones (only the latest works).
 * The message is queued in the same transaction as the invitation and the audit entry.
 * The district gets 404 on these routes; another union's member is 404.
 */
import { endOpenInvitations } from './open-invitations.ts';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { audit } from '../audit.ts';
import { allowUnion } from '../authz.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { errors, IdParams, jsonBody, ok } from '../schemas.ts';
import { INVITATION_DAYS, organizationOf, Password, SessionSchema } from '../auth/routes.ts';
import { clientAddress } from '../auth/client-address.ts';
import { weakPassword } from '../auth/strength.ts';
import { recordFailure } from '../auth/throttle.ts';
import { startSession } from '../auth/session.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { maskRecipient } from '../messages/mask.ts';

export const CODE_MINUTES = 15;
export const CODE_ATTEMPTS = 5;

const codeHash = (invitationId: number, code: string) => createHash('sha256').update(`invitation-code:${invitationId}:${code}`).digest('hex');
const failuresKey = (invitationId: number) => `invitation-code:${invitationId}`;
/** A member invited by SMS may have no email: a placeholder that can never receive mail (RFC 2606 .invalid). */
const placeholderEmail = (memberRowId: number) => `member-${memberRowId}@no-email.invalid`;

const invite = createRoute({
  method: 'post', path: '/api/roster/members/{id}/invitation', tags: ['roster'],
  summary: 'Invite a roster member to sign in, by the email or mobile number on the roster, as a member or site captain (union admins and organizers)',
  request: { params: IdParams, ...jsonBody(z.object({ via: z.enum(['email', 'sms']), role: z.enum(['member', 'site-captain']).default('member') }).strict().openapi({ example: { via: 'sms', role: 'member' } }), 'How to reach the member, and their role') },
  responses: {
    201: ok(z.object({ invitation: z.object({ id: z.number().int(), personId: z.number().int(), role: z.string(), via: z.enum(['email', 'sms']), to: z.string(), expiresAt: z.string(), message: z.enum(['queued', 'already-queued', 'opted-out']) }) }).openapi('MemberInvitation'), 'Invited; the message is queued'),
    ...errors(400, 401, 403, 404, 409),
  },
});

const acceptCode = createRoute({
  method: 'post', path: '/api/invitations/accept-code', tags: ['people'], summary: 'Accept an invitation sent by SMS: the invitation number and code from the text, and a new password; signs in',
  request: jsonBody(z.object({ invitation: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), code: z.string().regex(/^\d{6}$/, 'must be the 6 digits from the text, such as 042917'), password: Password }).strict().openapi({ example: { invitation: 4821, code: '042917', password: 'a long passphrase' } }), 'From the text message, and a password'),
  responses: { 201: ok(SessionSchema, 'Account ready and signed in'), ...errors(400, 404, 409) },
});

export function memberInvitationRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(invite, async (c) => {
    const actor = allowUnion(c.get('actor'), 'member.invite', c.req.method, c.req.path);
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const { via, role } = c.req.valid('json');
    const now = deps.now();
    const publicUrl = (deps.messaging?.publicUrl ?? '').replace(/\/+$/, '');
    const result = await deps.db.transaction().execute(async (tx) => {
      const m = await tx.selectFrom('roster_members').select(['id', 'name', 'email', 'mobile']).where('id', '=', id).where('organization_id', '=', actor.org.id).where('removed_at', 'is', null).executeTakeFirst();
      if (!m) throw notFound('roster member', id);
      const to = via === 'email' ? m.email : m.mobile;
      if (!to) throw conflict('invitation.no-address', `the roster has no ${via === 'email' ? 'email address' : 'mobile number'} for this member`, `invite them by ${via === 'email' ? 'SMS {"via": "sms"}' : 'email {"via": "email"}'}, or add it to the roster file and import it again`);
      // The member's sign-in: the one already linked (pending or not), else a new pending one.
      let person = await tx.selectFrom('people').select(['id', 'email', 'password_hash', 'removed_at']).where('organization_id', '=', actor.org.id).where('member_row_id', '=', m.id).executeTakeFirst();
      if (person && person.password_hash !== null && person.removed_at === null) throw conflict('people.already-member', 'this member can already sign in', 'change their role on the people page (POST /api/people/{id}/role) instead');
      if (!person) {
        // The roster's email if no account on the server has it (which is not told), else a placeholder.
        const taken = m.email ? await tx.selectFrom('people').select('id').where('email', '=', m.email).executeTakeFirst() : undefined;
        const email = m.email && !taken ? m.email : placeholderEmail(m.id);
        const row = await tx.insertInto('people').values({ id: deps.ids.next(actor.org.id), organization_id: actor.org.id, email, name: m.name, role, password_hash: null, created_at: now.toISOString(), member_row_id: m.id }).returning(['id', 'email']).executeTakeFirstOrThrow();
        person = { ...row, password_hash: null, removed_at: null };
      } else {
        await tx.updateTable('people').set({ role }).where('id', '=', person.id).execute();
      }
      // Only the newest invitation of a member works.
      await endOpenInvitations(tx, actor.org.id, { email: person.email }, now.toISOString());
      const invitationId = deps.ids.next(actor.org.id);
      const token = via === 'email' ? newToken() : String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + (via === 'email' ? INVITATION_DAYS * 86400_000 : CODE_MINUTES * 60_000)).toISOString();
      await tx.insertInto('invitations').values({ id: invitationId, organization_id: actor.org.id, email: person.email, name: m.name, role, token_hash: via === 'email' ? hashToken(token) : codeHash(invitationId, token), created_by: actor.person.id, created_at: now.toISOString(), expires_at: expiresAt }).execute();
      const as = role === 'site-captain' ? 'a site captain' : 'a member';
      const message = await enqueueMessage(tx, deps.ids, via === 'email'
        ? { organizationId: actor.org.id, channel: 'email', to, subject: `Sign in to ${actor.org.name}`, body: `Hello ${m.name},\n\n${actor.org.name} invites you to sign in as ${as}. Open this link within ${INVITATION_DAYS} days and choose a password:\n\n${publicUrl}/invite/${token}\n\nIf you did not expect this, ignore this email.`, kind: 'invitation', dedupeKey: `invitation:${invitationId}` }
        : { organizationId: actor.org.id, channel: 'sms', to, body: `${actor.org.name}: your sign-in code is ${token} (invitation ${invitationId}), valid ${CODE_MINUTES} minutes. Enter it at ${publicUrl}/invite-code/${invitationId}. Reply STOP to stop texts.`, kind: 'invitation-code', dedupeKey: `invitation:${invitationId}` }, now);
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: `invitation.create:${via}`, subject: `invitations/${invitationId}`, at: now.toISOString() });
      return { id: invitationId, personId: person.id, role, via, to: maskRecipient(via, to), expiresAt, message };
    });
    deps.messaging?.poke?.();
    return c.json({ invitation: result }, 201);
  });

  app.openapi(acceptCode, async (c) => {
    const deps = c.get('deps');
    const { invitation, code, password } = c.req.valid('json');
    const now = deps.now();
    const unusable = () => new ApiError(404, { code: 'invitation.unusable', message: 'this invitation is unknown, already used, expired, or had too many wrong codes', where: { field: 'invitation' }, hint: 'ask your union for a new invitation' });
    const read = (db: typeof deps.db) => db
      .selectFrom('invitations').innerJoin('organizations', 'organizations.id', 'invitations.organization_id')
      .select(['invitations.id', 'invitations.email', 'invitations.name', 'invitations.role', 'invitations.token_hash', 'invitations.expires_at', 'invitations.accepted_at', 'organizations.id as orgId', 'organizations.kind', 'organizations.name as orgName', 'organizations.unit', 'organizations.district_id'])
      .where('invitations.id', '=', invitation).executeTakeFirst();
    const failures = async (db: typeof deps.db) => Number((await db.selectFrom('sign_in_failures').select((eb) => eb.fn.countAll<number>().as('n')).where('account', '=', failuresKey(invitation)).executeTakeFirstOrThrow()).n);
    /** Attempts so far, this one included: at most CODE_ATTEMPTS may be compared. */
    const usable = async (db: typeof deps.db, attempts: number) => {
      const inv = await read(db);
      if (!inv || inv.accepted_at !== null || now.toISOString() >= inv.expires_at || attempts > CODE_ATTEMPTS) throw unusable();
      return inv;
    };
    // The attempt is counted before the code is compared, under the invitation's row lock, so
    // parallel guesses cannot get past 5 comparisons between them.
    const attempts = await deps.db.transaction().execute(async (tx) => {
      const locked = await tx.updateTable('invitations').set((eb) => ({ expires_at: eb.ref('expires_at') })).where('id', '=', invitation).executeTakeFirst();
      if (Number(locked.numUpdatedRows) === 0) return CODE_ATTEMPTS + 1;
      await recordFailure(tx, { account: failuresKey(invitation), address: clientAddress(c), now });
      return failures(tx);
    });
    const inv = await usable(deps.db, attempts);
    const want = Buffer.from(inv.token_hash);
    const got = Buffer.from(codeHash(inv.id, code));
    if (want.length !== got.length || !timingSafeEqual(want, got)) {
      const left = CODE_ATTEMPTS - attempts;
      throw new ApiError(400, { code: 'invitation.wrong-code', message: left > 0 ? `the code is wrong: ${left} attempt${left === 1 ? '' : 's'} left` : 'the code is wrong, and that was the last attempt: the invitation no longer works', where: { field: 'code' }, hint: left > 0 ? 'the 6 digits from the text message, such as 042917' : 'ask your union for a new invitation' });
    }
    const weak = await weakPassword(password, [inv.email, inv.name, inv.orgName]);
    if (weak) throw new ApiError(400, weak);
    const hash = await deps.passwords.hash(password);
    const result = await deps.db.transaction().execute(async (tx) => {
      const again = await usable(tx, attempts);
      const person = await tx.selectFrom('people').select('id').where('organization_id', '=', again.orgId).where('email', '=', again.email).where('password_hash', 'is', null).executeTakeFirst();
      if (!person) throw conflict('people.already-member', 'this invitation\'s sign-in already has a password', 'sign in instead');
      const updated = await tx.updateTable('invitations').set({ accepted_at: now.toISOString() }).where('id', '=', again.id).where('accepted_at', 'is', null).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw unusable();
      await tx.updateTable('people').set({ name: again.name, role: again.role, password_hash: hash, removed_at: null }).where('id', '=', person.id).execute();
      await tx.deleteFrom('sign_in_failures').where('account', '=', failuresKey(again.id)).execute();
      await audit(tx, deps.ids, { organizationId: again.orgId, personId: person.id, action: 'invitation.accept', subject: `people/${person.id}`, at: now.toISOString() });
      const csrfToken = await startSession(c, { id: person.id, organizationId: again.orgId }, tx);
      return { person: { id: person.id, name: again.name, email: again.email, role: again.role }, organization: organizationOf({ id: again.orgId, kind: again.kind, name: again.orgName, unit: again.unit, districtId: again.district_id }), csrfToken };
    });
    return c.json(result, 201);
  });
}
