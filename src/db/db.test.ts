import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseRefused, openDatabase, openSqliteConnection, parseInt8, sqliteSynchronous, type OpenDatabase, type OpenOptions, type SqlDialect } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { eachDatabase, freshDatabase, PG_URL, type Fresh } from '../../test/helpers/databases.ts';

// The data-layer suite is written once and run on both databases (test/helpers/databases.ts).
const NOW = '2025-01-15T12:00:00.000Z';

async function userTables(h: OpenDatabase): Promise<string[]> {
  const tables = await h.db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.map((t) => t.name).sort();
}

/** True when `e` is a unique-constraint violation on either database. */
function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

eachDatabase('data layer', (dialect) => {
    let target: Fresh;
    let h: OpenDatabase;

    beforeAll(async () => {
      target = await freshDatabase(dialect);
      h = await openDatabase(target.options);
    });

    afterAll(async () => {
      await h?.close();
      await target?.dispose();
    });

    it('migrates from empty, and again is a no-op', async () => {
      expect(h.dialect).toBe(dialect);
      expect(await userTables(h)).toEqual([]);
      const results = await migrateToLatest(h.db, dialect);
      expect(results.map((r) => [r.migrationName, r.status])).toEqual([['0001_initial', 'Success'], ['0002_server', 'Success'], ['0003_version_summaries', 'Success'], ['0005_people_and_sign_in', 'Success']]);
      expect(await migrateToLatest(h.db, dialect)).toEqual([]);
      const tables = await userTables(h);
      for (const t of ['organizations', 'people', 'audit_log']) expect(tables).toContain(t);
    });

    it('round-trips an organization, a person and audit entries', async () => {
      const org = await h.db
        .insertInto('organizations')
        .values({ kind: 'district', name: 'Example Unified', created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(typeof org.id).toBe('number');
      const person = await h.db
        .insertInto('people')
        .values({ organization_id: org.id, email: 'ana@example.org', name: 'Ana Díaz', created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      await h.db
        .insertInto('audit_log')
        .values([
          { organization_id: org.id, person_id: null, action: 'organization.create', subject: `organizations/${org.id}`, at: NOW },
          { organization_id: org.id, person_id: person.id, action: 'person.create', subject: `people/${person.id}`, at: NOW },
        ])
        .execute();

      const got = await h.db
        .selectFrom('people')
        .innerJoin('organizations', 'organizations.id', 'people.organization_id')
        .select(['people.id', 'people.email', 'people.name', 'people.created_at', 'organizations.kind', 'organizations.name as organization'])
        .where('people.email', '=', 'ana@example.org')
        .executeTakeFirstOrThrow();
      expect(got).toEqual({ id: person.id, email: 'ana@example.org', name: 'Ana Díaz', created_at: NOW, kind: 'district', organization: 'Example Unified' });

      const audit = await h.db.selectFrom('audit_log').selectAll().where('organization_id', '=', org.id).orderBy('id').execute();
      expect(audit.map((a) => [a.person_id, a.action])).toEqual([
        [null, 'organization.create'],
        [person.id, 'person.create'],
      ]);
    });

    it('enforces the organization kind and foreign keys', async () => {
      await expect(
        h.db.insertInto('organizations').values({ kind: 'school' as 'union', name: 'x', created_at: NOW }).execute(),
      ).rejects.toThrow();
      await expect(
        h.db.insertInto('people').values({ organization_id: 987654321, email: 'nobody@example.org', name: 'x', created_at: NOW }).execute(),
      ).rejects.toThrow();
      expect(await h.db.selectFrom('people').select('id').where('email', '=', 'nobody@example.org').execute()).toEqual([]);
    });

    it('rejects a duplicate email and changes nothing', async () => {
      const org = await h.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
      const count = async (table: 'people' | 'audit_log') =>
        Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = { people: await count('people'), audit: await count('audit_log') };

      const attempt = h.db.transaction().execute(async (tx) => {
        await tx.insertInto('audit_log').values({ organization_id: org.id, person_id: null, action: 'person.create', subject: 'people/?', at: NOW }).execute();
        await tx.insertInto('people').values({ organization_id: org.id, email: 'ana@example.org', name: 'Impostor', created_at: NOW }).execute();
      });
      const error = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).not.toBeNull();
      expect(isUniqueViolation(error)).toBe(true);

      expect({ people: await count('people'), audit: await count('audit_log') }).toEqual(before);
      const names = await h.db.selectFrom('people').select('name').where('email', '=', 'ana@example.org').execute();
      expect(names).toEqual([{ name: 'Ana Díaz' }]);
    });

    it('round-trips bigint cents above 2^31 exactly', async () => {
      const any = h.db as unknown as Kysely<any>;
      await any.schema
        .createTable('cents_probe')
        .addColumn('n', 'integer', (c) => c.primaryKey())
        .addColumn('cents', 'bigint', (c) => c.notNull())
        .execute();
      const values = [2 ** 31, 2 ** 31 + 1, 2 ** 32 + 7, 123_456_789_012_345, -(2 ** 35) - 3, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
      await any.insertInto('cents_probe').values(values.map((cents, n) => ({ n, cents }))).execute();
      const rows: { n: number; cents: unknown }[] = await any.selectFrom('cents_probe').select(['n', 'cents']).orderBy('n').execute();
      expect(rows.map((r) => r.cents)).toEqual(values);
      for (const r of rows) expect(typeof r.cents).toBe('number');
      // Aggregates come back as int8 on PostgreSQL too and go through the same parser.
      const total = await any.selectFrom('cents_probe').select((eb) => eb.fn.sum<number>('cents').as('t')).where('n', '<', 4).executeTakeFirstOrThrow();
      expect(Number(total.t)).toBe(values.slice(0, 4).reduce((a, b) => a + b, 0));
      await any.schema.dropTable('cents_probe').execute();
    });

    if (dialect === 'postgres') it('refuses int8 values a double cannot hold', async () => {
      await expect(sql`select 9007199254740993::int8 as x`.execute(h.db)).rejects.toThrow(/safe range/);
      expect(() => parseInt8('9007199254740992')).toThrow(RangeError);
      expect(parseInt8('-9007199254740991')).toBe(-Number.MAX_SAFE_INTEGER);
    });

    if (dialect === 'postgres') it('refuses to start when synchronous_commit is off', async () => {
      const url = new URL((target.options as { url: string }).url);
      url.searchParams.set('options', '-c synchronous_commit=off');
      const opening = openDatabase({ url: url.toString() });
      await expect(opening).rejects.toBeInstanceOf(DatabaseRefused);
      await expect(opening).rejects.toThrow(/synchronous_commit = off/);
    });

    if (dialect === 'sqlite') it('has synchronous = FULL on a second connection to the same file', async () => {
      const file = (target.options as { file: string }).file;
      expect(await sqliteSynchronous(h.db)).toBe(2);

      // The trap this guards against: a plain second connection to a WAL file gets NORMAL (1)
      // in this build (DEFAULT_WAL_SYNCHRONOUS=1), so the check below cannot pass vacuously.
      const plain = new BetterSqlite3(file);
      expect(plain.pragma('synchronous', { simple: true })).toBe(1);
      plain.close();

      const second = await openDatabase({ file });
      try {
        expect(await sqliteSynchronous(second.db)).toBe(2);
        const raw = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(second.db);
        expect(raw.rows[0]?.journal_mode).toBe('wal');
        const fk = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(second.db);
        expect(fk.rows[0]?.foreign_keys).toBe(1);
        // The second connection sees the first one's committed rows.
        const n = await second.db.selectFrom('people').select('email').execute();
        expect(n).toContainEqual({ email: 'ana@example.org' });
      } finally {
        await second.close();
      }
      const third = openSqliteConnection(file);
      expect(third.pragma('synchronous', { simple: true })).toBe(2);
      third.close();
    });

    if (dialect === 'sqlite') it('refuses an in-memory database', async () => {
      await expect(openDatabase({ file: ':memory:' })).rejects.toBeInstanceOf(DatabaseRefused);
    });
});
