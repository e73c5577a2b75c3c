/**
 * 0010: rate limits counted in the database, so that several `settle serve` processes on one
 * PostgreSQL share them (docs/pickets.md, "Several processes"; src/server/http/counter.ts).
 *
 * - rate_limits: one counter per key (what is limited and for whom, such as a member's wrong
 *   check-in codes on one shift, or one network address's requests for vote codes): how many
 *   were counted in the window that runs from `window_start` to `window_end` (UTC instants). A
 *   take after `window_end` starts a new window. Rows whose window ended are swept now and then;
 *   the index on `window_end` keeps that sweep cheap.
 */
import type { Kysely, Migration } from 'kysely';

export function rateLimits(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('window_end', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_end_idx').on('rate_limits').column('window_end').execute();
      // A failure written before its password check (src/server/auth/throttle.ts reserveCheck) is
      // pending (1) until the check ends: then kept (0, with its audit entry) or taken back. One left
      // pending was cut off (the server stopped): it counts for the throttle for a minute (PENDING_MS).
      await db.schema.alterTable('sign_in_failures').addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('sign_in_failures').dropColumn('pending').execute();
      await db.schema.dropTable('rate_limits').execute();
    },
  };
}
