/**
 * Passwords are hashed with argon2id at OWASP's minimum cost (19 MiB, 2 passes, 1 lane);
 * a hash takes about 50 ms here.
 */
import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const argon2id: PasswordHasher = {
  hash: (password) => argon2.hash(password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 }),
  verify: async (hash, password) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  },
};

let dummy: Promise<string> | null = null;
/** A hash to verify against when the account does not exist, so both cases take as long. */
export function dummyHash(hasher: PasswordHasher): Promise<string> {
  dummy ??= hasher.hash('not a real password, only for timing');
  return dummy;
}
