/**
 * Ids for tests: the same requests give the same ids, and each organization has its own
 * stream, so what one organization does never moves another's. The n-th id of organization
 * `o` is the top 53 bits of SHA-256(`seed/o/n`) (0 drawn again): as uniform as the server's
 * random ids, but reproducible.
 */
import { createHash } from 'node:crypto';
import { idFromBytes, type IdSource } from '../../src/db/ids.ts';

export function seededIds(seed: string): IdSource {
  const drawn = new Map<string, number>();
  return {
    next(organizationId) {
      const scope = organizationId === null ? 'server' : String(organizationId);
      for (;;) {
        const n = (drawn.get(scope) ?? 0) + 1;
        drawn.set(scope, n);
        const id = idFromBytes(createHash('sha256').update(`${seed}/${scope}/${n}`).digest());
        if (id > 0) return id;
      }
    },
  };
}
