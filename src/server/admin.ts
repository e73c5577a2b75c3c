/**
 * What the operator of a server does from the command line (there is no HTTP route for it):
 * open a workspace for a district or a union and make the link for its first admin.
 */
import type { Kysely } from 'kysely';
import type { IdSource } from '../db/ids.ts';
import type { Database, OrganizationKind } from '../db/schema.ts';
import { audit } from './audit.ts';
import { INVITATION_DAYS } from './auth/routes.ts';
import { hashToken, newToken } from './auth/tokens.ts';

export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

export interface NewWorkspace {
  kind: OrganizationKind;
  name: string;
  /** For a union: the district's organization id and the bargaining unit's code in its data. */
  districtId?: number;
  unit?: string;
  admin: { email: string; name: string };
  now: Date;
  /** Where the new rows' ids come from (`randomIds` on a server). */
  ids: IdSource;
}

/** Creates the organization and a one-time invitation for its first admin; returns the token. */
export async function createWorkspace(db: Kysely<Database>, w: NewWorkspace): Promise<{ organizationId: number; token: string; expiresAt: string }> {
  if (w.kind === 'union' && (w.districtId === undefined || !w.unit)) throw new AdminError('a union workspace needs its district (--district ID) and its bargaining unit code (--unit CODE)');
  if (w.kind === 'district' && (w.districtId !== undefined || w.unit)) throw new AdminError('a district workspace has no --district or --unit');
  const email = w.admin.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new AdminError(`"${w.admin.email}" is not an email address (such as ana@example.org)`);
  const at = w.now.toISOString();
  return db.transaction().execute(async (tx) => {
    if (w.kind === 'union') {
      const district = await tx.selectFrom('organizations').select(['id', 'kind']).where('id', '=', w.districtId as number).executeTakeFirst();
      if (!district || district.kind !== 'district') throw new AdminError(`there is no district organization ${w.districtId}`);
    }
    const taken = await tx.selectFrom('people').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw new AdminError(`${email} already has an account on this server`);
    const org = await tx
      .insertInto('organizations')
      .values({ id: w.ids.next(null), kind: w.kind, name: w.name, created_at: at, district_id: w.districtId ?? null, unit: w.unit ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = newToken();
    const expiresAt = new Date(w.now.getTime() + INVITATION_DAYS * 86400_000).toISOString();
    const inv = await tx
      .insertInto('invitations')
      .values({ id: w.ids.next(org.id), organization_id: org.id, email, name: w.admin.name, role: 'admin', token_hash: hashToken(token), created_by: null, created_at: at, expires_at: expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(tx, w.ids, { organizationId: org.id, personId: null, action: 'organization.create', subject: `organizations/${org.id}`, at });
    await audit(tx, w.ids, { organizationId: org.id, personId: null, action: 'invitation.create', subject: `invitations/${inv.id}`, at });
    return { organizationId: org.id, token, expiresAt };
  });
}

/** Adds a person with a password directly (demo and tests); real people join by invitation. */
export async function addPerson(db: Kysely<Database>, p: { organizationId: number; email: string; name: string; role: string; passwordHash: string; now: Date; ids: IdSource }): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('people')
      .values({ id: p.ids.next(p.organizationId), organization_id: p.organizationId, email: p.email.toLowerCase(), name: p.name, role: p.role, password_hash: p.passwordHash, created_at: p.now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(tx, p.ids, { organizationId: p.organizationId, personId: null, action: 'person.create', subject: `people/${row.id}`, at: p.now.toISOString() });
    return row.id;
  });
}
