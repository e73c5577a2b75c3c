/**
 * Picket changes, announced to open coverage boards: after a commit that changes a strike day's
 * shifts, sign-ups or attendance, the writer calls `announce(deps, orgId, dayIds)`; a board's
 * event stream subscribes per organization. One process (SQLite, tests): an in-process emitter.
 * Several processes on PostgreSQL: LISTEN/NOTIFY on the channel `settle_pickets` with the payload
 * `orgId:dayId`, so a check-in on one process reaches a board on another (docs/pickets.md,
 * "Several processes").
 */
import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema.ts';
import type { SqlDialect } from '../../db/connect.ts';
import type { Deps } from '../env.ts';
import { boardsChanged } from './board-cache.ts';

export interface PicketChange {
  organizationId: number;
  /** The strike day that changed; null: anything of the union may have changed (a lost connection to the other processes was restored). */
  strikeDayId: number | null;
}

export interface ChangeBus {
  publish(change: PicketChange): void;
  subscribe(organizationId: number, listener: (change: PicketChange) => void): () => void;
  close(): Promise<void>;
}

function emitterBus(): { emitter: EventEmitter; subscribe: ChangeBus['subscribe'] } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emitter,
    subscribe: (organizationId, listener) => {
      emitter.on(String(organizationId), listener);
      return () => { emitter.off(String(organizationId), listener); };
    },
  };
}

/** Within one process (SQLite, or tests): listeners hear every change published here. */
export function localChangeBus(): ChangeBus {
  const { emitter, subscribe } = emitterBus();
  return {
    publish: (change) => { emitter.emit(String(change.organizationId), change); },
    subscribe,
    close: async () => { emitter.removeAllListeners(); },
  };
}

export const CHANNEL = 'settle_pickets';
/** The listening connection's application_name (pg_stat_activity shows which connection it is). */
export const LISTENER_NAME = 'settle_pickets_listener';

/** `orgId:dayId` → the change, or null for anything else (the channel is the union's alone, but a payload is still checked). */
export function parsePayload(payload: string | undefined): PicketChange | null {
  const m = /^([1-9]\d{0,15}):([1-9]\d{0,15})$/.exec(payload ?? '');
  if (!m) return null;
  const organizationId = Number(m[1]);
  const strikeDayId = Number(m[2]);
  return Number.isSafeInteger(organizationId) && Number.isSafeInteger(strikeDayId) ? { organizationId, strikeDayId } : null;
}

/**
 * Several processes on one PostgreSQL: one dedicated connection per process LISTENs; a change is
 * published with pg_notify through the pool, and every process (this one too) hears it from the
 * database. While the listening connection is down, changes published here reach this process's
 * boards directly; it reconnects (waiting 0.25 s, doubling to 5 s at most) and then tells every
 * board that anything may have changed, since notifications sent meanwhile were lost.
 */
export async function pgChangeBus(o: { url: string; db: Kysely<Database>; log: (line: string) => void }): Promise<ChangeBus> {
  const { emitter, subscribe } = emitterBus();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let wait = 250;
  let retry: NodeJS.Timeout | null = null;
  let everListened = false;

  const local = (change: PicketChange) => { emitter.emit(String(change.organizationId), change); };

  const connect = async (): Promise<void> => {
    retry = null;
    if (closed) return;
    const c = new pg.Client({ connectionString: o.url, application_name: LISTENER_NAME, keepAlive: true });
    client = c;
    const lost = (why: string) => {
      if (client !== c) return;
      client = null;
      listening = false;
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      if (closed) return;
      o.log(`picket changes: the listening connection to PostgreSQL was lost (${why}); reconnecting in ${wait} ms`);
      retry = setTimeout(() => void connect(), wait);
      retry.unref();
      wait = Math.min(5000, wait * 2);
    };
    c.on('error', (e) => lost(e.message));
    c.on('end', () => lost('connection ended'));
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL) return;
      const change = parsePayload(n.payload);
      if (change) local(change);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      lost(e instanceof Error ? e.message : String(e));
      return;
    }
    if (client !== c || closed) return;
    listening = true;
    wait = 250;
    if (everListened) {
      // Notifications sent while this process was not listening are lost: every open board reads again.
      for (const name of emitter.eventNames()) local({ organizationId: Number(name), strikeDayId: null });
    }
    everListened = true;
  };
  await connect();

  return {
    publish: (change) => {
      if (change.strikeDayId === null) return;
      const payload = `${change.organizationId}:${change.strikeDayId}`;
      if (!listening) local(change);
      const heard = listening;
      void sql`select pg_notify(${CHANNEL}, ${payload})`.execute(o.db).catch((e: unknown) => {
        o.log(`picket changes: could not notify the other processes of ${payload}: ${e instanceof Error ? e.message : String(e)}`);
        if (heard) local(change);
      });
    },
    subscribe,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      listening = false;
      emitter.removeAllListeners();
      if (c) await c.end().catch(() => undefined);
    },
  };
}

/** The bus for a database: in-process for SQLite (one process), LISTEN/NOTIFY for PostgreSQL. */
export async function changeBusFor(o: { dialect: SqlDialect; url?: string; db: Kysely<Database>; log: (line: string) => void }): Promise<ChangeBus> {
  if (o.dialect === 'sqlite' || !o.url) return localChangeBus();
  return pgChangeBus({ url: o.url, db: o.db, log: o.log });
}

/** Announces that these strike days changed (after the commit). Safe to call with no bus. */
export function announce(deps: Pick<Deps, 'changes'>, organizationId: number, strikeDayIds: Iterable<number>): void {
  const days = new Set(strikeDayIds);
  // This process's kept boards first, at once (on PostgreSQL the bus's notice comes back later).
  boardsChanged(deps, organizationId, days);
  const bus = deps.changes;
  if (!bus) return;
  for (const strikeDayId of days) bus.publish({ organizationId, strikeDayId });
}
