/**
 * Picket changes, announced to open coverage boards: after a commit that changes a strike day's
 * shifts, sign-ups or attendance, the writer calls `announce(deps, orgId, dayIds)`; a board's
 * event stream subscribes per organization. One process: an in-process emitter. Several
 * processes on PostgreSQL: LISTEN/NOTIFY, so a check-in on one reaches a board on another.
 */
import { EventEmitter } from 'node:events';
import type { Deps } from '../env.ts';

export interface PicketChange {
  organizationId: number;
  strikeDayId: number;
}

export interface ChangeBus {
  publish(change: PicketChange): void;
  subscribe(organizationId: number, listener: (change: PicketChange) => void): () => void;
  close(): Promise<void>;
}

/** Within one process (SQLite, or tests): listeners hear every change published here. */
export function localChangeBus(): ChangeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (change) => { emitter.emit(String(change.organizationId), change); },
    subscribe: (organizationId, listener) => {
      emitter.on(String(organizationId), listener);
      return () => { emitter.off(String(organizationId), listener); };
    },
    close: async () => { emitter.removeAllListeners(); },
  };
}

/** Announces that these strike days changed (after the commit). Safe to call with no bus. */
export function announce(deps: Deps, organizationId: number, strikeDayIds: Iterable<number>): void {
  const bus = deps.changes;
  if (!bus) return;
  for (const strikeDayId of new Set(strikeDayIds)) bus.publish({ organizationId, strikeDayId });
}
