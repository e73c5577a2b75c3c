/** Every write is recorded in the audit log, in the same transaction as the write itself. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function audit(
  tx: Kysely<Database> | Transaction<Database>,
  entry: { organizationId: number; personId: number | null; action: string; subject: string; at: string },
): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({ organization_id: entry.organizationId, person_id: entry.personId, action: entry.action, subject: entry.subject, at: entry.at })
    .execute();
}
