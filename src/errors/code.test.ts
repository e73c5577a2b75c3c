import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { errorCode, isUniqueViolation } from './code.ts';

describe('errorCode', () => {
  it('reads the code of a real errno error, and none from values that carry none', () => {
    let thrown: unknown;
    try {
      readFileSync('/no/such/settle/file');
    } catch (e) {
      thrown = e;
    }
    expect(errorCode(thrown)).toBe('ENOENT');
    expect([errorCode(null), errorCode(undefined), errorCode('ENOENT'), errorCode(new Error('x'))]).toEqual([undefined, undefined, undefined, undefined]);
    // A numeric code is read as text, so callers compare one type.
    expect(errorCode({ code: 23505 })).toBe('23505');
  });
});

describe('isUniqueViolation', () => {
  it("is true for SQLite's unique-key failure and PostgreSQL's SQLSTATE 23505, false for other failures", () => {
    const db = new Database(':memory:');
    db.exec('create table t (k integer unique, n integer not null)');
    db.prepare('insert into t values (1, 1)').run();
    const failure = (sql: string): unknown => {
      try {
        db.prepare(sql).run();
      } catch (e) {
        return e;
      }
      throw new Error(`expected ${sql} to fail`);
    };
    expect(isUniqueViolation(failure('insert into t values (1, 2)'))).toBe(true);
    expect(isUniqueViolation(failure('insert into t values (2, null)'))).toBe(false);
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    // A message that says "unique" is not enough: only the code counts.
    expect(isUniqueViolation(new Error('unique constraint failed'))).toBe(false);
    db.close();
  });
});
