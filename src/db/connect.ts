/**
 * Opening the database: SQLite (a file) or PostgreSQL (a connection string), behind one Kysely.
 *
 * Durability is checked, not assumed:
 * - SQLite: every connection sets journal_mode=WAL, synchronous=FULL, foreign_keys=ON, secure_delete=ON and a
 *   busy timeout, then reads them back and refuses to continue if any did not take. In WAL
 *   mode a connection that does not set synchronous gets NORMAL, which can lose the last
 *   acknowledged commits on power loss.
 * - PostgreSQL: refuses to start when `synchronous_commit` (or `fsync`) is off.
 * - PostgreSQL returns int8 as strings; `parseInt8` is the one place they become numbers.
 * - SQLite transactions begin IMMEDIATE: a transaction takes the file's write lock when it starts,
 *   waiting up to the busy timeout for another connection's (the check-in writer's thread,
 *   src/server/pickets/checkin-writer.ts, or another `settle` process). A deferred one that read
 *   first would instead fail with SQLITE_BUSY, without waiting, if another connection committed
 *   between its read and its first write.
 */
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type SqlDialect = 'sqlite' | 'postgres';

export type OpenOptions = { file: string } | { url: string };

export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: SqlDialect;
  close(): Promise<void>;
}

/** Thrown when the database would not keep acknowledged writes, or cannot be configured. */
export class DatabaseRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseRefused';
  }
}

export const BUSY_TIMEOUT_MS = 5000;

/** One SQLite connection with the durability settings applied and verified. */
export function openSqliteConnection(file: string): BetterSqlite3.Database {
  if (file === '' || file === ':memory:') {
    throw new DatabaseRefused('SQLite needs a file: an in-memory database does not survive a restart.');
  }
  const conn = new BetterSqlite3(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    conn.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const mode = conn.pragma('journal_mode = WAL', { simple: true });
    conn.pragma('synchronous = FULL');
    conn.pragma('foreign_keys = ON');
    // Up to 64 MiB of pages kept in memory (SQLite's default keeps 2 MiB): a morning's sessions,
    // shifts and sign-ups are read again and again, and a page read from the file costs a system call.
    conn.pragma('cache_size = -65536');
    // Deleted rows are overwritten with zeros rather than left in free space: a counted vote's
    // sealed ballots must not outlive it in the file (src/server/votes/count.ts, sweepAfterTheCount).
    conn.pragma('secure_delete = ON');
    const check = (name: string, got: unknown, want: unknown) => {
      if (got !== want) {
        throw new DatabaseRefused(
          `SQLite ${file}: PRAGMA ${name} is ${JSON.stringify(got)} after setting it, expected ${JSON.stringify(want)}; refusing to open a database that may lose acknowledged writes.`,
        );
      }
    };
    check('journal_mode', String(mode).toLowerCase(), 'wal');
    check('journal_mode', String(conn.pragma('journal_mode', { simple: true })).toLowerCase(), 'wal');
    check('synchronous', conn.pragma('synchronous', { simple: true }), 2); // 2 = FULL
    check('foreign_keys', conn.pragma('foreign_keys', { simple: true }), 1);
    check('busy_timeout', conn.pragma('busy_timeout', { simple: true }), BUSY_TIMEOUT_MS);
    check('secure_delete', conn.pragma('secure_delete', { simple: true }), 1);
    return conn;
  } catch (e) {
    conn.close();
    throw e;
  }
}

const INT8_OID = 20;

/** PostgreSQL int8 text → a JavaScript number, refusing anything a double cannot hold exactly. */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n)) {
    throw new RangeError(`PostgreSQL returned the integer ${text}, outside the safe range ±(2^53 − 1)`);
  }
  return n;
}

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

async function checkPostgresDurability(pool: pg.Pool, url: string): Promise<void> {
  const client = await pool.connect().catch((e: unknown) => {
    throw new DatabaseRefused(`cannot connect to PostgreSQL at ${redact(url)}: ${e instanceof Error ? e.message : String(e)}`);
  });
  try {
    const sync = (await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]?.synchronous_commit;
    if (sync === undefined || sync === 'off') {
      throw new DatabaseRefused(
        `PostgreSQL at ${redact(url)} has synchronous_commit = ${sync ?? 'unknown'}: a crash could lose writes the server already acknowledged. ` +
          `Set synchronous_commit = on (postgresql.conf, ALTER DATABASE … SET, or the connection's options) and start again.`,
      );
    }
    const fsync = (await client.query<{ fsync: string }>('SHOW fsync')).rows[0]?.fsync;
    if (fsync === 'off') {
      throw new DatabaseRefused(`PostgreSQL at ${redact(url)} has fsync = off: its data would not survive a crash. Turn fsync on and start again.`);
    }
  } finally {
    client.release();
  }
}

/** The connection string without its password, for messages. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable connection string)';
  }
}

/** Prepared statements kept per connection (the most recently used); SQL longer than this is prepared each time. */
const STATEMENT_CACHE = 500;
const CACHED_SQL_CHARS = 8000;

/**
 * The connection as Kysely's SQLite dialect uses it, with its prepared statements kept by SQL
 * text: Kysely prepares every query it runs, and compiling a statement costs more than running a
 * small one (a check-in's session lookup: about 100 µs to prepare, a few to run). A statement
 * still being read (`iterate`) is not handed out again; a new one is prepared.
 */
function withStatementCache(conn: BetterSqlite3.Database): { close(): void; prepare(sql: string): BetterSqlite3.Statement } {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      conn.close();
    },
    prepare: (text: string) => {
      if (text.length > CACHED_SQL_CHARS) return conn.prepare(text);
      const kept = cache.get(text);
      if (kept && !kept.busy) {
        cache.delete(text);
        cache.set(text, kept); // most recently used last
        return kept;
      }
      const fresh = conn.prepare(text);
      if (!kept) {
        cache.set(text, fresh);
        if (cache.size > STATEMENT_CACHE) cache.delete(cache.keys().next().value as string);
      }
      return fresh;
    },
  };
}

/** Kysely's SQLite driver, with every transaction begun IMMEDIATE (see the head of this file). */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  if ('file' in options) {
    // Open (and verify) one connection now, so a bad file fails here rather than on first query.
    const first = openSqliteConnection(options.file);
    let used = false;
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({
        database: async () => {
          if (!used) {
            used = true;
            return withStatementCache(first);
          }
          return withStatementCache(openSqliteConnection(options.file));
        },
      }),
    });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }

  const pool = new pg.Pool({ connectionString: options.url, types: pgTypes, max: 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Without a listener Node would crash.
  });
  try {
    await checkPostgresDurability(pool, options.url);
  } catch (e) {
    await pool.end();
    throw e;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/** Reads `PRAGMA synchronous` through Kysely (SQLite only): 2 is FULL. */
export async function sqliteSynchronous(db: Kysely<Database>): Promise<number> {
  const r = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
  return Number(r.rows[0]?.synchronous);
}
