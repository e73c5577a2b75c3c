/**
 * The server's ballot key (seal.ts): 32 random bytes that never enter the database, so that a
 * copy of the database alone cannot open a ballot sealed while its vote is open.
 *
 * Where it comes from, first found wins:
 * 1. `SETTLE_BALLOT_KEY`: 64 hexadecimal characters (a deployment's secret store);
 * 2. the file `SETTLE_BALLOT_KEY_FILE` names, or beside a SQLite database `<file>.ballot-key`;
 *    made (mode 0600) with a new random key the first time.
 * A PostgreSQL server with neither set refuses to start, saying what to set: a key made up at
 * each start would leave the ballots sealed under the old one unreadable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { OpenOptions } from '../../db/connect.ts';
import type { BallotKey } from './seal.ts';

export class BallotKeyError extends Error {}

function parse(text: string, where: string): BallotKey {
  const hex = text.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new BallotKeyError(`${where}: the ballot key must be 64 hexadecimal characters (32 bytes), such as the output of \`openssl rand -hex 32\``);
  return Buffer.from(hex, 'hex');
}

export function loadBallotKey(database: OpenOptions, env: NodeJS.ProcessEnv = process.env): BallotKey {
  if (env.SETTLE_BALLOT_KEY) return parse(env.SETTLE_BALLOT_KEY, 'SETTLE_BALLOT_KEY');
  const file = env.SETTLE_BALLOT_KEY_FILE || ('file' in database && database.file !== ':memory:' ? `${database.file}.ballot-key` : null);
  if (!file) {
    throw new BallotKeyError('set SETTLE_BALLOT_KEY (64 hexadecimal characters: `openssl rand -hex 32`) or SETTLE_BALLOT_KEY_FILE (a file that holds them, made if missing) before serving votes from PostgreSQL');
  }
  if (existsSync(file)) return parse(readFileSync(file, 'utf8'), file);
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
