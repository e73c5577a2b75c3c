/**
 * The address a request comes from, for the sign-in throttle: the socket's remote address, or,
 * when the server is told it sits behind a proxy (Deps.behindProxy), the address that proxy
 * appended last to X-Forwarded-For (the one entry a client cannot forge past a proxy that
 * appends). IPv4-mapped IPv6 becomes plain IPv4; other IPv6 addresses count as their /64,
 * since one subscriber is usually given a whole /64. Requests made in-process (tests) have
 * no socket: their address is `unknown`.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { isIP } from 'node:net';
import type { AppEnv } from '../env.ts';

export const UNKNOWN_ADDRESS = 'unknown';

export function clientAddress(c: Context<AppEnv>): string {
  if (c.get('deps').behindProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').pop()?.trim();
    if (last) return normaliseAddress(last);
  }
  try {
    return normaliseAddress(getConnInfo(c).remote.address ?? '');
  } catch {
    return UNKNOWN_ADDRESS;
  }
}

/** `::ffff:10.0.0.1` → `10.0.0.1`; `2001:db8:1:2:3:4:5:6` → `2001:db8:1:2::/64`; anything that is not an address → `unknown`. */
export function normaliseAddress(raw: string): string {
  const a = raw.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return mapped[1];
  const kind = isIP(a);
  if (kind === 4) return a;
  if (kind !== 6) return UNKNOWN_ADDRESS;
  return `${expandIPv6(a).slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

function expandIPv6(a: string): string[] {
  const [head, tail] = a.includes('::') ? a.split('::') : [a, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; only the first four groups matter here.
  const fill = tail === null ? 0 : 8 - left.length - right.length - (right.some((g) => g.includes('.')) ? 1 : 0);
  return [...left, ...Array<string>(Math.max(0, fill)).fill('0'), ...right].map((g) => g || '0');
}
