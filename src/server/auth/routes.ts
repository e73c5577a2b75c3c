/**
 * Signing in and out, and joining a workspace by invitation.
 *
 * Wrong passwords slow further attempts down (throttle.ts: growing waits by email and by client
 * address, never a lockout); during a wait the password is not checked and the answer is 429
 * with Retry-After. An unknown email, or a removed person's, is throttled, answered and timed
 * exactly as a wrong password for a real account.
 *
 * Invitations answer the same whatever the address: creating one says nothing about accounts
 * in other workspaces (only that the address is already in yours). Whether the address already
 * has an account on the server is told only to whoever holds the link, on accepting it.
 */
import { endOpenInvitations } from '../people/open-invitations.ts';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { allow, rolesOf } from '../authz.ts';
import { audit } from '../audit.ts';
import { ApiError, conflict, unauthenticated } from '../errors.ts';
import { clientAddress } from './client-address.ts';
import { weakPassword } from './strength.ts';
import { forgetFailures, keepFailure, releaseCheck, reserveCheck } from './throttle.ts';
import { Email, errors, jsonBody, ok, OrganizationSchema, PersonSchema, plainLine } from '../schemas.ts';
import { dummyHash, PASSWORD_MAX, PASSWORD_MIN } from './passwords.ts';
import { csrfOf, endSessionCookie, startSession } from './session.ts';
import { hashToken, newToken } from './tokens.ts';
import { maskRecipient } from '../messages/mask.ts';
import { enqueueMessage, type Queued } from '../messages/outbox.ts';

export const INVITATION_DAYS = 7;

export const Password = z.string().min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const SessionSchema = z
  .object({ person: PersonSchema, organization: OrganizationSchema, csrfToken: z.string() })
  .openapi('Session');

export const organizationOf = (o: { id: number; kind: 'district' | 'union'; name: string; unit: string | null; districtId: number | null }) => ({
  id: o.id, kind: o.kind, name: o.name, unit: o.unit, districtId: o.districtId,
});

const login = createRoute({
  method: 'post', path: '/api/session', tags: ['session'], summary: 'Sign in',
  request: jsonBody(z.object({ email: Email, password: z.string().min(1).max(PASSWORD_MAX) }).strict().openapi({ example: { email: 'ana@utla.example', password: 'a long passphrase' } }), 'Email and password'),
  responses: { 200: ok(SessionSchema, 'Signed in; the session cookie is set'), ...errors(400, 401, 429) },
});

const current = createRoute({
  method: 'get', path: '/api/session', tags: ['session'], summary: 'Who is signed in, and the CSRF token for changes',
  responses: { 200: ok(SessionSchema, 'The session'), ...errors(401) },
});

const logout = createRoute({
  method: 'delete', path: '/api/session', tags: ['session'], summary: 'Sign out',
  responses: { 200: ok(z.object({ signedOut: z.literal(true) }), 'Signed out'), ...errors(401, 403) },
});

const invite = createRoute({
  method: 'post', path: '/api/invitations', tags: ['people'], summary: 'Invite a person to your workspace (admins); answers the same whether or not the address has an account elsewhere',
  request: jsonBody(z.object({ email: Email, name: plainLine(200).pipe(z.string().min(1, 'must not be empty, such as "Sam Lee"')), role: z.string().min(1).max(40) }).strict().openapi({ example: { email: 'sam@utla.example', name: 'Sam Lee', role: 'bargaining-team' } }), 'Who, and their role'),
  responses: {
    201: ok(z.object({
      id: z.number().int(), expiresAt: z.string(),
      token: z.string().optional().openapi({ description: 'Only on a server with no email configured: the one-time link\'s token, shown once' }),
      link: z.string().optional().openapi({ description: 'Only on a server with no email configured: the link to give the person' }),
      sentTo: z.string().optional().openapi({ description: 'With email configured: the address the link was emailed to, masked (s***@utla.example)' }),
      message: z.enum(['queued', 'already-queued', 'opted-out']).optional().openapi({ description: 'With email configured: the email queued, or not sent because the address unsubscribed from your workspace\'s email' }),
    }).openapi('Invitation'), 'Emailed to the person (with email configured), else the one-time link (shown once)'),
    ...errors(400, 401, 403, 409),
  },
});

const accept = createRoute({
  method: 'post', path: '/api/invitations/accept', tags: ['people'], summary: 'Accept an invitation: set a password (strength 3 of 4 or more) and sign in',
  request: jsonBody(z.object({ token: z.string().min(10).max(100), password: Password }).strict().openapi({ example: { token: 'from the link', password: 'a long passphrase' } }), 'The token from the link, and a password'),
  responses: { 201: ok(SessionSchema, 'Account created and signed in'), ...errors(400, 404, 409) },
});

