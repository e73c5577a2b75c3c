/**
 * The `code` an error carries (Node's errno names such as `ENOENT` or `EADDRINUSE`,
 * SQLite's `SQLITE_BUSY`, PostgreSQL's SQLSTATE), or undefined when it carries none.
 */
export function errorCode(e: unknown): string | undefined {
  return e !== null && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}

/** True when `e` is a unique-constraint violation on either database (SQLite's code, PostgreSQL's SQLSTATE 23505). */
export function isUniqueViolation(e: unknown): boolean {
  const code = errorCode(e);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
