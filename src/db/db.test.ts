import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseRefused, openDatabase, openSqliteConnection, parseInt8, sqliteSynchronous, type OpenDatabase, type OpenOptions, type SqlDialect } from './connect.ts';
import { newId } from './ids.ts';
import { migrateToLatest, migrator } from './migrate.ts';
import { eachDatabase, freshDatabase, PG_URL, type Fresh } from '../../test/helpers/databases.ts';
import { isUniqueViolation } from '../errors/code.ts';

// The data-layer suite is written once and run on both databases (test/helpers/databases.ts).
const NOW = '2025-01-15T12:00:00.000Z';

async function userTables(h: OpenDatabase): Promise<string[]> {
  const tables = await h.db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.map((t) => t.name).sort();
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
      expect(results.map((r) => [r.migrationName, r.status])).toEqual([['0001_initial', 'Success'], ['0002_server', 'Success'], ['0003_version_summaries', 'Success'], ['0004_opaque_ids', 'Success'], ['0005_people_and_sign_in', 'Success'], ['0006_countersignatures', 'Success'], ['0007_roster', 'Success'], ['0008_votes', 'Success'], ['0009_pickets', 'Success'], ['0010_rate_limits', 'Success'], ['0011_payout_lines', 'Success'], ['0012_sites', 'Success'], ['0013_code_requests', 'Success'], ['0014_attendance_away', 'Success']]);
      expect(await migrateToLatest(h.db, dialect)).toEqual([]);
      const tables = await userTables(h);
      for (const t of ['organizations', 'people', 'audit_log']) expect(tables).toContain(t);
    });

    it('round-trips an organization, a person and audit entries', async () => {
      const org = await h.db
        .insertInto('organizations')
        .values({ id: newId(), kind: 'district', name: 'Example Unified', created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(typeof org.id).toBe('number');
      const person = await h.db
        .insertInto('people')
        .values({ id: newId(), organization_id: org.id, email: 'ana@example.org', name: 'Ana Díaz', created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      await h.db
        .insertInto('audit_log')
        .values([
          { id: newId(), organization_id: org.id, person_id: null, action: 'organization.create', subject: `organizations/${org.id}`, at: NOW, number: 1 },
          { id: newId(), organization_id: org.id, person_id: person.id, action: 'person.create', subject: `people/${person.id}`, at: NOW, number: 2 },
        ])
        .execute();

      const got = await h.db
        .selectFrom('people')
        .innerJoin('organizations', 'organizations.id', 'people.organization_id')
        .select(['people.id', 'people.email', 'people.name', 'people.created_at', 'organizations.kind', 'organizations.name as organization'])
        .where('people.email', '=', 'ana@example.org')
        .executeTakeFirstOrThrow();
      expect(got).toEqual({ id: person.id, email: 'ana@example.org', name: 'Ana Díaz', created_at: NOW, kind: 'district', organization: 'Example Unified' });

      const audit = await h.db.selectFrom('audit_log').selectAll().where('organization_id', '=', org.id).orderBy('number').execute();
      expect(audit.map((a) => [a.person_id, a.action])).toEqual([
        [null, 'organization.create'],
        [person.id, 'person.create'],
      ]);
    });

    it('enforces the organization kind and foreign keys', async () => {
      await expect(
        h.db.insertInto('organizations').values({ id: newId(), kind: 'school' as 'union', name: 'x', created_at: NOW }).execute(),
      ).rejects.toThrow();
      await expect(
        h.db.insertInto('people').values({ id: newId(), organization_id: 987654321, email: 'nobody@example.org', name: 'x', created_at: NOW }).execute(),
      ).rejects.toThrow();
      expect(await h.db.selectFrom('people').select('id').where('email', '=', 'nobody@example.org').execute()).toEqual([]);
    });

    it('rejects a duplicate email and changes nothing', async () => {
      const org = await h.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
      const count = async (table: 'people' | 'audit_log') =>
        Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = { people: await count('people'), audit: await count('audit_log') };

      const attempt = h.db.transaction().execute(async (tx) => {
        await tx.insertInto('audit_log').values({ id: newId(), organization_id: org.id, person_id: null, action: 'person.create', subject: 'people/?', at: NOW, number: 3 }).execute();
        await tx.insertInto('people').values({ id: newId(), organization_id: org.id, email: 'ana@example.org', name: 'Impostor', created_at: NOW }).execute();
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
      // Deleted rows are zeroed (a counted vote's sealed ballots), where a plain connection leaves them (0).
      expect(third.pragma('secure_delete', { simple: true })).toBe(1);
      third.close();
      const plainAgain = new BetterSqlite3(file);
      expect(plainAgain.pragma('secure_delete', { simple: true })).toBe(0);
      plainAgain.close();
    });

    it('gives ids that do not grow with time and spread over [1, 2^53)', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 100; i++) {
        const row = await h.db.insertInto('organizations').values({ id: newId(), kind: 'district', name: `Spread ${i}`, created_at: NOW }).returning('id').executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      const read = await h.db.selectFrom('organizations').select('id').where('name', 'like', 'Spread %').execute();
      expect(new Set(read.map((r) => r.id))).toEqual(new Set(ids));
      expect(new Set(ids).size).toBe(100);
      for (const id of ids) expect(Number.isSafeInteger(id) && id >= 1 && id < 2 ** 53).toBe(true);
      // Not in insertion order: 100 uniform draws come sorted with chance 1/100!.
      expect(ids).not.toEqual([...ids].sort((a, b) => a - b));
      // Rises between neighbours: 49.5 on average for random ids (sd 2.9), 99 for a sequence.
      const rises = ids.slice(1).filter((id, i) => id > ids[i]).length;
      expect(rises).toBeGreaterThan(30);
      expect(rises).toBeLessThan(70);
      // Each quarter of the range holds about 25 of them (fewer than 5 has chance below 1e-6).
      const quarters = [0, 0, 0, 0];
      for (const id of ids) quarters[Math.floor(id / 2 ** 51)]++;
      for (const q of quarters) expect(q).toBeGreaterThanOrEqual(5);
      await h.db.deleteFrom('organizations').where('name', 'like', 'Spread %').execute();
    });

    if (dialect === 'postgres') it('has no sequence left to give an id: a row without one is refused', async () => {
      const any = h.db as unknown as Kysely<any>;
      await expect(any.insertInto('proposals').values({ organization_id: 1, title: 'x', created_by: 1, created_at: NOW }).execute()).rejects.toThrow(/null value in column "id"/);
      const identities = await sql<{ n: string | number }>`select count(*) as n from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'`.execute(h.db);
      expect(Number(identities.rows[0]?.n)).toBe(0);
    });

    if (dialect === 'sqlite') it('refuses an in-memory database', async () => {
      await expect(openDatabase({ file: ':memory:' })).rejects.toBeInstanceOf(DatabaseRefused);
    });
});

eachDatabase('migration 0004 (opaque ids) on a database in use', (dialect) => {
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

  it('keeps every id, numbers each organization\'s audit entries in the order written, and goes on from there', async () => {
    const { error } = await migrator(h.db, dialect).migrateTo('0003_version_summaries');
    expect(error).toBeUndefined();
    // Before 0004 the database chose ids from one sequence; rows are written as the server did then.
    const old = h.db as unknown as Kysely<any>;
    const org = async (name: string) => (await old.insertInto('organizations').values({ kind: 'district', name, created_at: NOW }).returning('id').executeTakeFirstOrThrow()).id as number;
    const a = await org('Old A');
    const b = await org('Old B');
    const written = [[a, 'one'], [b, 'two'], [a, 'three'], [a, 'four'], [b, 'five']] as const;
    for (const [o, action] of written) await old.insertInto('audit_log').values({ organization_id: o, person_id: null, action, subject: 'x', at: NOW }).execute();
    const before = await old.selectFrom('audit_log').select(['id', 'organization_id', 'action']).orderBy('id').execute();

    expect((await migrateToLatest(h.db, dialect)).map((r) => r.migrationName)).toEqual(['0004_opaque_ids', '0005_people_and_sign_in', '0006_countersignatures', '0007_roster', '0008_votes', '0009_pickets', '0010_rate_limits', '0011_payout_lines', '0012_sites', '0013_code_requests', '0014_attendance_away']);
    const after = await h.db.selectFrom('audit_log').select(['id', 'organization_id', 'action', 'number']).orderBy('organization_id').orderBy('number').execute();
    // A wrote one, three, four (numbers 1, 2, 3); B wrote two, five (1, 2): each organization counts only its own.
    expect(after.map((r) => [r.organization_id, r.number, r.action])).toEqual([[a, 1, 'one'], [a, 2, 'three'], [a, 3, 'four'], [b, 1, 'two'], [b, 2, 'five']]);
    expect(new Set(after.map((r) => r.id))).toEqual(new Set(before.map((r: { id: number }) => r.id)));
    const counts = await h.db.selectFrom('organizations').select(['id', 'audit_count']).where('id', 'in', [a, b]).orderBy('id').execute();
    expect(counts).toEqual([{ id: a, audit_count: 3 }, { id: b, audit_count: 2 }]);

    // The next entry of B is number 3, with a random id; A's count does not move.
    const { audit } = await import('../server/audit.ts');
    await audit(h.db, { next: () => newId() }, { organizationId: b, personId: null, action: 'six', subject: 'x', at: NOW });
    const six = await h.db.selectFrom('audit_log').select(['number', 'organization_id']).where('action', '=', 'six').executeTakeFirstOrThrow();
    expect(six).toEqual({ number: 3, organization_id: b });
    expect((await h.db.selectFrom('organizations').select('audit_count').where('id', '=', a).executeTakeFirstOrThrow()).audit_count).toBe(3);
    // Two entries can never share a number within an organization.
    await expect(h.db.insertInto('audit_log').values({ id: newId(), organization_id: b, person_id: null, action: 'dup', subject: 'x', at: NOW, number: 3 }).execute()).rejects.toSatisfy(isUniqueViolation);
  });
});
