import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkCode, codeFor, codesForShift, windowOf } from './codes.ts';

const SECRET = 'a4f1c2e9b7d3a4f1c2e9b7d3a4f1c2e9';
// 6:30–9:30 Pacific on 14 January 2019 = 14:30Z–17:30Z.
const SHIFT = { startsAt: '2019-01-14T14:30:00.000Z', endsAt: '2019-01-14T17:30:00.000Z' };

describe('rotating check-in codes', () => {
  it('a window is 300 s from the epoch: 14:31Z on 14 Jan 2019 is 1547476260 s, window 5158254 (1547476260 / 300 = 5158254.2)', () => {
    expect(windowOf(Date.parse('2019-01-14T14:31:00.000Z'))).toBe(5158254);
  });

  it('the code is the HMAC-SHA256 of the window, truncated to six digits as TOTP does', () => {
    // Recomputed here step by step from the definition.
    const msg = Buffer.alloc(8);
    msg.writeBigUInt64BE(5158254n);
    const mac = createHmac('sha256', SECRET).update(msg).digest();
    const o = mac[31] & 0xf;
    const n = (mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000;
    expect(codeFor(SECRET, 5158254)).toBe(String(n).padStart(6, '0'));
    expect(codeFor(SECRET, 5158254)).toMatch(/^\d{6}$/);
    expect(codeFor(SECRET, 5158255)).not.toBe(codeFor(SECRET, 5158254));
    expect(codeFor('another secret', 5158254)).not.toBe(codeFor(SECRET, 5158254));
  });

  const at = '2019-01-14T14:31:00.000Z'; // window 5158254 (14:30–14:35Z)
  const now = '2019-01-14T14:50:00.000Z'; // sent later, from an offline queue
  it('accepts the code of the window typed in, and of the one before, even when sent 19 minutes later', () => {
    expect(checkCode({ secret: SECRET, shift: SHIFT, code: codeFor(SECRET, 5158254), at, receivedAt: now })).toBeNull();
    expect(checkCode({ secret: SECRET, shift: SHIFT, code: codeFor(SECRET, 5158253), at, receivedAt: now })).toBeNull();
  });
  it('refuses the code two windows back, the next window\'s code, and a code made with another secret', () => {
    expect(checkCode({ secret: SECRET, shift: SHIFT, code: codeFor(SECRET, 5158252), at, receivedAt: now })).toBe('picket.code-wrong');
    expect(checkCode({ secret: SECRET, shift: SHIFT, code: codeFor(SECRET, 5158255), at, receivedAt: now })).toBe('picket.code-wrong');
    expect(checkCode({ secret: SECRET, shift: SHIFT, code: codeFor('other', 5158254), at, receivedAt: now })).toBe('picket.code-wrong');
  });
  it('refuses times outside start − 30 min … end + 30 min, and device times over 2 minutes ahead of the server', () => {
    const code = (t: string) => codeFor(SECRET, windowOf(Date.parse(t)));
    // 13:59:59Z is 30 min 1 s before 14:30Z.
    expect(checkCode({ secret: SECRET, shift: SHIFT, code: code('2019-01-14T13:59:59.000Z'), at: '2019-01-14T13:59:59.000Z', receivedAt: now })).toBe('picket.too-early');
    expect(checkCode({ secret: SECRET, shift: SHIFT, code: code('2019-01-14T14:00:00.000Z'), at: '2019-01-14T14:00:00.000Z', receivedAt: now })).toBeNull();
    // 18:00:01Z is 30 min 1 s after 17:30Z.
    expect(checkCode({ secret: SECRET, shift: SHIFT, code: code('2019-01-14T18:00:01.000Z'), at: '2019-01-14T18:00:01.000Z', receivedAt: '2019-01-14T18:10:00.000Z' })).toBe('picket.too-late');
    // Server at 14:50; device says 14:52:01 (2 min 1 s ahead).
    expect(checkCode({ secret: SECRET, shift: SHIFT, code: code('2019-01-14T14:52:01.000Z'), at: '2019-01-14T14:52:01.000Z', receivedAt: now })).toBe('picket.clock-ahead');
    expect(checkCode({ secret: SECRET, shift: SHIFT, code: code('2019-01-14T14:52:00.000Z'), at: '2019-01-14T14:52:00.000Z', receivedAt: now })).toBeNull();
  });
  it('the codes for a shift cover start − 30 min to end + 30 min: 14:00Z–18:00Z is 48 windows, plus the one that starts at 18:00Z = 49', () => {
    const codes = codesForShift(SECRET, SHIFT);
    expect(codes.length).toBe(49);
    expect(codes[0]).toEqual({ from: '2019-01-14T14:00:00.000Z', to: '2019-01-14T14:05:00.000Z', code: codeFor(SECRET, windowOf(Date.parse('2019-01-14T14:00:00.000Z'))) });
    expect(codes[48].from).toBe('2019-01-14T18:00:00.000Z');
  });
});
