/**
 * Rotating check-in codes (docs/pickets.md, "Check-in"): six digits that change every five
 * minutes, shown on the captain's phone and typed (or scanned) by the member at the site.
 *
 * The code of a window is HMAC-SHA256(shift's code secret, window index as 8 bytes big-endian),
 * truncated as TOTP truncates (RFC 4226 §5.3) to six digits. Windows are 300 s aligned to the
 * Unix epoch, so a phone that fetched the shift's codes while online can show them offline.
 *
 * A code typed at device time t is good when it is the code of t's window or of the window
 * before (a member who read the code just before it changed), t is within the shift's start −
 * 30 min and end + 30 min, and t is not after the server's receive time + 2 min (a device clock
 * running ahead). Pure: the caller passes every time in.
 */
import { createHmac } from 'node:crypto';
import type { ShiftTimes } from './types.ts';

export const CODE_WINDOW_SECONDS = 300;
/** How long before the start and after the end a check-in (and a code) is accepted. */
export const CODE_MARGIN_MS = 30 * 60_000;
/** How far ahead of the server's clock a device's time may be. */
export const CLOCK_SKEW_MS = 2 * 60_000;

export const windowOf = (atMs: number): number => Math.floor(atMs / (CODE_WINDOW_SECONDS * 1000));

/** The six-digit code of one window. */
export function codeFor(secret: string, window: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(window));
  const mac = createHmac('sha256', secret).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const bin = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(bin % 1_000_000).padStart(6, '0');
}

/**
 * The codes worked out lately, by window and shift secret: on a strike morning thousands of
 * check-ins a second name a few hundred shifts, each checked against the same one or two windows
 * (an HMAC each otherwise). Forgotten all at once when full.
 */
const recent = new Map<string, string>();
const RECENT_CODES = 4096;
function codeKept(secret: string, window: number): string {
  const key = `${window} ${secret}`;
  let code = recent.get(key);
  if (code === undefined) {
    if (recent.size >= RECENT_CODES) recent.clear();
    code = codeFor(secret, window);
    recent.set(key, code);
  }
  return code;
}

/**
 * How long after its device time a member's or captain's action may arrive: a phone offline all
 * morning still sends that evening, but a check-in typed into a shift of weeks ago (a paid strike
 * day added after the fact) is an organizer's to record, audited as theirs, or an exception with
 * a reason (docs/pickets.md, "Check-in").
 */
export const SEND_WITHIN_MS = 24 * 3600_000;

/** Why an action's time is outside what a shift accepts, or null when it is inside. */
export type TimeRefusal = 'picket.too-early' | 'picket.too-late' | 'picket.clock-ahead';

export function timeRefusal(shift: ShiftTimes, atMs: number, receivedAtMs: number): TimeRefusal | null {
  if (atMs > receivedAtMs + CLOCK_SKEW_MS) return 'picket.clock-ahead';
  if (atMs < Date.parse(shift.startsAt) - CODE_MARGIN_MS) return 'picket.too-early';
  if (atMs > Date.parse(shift.endsAt) + CODE_MARGIN_MS) return 'picket.too-late';
  return null;
}

/** The code check: null when the code is good for device time `at`, else the reason. */
export function checkCode(o: { secret: string; shift: ShiftTimes; code: string; at: string; receivedAt: string }): TimeRefusal | 'picket.code-wrong' | null {
  const atMs = Date.parse(o.at);
  const time = timeRefusal(o.shift, atMs, Date.parse(o.receivedAt));
  if (time) return time;
  const w = windowOf(atMs);
  return o.code === codeKept(o.secret, w) || o.code === codeKept(o.secret, w - 1) ? null : 'picket.code-wrong';
}

/** Every window's code from start − 30 min to end + 30 min, for the captain's phone to keep. */
export function codesForShift(secret: string, shift: ShiftTimes): { from: string; to: string; code: string }[] {
  const ms = CODE_WINDOW_SECONDS * 1000;
  const first = windowOf(Date.parse(shift.startsAt) - CODE_MARGIN_MS);
  const last = windowOf(Date.parse(shift.endsAt) + CODE_MARGIN_MS);
  const out = [];
  for (let w = first; w <= last; w++) out.push({ from: new Date(w * ms).toISOString(), to: new Date((w + 1) * ms).toISOString(), code: codeFor(secret, w) });
  return out;
}
