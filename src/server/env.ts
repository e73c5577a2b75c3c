/**
 * What every request handler can reach: the database, the clock, the ids, the costing workers and the
 * signed-in person (if any). Passed in when the app is made, so tests build an app on a real
 * database with their own clock.
 */
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../db/connect.ts';
import type { IdSource } from '../db/ids.ts';
import type { Database, OrganizationKind } from '../db/schema.ts';
import type { CostingService } from './costing/pool.ts';
import type { PasswordHasher } from './auth/passwords.ts';
import type { BallotKey } from './votes/seal.ts';
import type { MessagingInfo } from './messages/config.ts';
import type { ChangeBus } from './pickets/changes.ts';
import type { CheckInWriter } from './pickets/checkin-writer.ts';

export interface Deps {
  db: Kysely<Database>;
  dialect: SqlDialect;
  now: () => Date;
  /** Every new row's id (random on a server; seeded per organization in tests). */
  ids: IdSource;
  costing: CostingService;
  passwords: PasswordHasher;
  /** Cookies marked Secure under the `__Host-` name (true unless served over plain HTTP off localhost). */
  secureCookies: boolean;
  /**
   * Behind a TLS reverse proxy (`settle serve --behind-proxy`): its X-Forwarded-Proto and
   * X-Forwarded-For are trusted (src/server/http/transport.ts: browserUsedHttps, clientAddress).
   * Absent or false: the connection itself is the client.
   */
  behindProxy?: boolean;
  log: (line: string) => void;
  /** Seals ballots while a vote is open; never stored in the database (src/server/votes/ballot-key.ts). */
  ballotKey: BallotKey;
  /** The channels messages can go out on, and where their links point; absent: none configured. */
  messaging?: MessagingInfo;
  /** Announces picket changes to open coverage boards (src/server/pickets/changes.ts); absent: boards only see changes on reload. */
  changes?: ChangeBus;
  /** Writes check-in batches off the server's connection (SQLite: a thread of its own, src/server/pickets/checkin-writer.ts); absent: through `db`. */
  checkIns?: CheckInWriter;
}

export interface Actor {
  sessionId: number;
  person: { id: number; name: string; email: string; role: string };
  org: { id: number; kind: OrganizationKind; name: string; districtId: number | null; unit: string | null };
}

export interface AppEnv {
  Variables: { deps: Deps; actor: Actor | null };
}
