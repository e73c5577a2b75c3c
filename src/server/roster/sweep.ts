/**
 * The hourly sweep of pending roster imports older than 24 hours (their files hold members'
 * personal data): uploads, confirmations and discards also expire them first, so a quiet
 * server still deletes them within the hour after they expire.
 */
import type { Deps } from '../env.ts';
import { expireImports } from './store.ts';

export const SWEEP_EVERY_MS = 3600 * 1000;

export function rosterSweep(deps: Deps, every = SWEEP_EVERY_MS): { stop(): void } {
  const timer = setInterval(() => {
    expireImports(deps.db, deps.now()).then(
      (n) => { if (n > 0) deps.log(`roster: ${n} pending import${n === 1 ? '' : 's'} older than 24 hours expired, their files deleted`); },
      (e: unknown) => deps.log(`roster: the sweep of expired imports failed: ${e instanceof Error ? e.message : String(e)}`),
    );
  }, every);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