export function authRoutes(app: OpenAPIHono<AppEnv>): void {
  const throttled = (seconds: number) =>
    new ApiError(429, {
      code: 'auth.throttled',
      message: `too many wrong passwords for this email or from this address: try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
      hint: 'each wrong password makes the next wait longer, up to 15 minutes; an admin of your workspace can clear the wait for your account',
    }, { 'Retry-After': String(seconds) });

  app.openapi(login, async (c) => {
    const deps = c.get('deps');
    const { email, password } = c.req.valid('json');
    const now = deps.now();
    const address = clientAddress(c);
    const dummy = dummyHash(deps.passwords);
    // The failure is written before the check, so checks in flight (on any process) count as failures.
    const { wait, reserved } = await reserveCheck(deps.db, deps.dialect, { account: email, address, now });
    if (!reserved) throw throttled(wait);
    let settled = false;
    try {
      const person = await deps.db
        .selectFrom('people')
        .innerJoin('organizations', 'organizations.id', 'people.organization_id')
        .select(['people.id', 'people.name', 'people.email', 'people.role', 'people.password_hash', 'organizations.id as orgId', 'organizations.kind', 'organizations.name as orgName', 'organizations.unit', 'organizations.district_id'])
        .where('people.email', '=', email)
        .where('people.removed_at', 'is', null)
        .executeTakeFirst();
      // No account (or no password yet): the same argon2 work against a dummy hash, the same failure.
      const right = (await deps.passwords.verify(person?.password_hash ?? (await dummy), password)) && !!person?.password_hash;
      if (!person || !right) {
        await deps.db.transaction().execute(async (tx) => {
          await keepFailure(tx, reserved);
          if (person) await audit(tx, deps.ids, { organizationId: person.orgId, personId: null, action: 'session.failed', subject: `people/${person.id}`, at: now.toISOString() });
        });
        settled = true;
        throw new ApiError(401, { code: 'auth.invalid', message: 'the email or the password is wrong', where: { field: 'password' } });
      }
      const csrfToken = await deps.db.transaction().execute(async (tx) => {
        await forgetFailures(tx, email);
        const csrf = await startSession(c, { id: person.id, organizationId: person.orgId }, tx);
        await audit(tx, deps.ids, { organizationId: person.orgId, personId: person.id, action: 'session.create', subject: `people/${person.id}`, at: now.toISOString() });
        return csrf;
      });
      settled = true;
      return c.json({
        person: { id: person.id, name: person.name, email: person.email, role: person.role },
        organization: organizationOf({ id: person.orgId, kind: person.kind, name: person.orgName, unit: person.unit, districtId: person.district_id }),
        csrfToken,
      }, 200);
    } finally {
      if (!settled) await releaseCheck(deps.db, reserved).catch((e: unknown) => deps.log(`sign-in: could not take back a failure written before its check: ${e instanceof Error ? e.message : String(e)}`));
    }
  });

  app.openapi(current, (c) => {
    const actor = c.get('actor');
    if (!actor) throw unauthenticated();
    return c.json({ person: actor.person, organization: organizationOf(actor.org), csrfToken: csrfOf(c) ?? '' }, 200);
  });

  app.openapi(logout, async (c) => {
    const actor = c.get('actor');
    if (!actor) throw unauthenticated();
    const deps = c.get('deps');
    await deps.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('sessions').where('id', '=', actor.sessionId).execute();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'session.delete', subject: `people/${actor.person.id}`, at: deps.now().toISOString() });
    });
    endSessionCookie(c);
    return c.json({ signedOut: true as const }, 200);
  });

  app.openapi(invite, async (c) => {
    const actor = allow(c.get('actor'), 'invitation.create');
    const deps = c.get('deps');
    const body = c.req.valid('json');
    const roles = rolesOf(actor.org.kind);
    if (!roles.includes(body.role)) {
      throw new ApiError(400, { code: 'request.role', message: `body role: "${body.role.slice(0, 40)}" is not a role in a ${actor.org.kind} workspace`, where: { field: 'role' }, hint: roles.join(', ') });
    }
    const now = deps.now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86400_000).toISOString();
    // With email configured, the link goes to the address and not to the admin: whoever accepts
    // it holds the mailbox, so an admin cannot accept for an address to learn whether it has an
    // account elsewhere on the server (the other side's roster, say). Without email, the admin
    // gets the link to pass on (docs/api.md, "Invitations").
    const byEmail = deps.messaging?.channels.email === true;
    const publicUrl = (deps.messaging?.publicUrl ?? '').replace(/\/+$/, '');
    let message: Queued | null = null;
    const id = await deps.db.transaction().execute(async (tx) => {
      // Only the inviter's own workspace is looked at: an account elsewhere changes nothing here.
      const member = await tx.selectFrom('people').select('id').where('email', '=', body.email).where('organization_id', '=', actor.org.id).where('removed_at', 'is', null).executeTakeFirst();
      if (member) throw conflict('people.already-member', `${body.email} is already in your workspace`, 'change their role on the people page (POST /api/people/{id}/role) instead');
      // The newest invitation to an address is the one that counts.
      await endOpenInvitations(tx, actor.org.id, { email: body.email }, now.toISOString());
      const row = await tx
        .insertInto('invitations')
        .values({ id: deps.ids.next(actor.org.id), organization_id: actor.org.id, email: body.email, name: body.name, role: body.role, token_hash: hashToken(token), created_by: actor.person.id, created_at: now.toISOString(), expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (byEmail) {
        message = await enqueueMessage(tx, deps.ids, {
          organizationId: actor.org.id, channel: 'email', to: body.email, subject: `Sign in to ${actor.org.name}`, kind: 'invitation', dedupeKey: `invitation:${row.id}`,
          body: `Hello ${body.name},\n\n${actor.org.name} invites you to its workspace on settle (role: ${body.role}). Open this link within ${INVITATION_DAYS} days and choose a password:\n\n${publicUrl}/invite/${token}\n\nIf you did not expect this, ignore this email.`,
        }, now);
      }
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: byEmail ? 'invitation.create:email' : 'invitation.create', subject: `invitations/${row.id}`, at: now.toISOString() });
      return row.id;
    });
    if (byEmail) {
      deps.messaging?.poke?.();
      return c.json({ id, expiresAt, sentTo: maskRecipient('email', body.email), message: message ?? ('queued' as Queued) }, 201);
    }
    return c.json({ id, token, link: `/invite/${token}`, expiresAt }, 201);
  });

  app.openapi(accept, async (c) => {
    const deps = c.get('deps');
    const { token, password } = c.req.valid('json');
    const now = deps.now();
    const unusable = (message = 'this invitation link is unknown, already used or expired') =>
      new ApiError(404, { code: 'invitation.unusable', message, where: { field: 'token' }, hint: 'ask an admin of your workspace for a new link' });
    const readInvitation = (db: typeof deps.db) =>
      db
        .selectFrom('invitations')
        .innerJoin('organizations', 'organizations.id', 'invitations.organization_id')
        .select(['invitations.id', 'invitations.email', 'invitations.name', 'invitations.role', 'invitations.expires_at', 'invitations.accepted_at', 'organizations.id as orgId', 'organizations.kind', 'organizations.name as orgName', 'organizations.unit', 'organizations.district_id'])
        .where('invitations.token_hash', '=', hashToken(token))
        .executeTakeFirst();
    /** The account the address already has, unless it is a removed person of this workspace (who may come back). */
    const takenBy = async (db: typeof deps.db, email: string, orgId: number) => {
      const p = await db.selectFrom('people').select(['id', 'organization_id', 'removed_at', 'password_hash', 'member_row_id']).where('email', '=', email).executeTakeFirst();
      // A roster member invited to sign in (people/member-invitations.ts) has a row with no password yet: it is theirs.
      const back = !!p && p.organization_id === orgId && (p.removed_at !== null || (p.password_hash === null && p.member_row_id !== null));
      return { returning: p && back ? p.id : null, taken: !!p && !back };
    };
    const takenError = (email: string) => conflict('people.email-taken', `${email} already has an account on this server`, 'sign in with that account; one address belongs to one workspace');

    // The link first (cheap), then the address, then the password's strength, then the hash.
    // Usable: not accepted yet, and before (not at) the moment it expires.
    const usable = <T extends { accepted_at: string | null; expires_at: string }>(i: T | undefined): i is T => !!i && i.accepted_at === null && now.toISOString() < i.expires_at;
    const first = await readInvitation(deps.db);
    if (!usable(first)) throw unusable();
    if ((await takenBy(deps.db, first.email, first.orgId)).taken) throw takenError(first.email);
    const weak = await weakPassword(password, [first.email, first.name, first.orgName]);
    if (weak) throw new ApiError(400, weak);
    const hash = await deps.passwords.hash(password);

    const result = await deps.db.transaction().execute(async (tx) => {
      const inv = await readInvitation(tx);
      if (!usable(inv)) throw unusable();
      const { taken, returning } = await takenBy(tx, inv.email, inv.orgId);
      if (taken) throw takenError(inv.email);
      const updated = await tx.updateTable('invitations').set({ accepted_at: now.toISOString() }).where('id', '=', inv.id).where('accepted_at', 'is', null).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw unusable('this invitation link was just used');
      let personId: number;
      if (returning !== null) {
        // A removed person invited back by the same workspace: the same person, for the audit history.
        await tx.updateTable('people').set({ name: inv.name, role: inv.role, password_hash: hash, removed_at: null }).where('id', '=', returning).execute();
        personId = returning;
      } else {
        const person = await tx
          .insertInto('people')
          .values({ id: deps.ids.next(inv.orgId), organization_id: inv.orgId, email: inv.email, name: inv.name, role: inv.role, password_hash: hash, created_at: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        personId = person.id;
      }
      await forgetFailures(tx, inv.email);
      await audit(tx, deps.ids, { organizationId: inv.orgId, personId, action: 'invitation.accept', subject: `people/${personId}`, at: now.toISOString() });
      const csrfToken = await startSession(c, { id: personId, organizationId: inv.orgId }, tx);
      return { person: { id: personId, name: inv.name, email: inv.email, role: inv.role }, organization: organizationOf({ id: inv.orgId, kind: inv.kind, name: inv.orgName, unit: inv.unit, districtId: inv.district_id }), csrfToken };
    });
    return c.json(result, 201);
  });
}
