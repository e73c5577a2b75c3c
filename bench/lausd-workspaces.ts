/**
 * The workspaces the server benchmarks run against, written straight into a fresh SQLite file
 * before the server starts: LAUSD and its two unions of the examples, each with one admin
 * whose password is PASSWORD. Returns the admins' emails.
 */
import { migrateToLatest } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/connect.ts';
import { randomIds } from '../src/db/ids.ts';
import { addPerson } from '../src/server/admin.ts';
import { argon2id } from '../src/server/auth/passwords.ts';

export const LAUSD_ADMINS = { lausd: 'admin@lausd.example', utla: 'admin@utla.example', seiu: 'admin@seiu99.example' } as const;

export async function seedLausdWorkspaces(file: string, password: string): Promise<typeof LAUSD_ADMINS> {
  const handle = await openDatabase({ file });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const hash = await argon2id.hash(password);
    const now = new Date();
    const org = async (kind: 'district' | 'union', name: string, districtId: number | null, unit: string | null) =>
      (await handle.db.insertInto('organizations').values({ id: randomIds.next(null), kind, name, created_at: now.toISOString(), district_id: districtId, unit }).returning('id').executeTakeFirstOrThrow()).id;
    const lausd = await org('district', 'Los Angeles Unified', null, null);
    const utla = await org('union', 'UTLA', lausd, 'UTLA');
    const seiu = await org('union', 'SEIU Local 99', lausd, 'SEIU99');
    for (const [organizationId, email, name] of [[lausd, LAUSD_ADMINS.lausd, 'LAUSD admin'], [utla, LAUSD_ADMINS.utla, 'UTLA admin'], [seiu, LAUSD_ADMINS.seiu, 'SEIU 99 admin']] as const) {
      await addPerson(handle.db, { organizationId, email, name, role: 'admin', passwordHash: hash, now, ids: randomIds });
    }
  } finally {
    await handle.close();
  }
  return LAUSD_ADMINS;
}
