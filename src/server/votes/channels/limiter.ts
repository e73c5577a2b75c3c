/**
 * A per-address limit for the routes anyone may call without signing in (asking for a code,
 * checking one): at most `perHour` requests of a kind from one network address in an hour that
 * starts at its first request. Counted in the database (src/server/http/counter.ts, key
 * `vote-<kind> <address>`), so every server process counts against the same allowance.
 * Requests with no known address (in-process) are not limited, like the sign-in throttle
 * (src/server/auth/throttle.ts). The answer is the same 429 whatever the member id, so it
 * tells nothing about who exists.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { UNKNOWN_ADDRESS } from '../../auth/client-address.ts';
import { take } from '../../http/counter.ts';

const HOUR_MS = 3600_000;

export class AddressLimit {
  constructor(private readonly perHour: number) {}

  /** Counts one request of a kind (`access`, `verify`) from `address`, or throws 429 with Retry-After when it has had its hour's share. */
  async take(db: Kysely<Database>, kind: string, address: string, now: Date): Promise<void> {
    if (address === UNKNOWN_ADDRESS) return;
    const t = await take(db, { key: `vote-${kind} ${address}`, limit: this.perHour, windowMs: HOUR_MS, now });
    if (t.passed) {
      throw new ApiError(429, { code: 'vote.too-many', message: `too many requests from your network address in the last hour (at most ${this.perHour})`, hint: `try again in ${t.retryAfter} seconds, or ask your site captain to vote at a kiosk` }, { 'Retry-After': String(t.retryAfter) });
    }
  }
}
