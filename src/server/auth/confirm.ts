/**
 * A person's password typed again to confirm an act in person, on a device that is not theirs
 * alone: a site captain attesting a member at a kiosk (src/server/votes/channels/kiosk.ts), where
 * the device is handed to the members who come. Checked as sign-in checks it: the same waits after
 * wrong passwords, counted against the same email and address (throttle.ts), a failure written
 * before the check so that guesses sent at once count too.
 */
import type { Deps } from '../env.ts';
import { ApiError } from '../errors.ts';
import { keepFailure, releaseCheck, reserveCheck } from './throttle.ts';

/** True when `password` is the person's; false when it is wrong (recorded as a failure); 429 while the email or address must wait. */
export async function confirmPassword(deps: Deps, o: { personId: number; password: string; address: string; now: Date }): Promise<boolean> {
  const person = await deps.db.selectFrom('people').select(['email', 'password_hash']).where('id', '=', o.personId).where('removed_at', 'is', null).executeTakeFirst();
  if (!person?.password_hash) return false;
  const { wait, reserved } = await reserveCheck(deps.db, deps.dialect, { account: person.email, address: o.address, now: o.now });
  if (!reserved) {
    throw new ApiError(429, {
      code: 'auth.throttled',
      message: `too many wrong passwords for this account or from this address: try again in ${wait} second${wait === 1 ? '' : 's'}`,
      hint: 'each wrong password makes the next wait longer, up to 15 minutes',
    }, { 'Retry-After': String(wait) });
  }
  let settled = false;
  try {
    const right = await deps.passwords.verify(person.password_hash, o.password);
    if (right) await releaseCheck(deps.db, reserved);
    else await deps.db.transaction().execute((tx) => keepFailure(tx, reserved));
    settled = true;
    return right;
  } finally {
    if (!settled) await releaseCheck(deps.db, reserved).catch((e: unknown) => deps.log(`password confirmation: could not take back a failure written before its check: ${e instanceof Error ? e.message : String(e)}`));
  }
}
