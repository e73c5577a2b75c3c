/**
 * Every write is recorded in the audit log, in the same transaction as the write itself. Each
 * organization's entries are numbered 1, 2, 3… (the log's order): the organization's row is
 * raised first, which holds it until the transaction ends, so two writers never share a number.
 * The number counts only that organization's entries; the id is random (src/db/ids.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { IdSource } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';

export async function audit(
  tx: Kysely<Database> | Transaction<Database>,
  ids: IdSource,
  entry: { organizationId: number; personId: number | null; action: string; subject: string; at: string },
): Promise<void> {
  const { audit_count: number } = await tx
    .updateTable('organizations')
    .set((eb) => ({ audit_count: eb('audit_count', '+', 1) }))
    .where('id', '=', entry.organizationId)
    .returning('audit_count')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('audit_log')
    .values({ id: ids.next(entry.organizationId), organization_id: entry.organizationId, person_id: entry.personId, action: entry.action, subject: entry.subject, at: entry.at, number })
    .execute();
}
