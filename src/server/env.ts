/**
 * What every request handler can reach: the database, the clock, the costing workers and the
 * signed-in person (if any). Passed in when the app is made, so tests build an app on a real
 * database with their own clock.
 */
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../db/connect.ts';
import type { Database, OrganizationKind } from '../db/schema.ts';
import type { CostingService } from './costing/pool.ts';
import type { PasswordHasher } from './auth/passwords.ts';

export interface Deps {
  db: Kysely<Database>;
  dialect: SqlDialect;
  now: () => Date;
  costing: CostingService;
  passwords: PasswordHasher;
  /** Cookies marked Secure under the `__Host-` name (true unless served over plain HTTP off localhost). */
  secureCookies: boolean;
  /** Behind a reverse proxy that appends the client's address to X-Forwarded-For (trusted only then). */
  behindProxy?: boolean;
  log: (line: string) => void;
}

export interface Actor {
  sessionId: number;
  person: { id: number; name: string; email: string; role: string };
  org: { id: number; kind: OrganizationKind; name: string; districtId: number | null; unit: string | null };
}

export interface AppEnv {
  Variables: { deps: Deps; actor: Actor | null };
}
