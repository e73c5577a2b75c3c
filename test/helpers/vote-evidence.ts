/**
 * Everything an attacker holding a copy of the database (but not the server's ballot key)
 * could read, gathered for the secrecy proof (test/vote-secrecy.test.ts):
 *
 * - SQLite: the main file's bytes and the write-ahead log's bytes (copied while the database
 *   is still open, so the log has not been folded into the file), and every row of every table
 *   with its rowid;
 * - PostgreSQL: every row of every table with its ctid (page, item) and xmin/xmax, and the
 *   output of `pg_dump --data-only` when the binary is installed;
 * - the server's log lines and the audit log (a table, so among the rows).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from '../../src/db/connect.ts';
import type { Database } from '../../src/db/schema.ts';

export interface DumpedRow {
  table: string;
  values: Record<string, unknown>;
  /** SQLite: the row's rowid. */
  rowid?: number;
  /** PostgreSQL: the row's physical place (page, item), its creating and deleting transaction ids. */
  ctid?: { page: number; item: number };
  xmin?: number;
  xmax?: number;
}

export interface Evidence {
  dialect: SqlDialect;
  rows: DumpedRow[];
  /** SQLite: `main` and `wal`; PostgreSQL: `pg_dump` (text) when available. */
  files: Map<string, Buffer>;
  logs: string[];
}

const untyped = (db: Kysely<Database>) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

async function sqliteRows(db: Kysely<Database>): Promise<DumpedRow[]> {
  const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db);
  const rows: DumpedRow[] = [];
  for (const { name } of tables.rows) {
    const r = await sql<Record<string, unknown>>`SELECT rowid AS __rowid, * FROM ${sql.id(name)}`.execute(untyped(db));
    for (const { __rowid, ...values } of r.rows) rows.push({ table: name, values, rowid: Number(__rowid) });
  }
  return rows;
}

async function postgresRows(db: Kysely<Database>): Promise<DumpedRow[]> {
  const tables = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db);
  const rows: DumpedRow[] = [];
  for (const { name } of tables.rows) {
    const r = await sql<Record<string, unknown>>`SELECT ctid::text AS __ctid, xmin::text AS __xmin, xmax::text AS __xmax, * FROM ${sql.id(name)}`.execute(untyped(db));
    for (const { __ctid, __xmin, __xmax, ...values } of r.rows) {
      const [page, item] = String(__ctid).replace(/[()]/g, '').split(',').map(Number);
      rows.push({ table: name, values, ctid: { page, item }, xmin: Number(__xmin), xmax: Number(__xmax) });
    }
  }
  return rows;
}

/** `pg_dump --data-only` of the database, or null when pg_dump is not installed. */
export function pgDump(url: string): string | null {
  const r = spawnSync('pg_dump', ['--data-only', '--no-owner', url], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (r.error || r.status !== 0) return null;
  return r.stdout;
}

export async function gatherEvidence(o: { db: Kysely<Database>; dialect: SqlDialect; file?: string; url?: string; logs: string[] }): Promise<Evidence> {
  const files = new Map<string, Buffer>();
  if (o.dialect === 'sqlite') {
    if (!o.file) throw new Error('gatherEvidence: a SQLite file is needed');
    // Copied while the connection is open: closing would checkpoint the log into the file.
    files.set('main', readFileSync(o.file));
    if (existsSync(`${o.file}-wal`)) files.set('wal', readFileSync(`${o.file}-wal`));
  } else if (o.url) {
    const dump = pgDump(o.url);
    if (dump !== null) files.set('pg_dump', Buffer.from(dump, 'utf8'));
  }
  const rows = o.dialect === 'sqlite' ? await sqliteRows(o.db) : await postgresRows(o.db);
  return { dialect: o.dialect, rows, files, logs: [...o.logs] };
}

/** One write-ahead-log frame of a SQLite WAL file: the page it holds, whether it ends a transaction, its bytes. */
export interface WalFrame {
  index: number;
  page: number;
  commit: boolean;
  data: Buffer;
}

/**
 * Parses a SQLite WAL file (https://www.sqlite.org/fileformat.html#walformat): a 32-byte header
 * (page size at offset 8), then frames of a 24-byte header (page number, database size after a
 * commit or 0) and one page. Frames are returned in file order, stale ones too (an attacker
 * reads them all).
 */
export function parseWal(wal: Buffer | undefined): WalFrame[] {
  if (!wal || wal.length < 32) return [];
  const pageSize = wal.readUInt32BE(8);
  const frames: WalFrame[] = [];
  for (let off = 32, i = 0; off + 24 + pageSize <= wal.length; off += 24 + pageSize, i++) {
    const page = wal.readUInt32BE(off);
    if (page === 0) break;
    frames.push({ index: i, page, commit: wal.readUInt32BE(off + 4) !== 0, data: wal.subarray(off + 24, off + 24 + pageSize) });
  }
  return frames;
}
