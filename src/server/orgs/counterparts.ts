/**
 * Who sits across the table: a union's district, or a district's unions. Passing a proposal
 * and reading what was passed both go through here.
 */
import type { Kysely } from 'kysely';
import type { Database, Organization } from '../../db/schema.ts';
import type { Actor } from '../env.ts';

export function organizationJson(o: Organization) {
  return { id: o.id, kind: o.kind, name: o.name, unit: o.unit, districtId: o.district_id };
}

export async function counterparts(db: Kysely<Database>, org: Actor['org']): Promise<Organization[]> {
  if (org.kind === 'union') {
    if (org.districtId === null) return [];
    return db.selectFrom('organizations').selectAll().where('id', '=', org.districtId).execute();
  }
  return db.selectFrom('organizations').selectAll().where('district_id', '=', org.id).orderBy('created_at').orderBy('name').orderBy('id').execute();
}

/** The district whose table an organization sits at (itself for a district). */
export function districtOf(org: Actor['org']): number | null {
  return org.kind === 'district' ? org.id : org.districtId;
}
