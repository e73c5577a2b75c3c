/**
 * Fresh, real databases for tests: a SQLite file in a temporary folder, or a new PostgreSQL
 * database created on the local server (SETTLE_TEST_DATABASE_URL, default the `test`
 * database) and dropped afterwards, so runs never collide.
 *
 * `eachDatabase` runs a suite once per database. Without PostgreSQL the PostgreSQL run skips
 * with a message on a laptop; with CI=true it fails instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, it } from 'vitest';
import type { OpenOptions, SqlDialect } from '../../src/db/connect.ts';

export const PG_URL = process.env.SETTLE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function probePostgres(url: string = PG_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (e) {
    return e instanceof Error ? e.message || e.name : String(e);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface Fresh {
  options: OpenOptions;
  dispose(): Promise<void>;
}

export async function freshDatabase(dialect: SqlDialect): Promise<Fresh> {
  const tag = `${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'settle-db-'));
    return { options: { file: join(dir, 'settle.sqlite') }, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `settle_test_${tag}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  return { options: { url: withDatabase(PG_URL, name) }, dispose: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

const pgUnavailable = await probePostgres(PG_URL);

/** Defines `suite` once per database, named `${title} on sqlite|postgres`. */
export function eachDatabase(title: string, suite: (dialect: SqlDialect) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const unavailable = dialect === 'postgres' ? pgUnavailable : null;
    if (unavailable && process.env.CI) {
      describe(`${title} on ${dialect}`, () => {
        it('has PostgreSQL available (required on CI)', () => {
          throw new Error(`PostgreSQL is not reachable at ${PG_URL} (${unavailable}); on CI the PostgreSQL suite must run, not skip.`);
        });
      });
      continue;
    }
    if (unavailable) console.warn(`[skip] ${title} on postgres: PostgreSQL is not reachable at ${PG_URL} (${unavailable}). Set SETTLE_TEST_DATABASE_URL or start PostgreSQL.`);
    describe.skipIf(unavailable !== null)(`${title} on ${dialect}`, () => suite(dialect));
  }
}
