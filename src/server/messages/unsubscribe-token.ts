/**
 * The unsubscribe link in every email: a token naming the union and the address, signed with
 * HMAC-SHA-256 under a key derived (HKDF, its own label) from the server's ballot key, so no
 * second secret has to be configured and the ballot seals' keys are never reused for it.
 * Anyone holding the link can stop that union's mail to that address, and nothing else.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export interface Unsubscribe {
  organizationId: number;
  address: string;
}

export function unsubscribeKey(serverSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), Buffer.from('settle email unsubscribe link v1'), 32));
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function unsubscribeToken(key: Buffer, u: Unsubscribe): string {
  const payload = Buffer.from(JSON.stringify([u.organizationId, u.address])).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The union and address of a genuine token; null for anything else. */
export function readUnsubscribeToken(key: Buffer, token: string): Unsubscribe | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const want = Buffer.from(mac(key, payload));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && Number.isSafeInteger(v[0]) && typeof v[1] === 'string') return { organizationId: v[0] as number, address: v[1] };
  } catch {
    // a forged payload with a valid signature cannot happen; unreadable → null
  }
  return null;
}
