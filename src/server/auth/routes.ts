/**
 * Signing in and out, and joining a workspace by invitation.
 *
 * Failed logins are limited to 100 per account per hour: past that, the password is not even
 * checked and the answer is 429 until the oldest failure in the window is an hour old.
 * An unknown email takes as long as a wrong password and gets the same answer.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { allow, rolesOf } from '../authz.ts';
import { audit } from '../audit.ts';
import { ApiError, conflict, unauthenticated } from '../errors.ts';
import { Email, errors, jsonBody, ok, OrganizationSchema, PersonSchema, plainLine } from '../schemas.ts';
import { dummyHash, PASSWORD_MAX, PASSWORD_MIN } from './passwords.ts';
import { csrfOf, endSessionCookie, startSession } from './session.ts';
import { hashToken, newToken } from './tokens.ts';

export const LOGIN_FAILURES_PER_HOUR = 100;
export const INVITATION_DAYS = 7;

const Password = z.string().min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

const SessionSchema = z
  .object({ person: PersonSchema, organization: OrganizationSchema, csrfToken: z.string() })
  .openapi('Session');

const organizationOf = (o: { id: number; kind: 'district' | 'union'; name: string; unit: string | null; districtId: number | null }) => ({
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
  method: 'post', path: '/api/invitations', tags: ['people'], summary: 'Invite a person to your workspace (admins)',
  request: jsonBody(z.object({ email: Email, name: plainLine(200).pipe(z.string().min(1, 'must not be empty, such as "Sam Lee"')), role: z.string().min(1).max(40) }).strict().openapi({ example: { email: 'sam@utla.example', name: 'Sam Lee', role: 'bargaining-team' } }), 'Who, and their role'),
  responses: {
    201: ok(z.object({ id: z.number().int(), token: z.string(), link: z.string(), expiresAt: z.string() }).openapi('Invitation'), 'The one-time link (shown once)'),
    ...errors(400, 401, 403, 409),
  },
});

const accept = createRoute({
  method: 'post', path: '/api/invitations/accept', tags: ['people'], summary: 'Accept an invitation: set a password and sign in',
  request: jsonBody(z.object({ token: z.string().min(10).max(100), password: Password }).strict().openapi({ example: { token: 'from the link', password: 'a long passphrase' } }), 'The token from the link, and a password'),
  responses: { 201: ok(SessionSchema, 'Account created and signed in'), ...errors(400, 404, 409) },
});

export function authRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(login, async (c) => {
    const deps = c.get('deps');
    const { email, password } = c.req.valid('json');
    const now = deps.now();
    const person = await deps.db
      .selectFrom('people')
      .innerJoin('organizations', 'organizations.id', 'people.organization_id')
      .select(['people.id', 'people.name', 'people.email', 'people.role', 'people.password_hash', 'organizations.id as orgId', 'organizations.kind', 'organizations.name as orgName', 'organizations.unit', 'organizations.district_id'])
      .where('people.email', '=', email)
      .executeTakeFirst();
    const wrong = () => new ApiError(401, { code: 'auth.invalid', message: 'the email or the password is wrong', where: { field: 'password' } });
    if (!person || !person.password_hash) {
      await deps.passwords.verify(await dummyHash(deps.passwords), password);
      throw wrong();
    }
    const since = new Date(now.getTime() - 3600_000).toISOString();
    const failures = await deps.db.selectFrom('login_failures').select(['at']).where('person_id', '=', person.id).where('at', '>', since).orderBy('at').execute();
    if (failures.length >= LOGIN_FAILURES_PER_HOUR) {
      const retry = Math.max(1, Math.ceil((Date.parse(failures[failures.length - LOGIN_FAILURES_PER_HOUR].at) + 3600_000 - now.getTime()) / 1000));
      throw new ApiError(429, { code: 'auth.locked', message: `too many failed sign-ins for this account in the last hour; try again in ${Math.ceil(retry / 60)} minutes`, hint: 'an admin of your workspace can invite you again if you have lost your password' }, { 'Retry-After': String(retry) });
    }
    if (!(await deps.passwords.verify(person.password_hash, password))) {
      await deps.db.transaction().execute(async (tx) => {
        await tx.insertInto('login_failures').values({ id: deps.ids.next(person.orgId), person_id: person.id, at: now.toISOString() }).execute();
        await audit(tx, deps.ids, { organizationId: person.orgId, personId: null, action: 'session.failed', subject: `people/${person.id}`, at: now.toISOString() });
      });
      throw wrong();
    }
    const csrfToken = await deps.db.transaction().execute(async (tx) => {
      const csrf = await startSession(c, { id: person.id, organizationId: person.orgId }, tx);
      await audit(tx, deps.ids, { organizationId: person.orgId, personId: person.id, action: 'session.create', subject: `people/${person.id}`, at: now.toISOString() });
      return csrf;
    });
    return c.json({
      person: { id: person.id, name: person.name, email: person.email, role: person.role },
      organization: organizationOf({ id: person.orgId, kind: person.kind, name: person.orgName, unit: person.unit, districtId: person.district_id }),
      csrfToken,
    }, 200);
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
    const id = await deps.db.transaction().execute(async (tx) => {
      const taken = await tx.selectFrom('people').select('id').where('email', '=', body.email).executeTakeFirst();
      if (taken) throw conflict('people.email-taken', `${body.email} already has an account on this server`, 'invite another address, or ask the person to sign in');
      const row = await tx
        .insertInto('invitations')
        .values({ id: deps.ids.next(actor.org.id), organization_id: actor.org.id, email: body.email, name: body.name, role: body.role, token_hash: hashToken(token), created_by: actor.person.id, created_at: now.toISOString(), expires_at: expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(tx, deps.ids, { organizationId: actor.org.id, personId: actor.person.id, action: 'invitation.create', subject: `invitations/${row.id}`, at: now.toISOString() });
      return row.id;
    });
    return c.json({ id, token, link: `/invite/${token}`, expiresAt }, 201);
  });

  app.openapi(accept, async (c) => {
    const deps = c.get('deps');
    const { token, password } = c.req.valid('json');
    const now = deps.now();
    const hash = await deps.passwords.hash(password);
    const result = await deps.db.transaction().execute(async (tx) => {
      const inv = await tx
        .selectFrom('invitations')
        .innerJoin('organizations', 'organizations.id', 'invitations.organization_id')
        .select(['invitations.id', 'invitations.email', 'invitations.name', 'invitations.role', 'invitations.expires_at', 'invitations.accepted_at', 'organizations.id as orgId', 'organizations.kind', 'organizations.name as orgName', 'organizations.unit', 'organizations.district_id'])
        .where('invitations.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!inv || inv.accepted_at !== null || inv.expires_at <= now.toISOString()) {
        throw new ApiError(404, { code: 'invitation.unusable', message: 'this invitation link is unknown, already used or expired', where: { field: 'token' }, hint: 'ask an admin of your workspace for a new link' });
      }
      const taken = await tx.selectFrom('people').select('id').where('email', '=', inv.email).executeTakeFirst();
      if (taken) throw conflict('people.email-taken', `${inv.email} already has an account on this server`, 'sign in instead');
      const updated = await tx.updateTable('invitations').set({ accepted_at: now.toISOString() }).where('id', '=', inv.id).where('accepted_at', 'is', null).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(404, { code: 'invitation.unusable', message: 'this invitation link was just used', where: { field: 'token' } });
      const person = await tx
        .insertInto('people')
        .values({ id: deps.ids.next(inv.orgId), organization_id: inv.orgId, email: inv.email, name: inv.name, role: inv.role, password_hash: hash, created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(tx, deps.ids, { organizationId: inv.orgId, personId: person.id, action: 'invitation.accept', subject: `people/${person.id}`, at: now.toISOString() });
      const csrfToken = await startSession(c, { id: person.id, organizationId: inv.orgId }, tx);
      return { person: { id: person.id, name: inv.name, email: inv.email, role: inv.role }, organization: organizationOf({ id: inv.orgId, kind: inv.kind, name: inv.orgName, unit: inv.unit, districtId: inv.district_id }), csrfToken };
    });
    return c.json(result, 201);
  });
}
