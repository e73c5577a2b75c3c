/**
 * Migrations live in code (no directory scan), so the bundled CLI and the tests see the same
 * list in the same order. Names sort lexically: keep the four-digit prefix.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import type { Database } from './schema.ts';
import type { SqlDialect } from './connect.ts';
import { initial } from './migrations/0001_initial.ts';
import { server } from './migrations/0002_server.ts';
import { versionSummaries } from './migrations/0003_version_summaries.ts';
import { opaqueIds } from './migrations/0004_opaque_ids.ts';
import { peopleAndSignIn } from './migrations/0005_people_and_sign_in.ts';
import { countersignatures } from './migrations/0006_countersignatures.ts';
import { roster } from './migrations/0007_roster.ts';
import { votes } from './migrations/0008_votes.ts';
import { pickets } from './migrations/0009_pickets.ts';
import { rateLimits } from './migrations/0010_rate_limits.ts';
import { payoutLines } from './migrations/0011_payout_lines.ts';
import { sites } from './migrations/0012_sites.ts';
import { codeRequests } from './migrations/0013_code_requests.ts';
import { attendanceAway } from './migrations/0014_attendance_away.ts';

export function migrations(dialect: SqlDialect): Record<string, Migration> {
  return {
    '0001_initial': initial(dialect),
    '0002_server': server(dialect),
    '0003_version_summaries': versionSummaries(),
    '0004_opaque_ids': opaqueIds(dialect),
    '0005_people_and_sign_in': peopleAndSignIn(dialect),
    '0006_countersignatures': countersignatures(dialect),
    '0007_roster': roster(dialect),
    '0008_votes': votes(dialect),
    '0009_pickets': pickets(dialect),
    '0010_rate_limits': rateLimits(),
    '0011_payout_lines': payoutLines(dialect),
    '0012_sites': sites(dialect),
    '0013_code_requests': codeRequests(),
    '0014_attendance_away': attendanceAway(),
  };
}

export function migrator(db: Kysely<Database>, dialect: SqlDialect): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  return new Migrator({ db, provider });
}

/** Brings the database to the latest migration; throws (after Kysely rolls back) if one fails. */
export async function migrateToLatest(db: Kysely<Database>, dialect: SqlDialect): Promise<MigrationResult[]> {
  const { error, results } = await migrator(db, dialect).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed ?? ''} failed: ${cause}`.replace('  ', ' '), { cause: error });
  }
  return results ?? [];
}
