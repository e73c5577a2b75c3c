/**
 * A per-address limit for the routes anyone may call without signing in (asking for a code,
 * checking one): a sliding hour in memory, per server process. Requests with no known address
 * (in-process) are not limited, like the sign-in throttle (src/server/auth/throttle.ts). The
 * answer is the same 429 whatever the member id, so it tells nothing about who exists.
 */
import { ApiError } from '../../errors.ts';
import { UNKNOWN_ADDRESS } from '../../auth/client-address.ts';

const HOUR_MS = 3600_000;

export class AddressLimit {
  private readonly seen = new Map<string, number[]>();
  constructor(private readonly perHour: number) {}

  /** Counts one request of a kind (`access`, `verify`) from `address`, or throws 429 with Retry-After when it has had its hour's share. */
  take(kind: string, address: string, now: Date): void {
    if (address === UNKNOWN_ADDRESS) return;
    const key = `${kind} ${address}`;
    const t = now.getTime();
    const recent = (this.seen.get(key) ?? []).filter((x) => x > t - HOUR_MS);
    if (recent.length >= this.perHour) {
      const wait = Math.max(1, Math.ceil((recent[0] + HOUR_MS - t) / 1000));
      this.seen.set(key, recent);
      throw new ApiError(429, { code: 'vote.too-many', message: `too many requests from your network address in the last hour (at most ${this.perHour})`, hint: `try again in ${wait} seconds, or ask your site captain to vote at a kiosk` }, { 'Retry-After': String(wait) });
    }
    recent.push(t);
    this.seen.set(key, recent);
    if (this.seen.size > 100_000) this.forgetOld(t);
  }

  private forgetOld(t: number): void {
    for (const [k, v] of this.seen) if (!v.some((x) => x > t - HOUR_MS)) this.seen.delete(k);
  }
}
