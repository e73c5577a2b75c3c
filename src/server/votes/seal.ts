/**
 * Sealing a ballot while its vote is open (docs/votes.md, "Secrecy").
 *
 * A ballot cast by a member is written in the same transaction that marks the member as having
 * voted (so an acknowledged ballot is never lost and never counted twice). Whatever links two
 * rows written together (a transaction id such as PostgreSQL's xmin, a write-ahead-log frame,
 * a page written at the same moment) must then lead to nothing readable: the ballot is stored
 * sealed, AES-256-GCM under a key derived from the server's ballot key (which is not in the
 * database) and the vote's id, padded to one fixed length so its size tells nothing either.
 * The count opens every sealed ballot in memory, shuffles them, and writes them in one
 * transaction with no voter, no time and no order, emptying the inbox.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Choices } from '../../votes/types.ts';

/** Every sealed ballot is this many bytes of plaintext (JSON plus padding) before sealing. */
export const SEALED_PLAINTEXT_BYTES = 1024;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte server secret, kept outside the database (src/server/votes/ballot-key.ts). */
export type BallotKey = Buffer;

function voteKey(key: BallotKey, voteId: number): Buffer {
  if (key.length !== 32) throw new Error('the ballot key must be 32 bytes');
  return Buffer.from(hkdfSync('sha256', key, Buffer.from(`vote ${voteId}`), Buffer.from('settle sealed ballot v1'), 32));
}

/** Seals a ballot's choices for one vote: IV, tag, ciphertext; always the same length. */
export function seal(key: BallotKey, voteId: number, choices: Choices): Buffer {
  const json = Buffer.from(JSON.stringify(choices), 'utf8');
  if (json.length + 4 > SEALED_PLAINTEXT_BYTES) throw new Error('a ballot is too long to seal');
  const plain = Buffer.alloc(SEALED_PLAINTEXT_BYTES); // zero padding after the length and the JSON
  plain.writeUInt32BE(json.length, 0);
  json.copy(plain, 4);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', voteKey(key, voteId), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens a sealed ballot of this vote; throws if it was sealed for another vote or altered. */
export function open(key: BallotKey, voteId: number, sealed: Uint8Array): Choices {
  const b = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', voteKey(key, voteId), b.subarray(0, IV_BYTES));
  decipher.setAuthTag(b.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const plain = Buffer.concat([decipher.update(b.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  const n = plain.readUInt32BE(0);
  return JSON.parse(plain.subarray(4, 4 + n).toString('utf8')) as Choices;
}

/** Seals again with a fresh IV (a challenged ballot moving to the inbox looks like no earlier bytes). */
export function reseal(key: BallotKey, voteId: number, sealed: Uint8Array): Buffer {
  return seal(key, voteId, open(key, voteId, sealed));
}
