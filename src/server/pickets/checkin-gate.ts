/**
 * Which requests the check-in fast path (checkin-fast.ts) may queue: only those whose session
 * may check in, read before anything joins the queue. A session token and its CSRF token can be
 * made up by anyone (the CSRF token is derived from the session token), so without this gate a
 * request from nobody, or from the district, waited in the unions' queue for the batch's
 * transaction to refuse it: signed-out floods filled the queue until members' check-ins were
 * refused 503, and the district could time a union's check-ins by how long its own refusal took.
 *
 * A session's union is read once (by the rules of checkin-sessions.ts, without extending it) and
 * kept for a minute; the sessions asked about in one turn of the event loop are read with one
 * query. The batch still reads every session in its own transaction, so a session signed out
 * within that minute is refused there. Anything the gate does not admit goes to the ordinary
 * route, which answers as for any request (401, 403, 404), never behind a union's batch.
 */
import type { Deps } from '../env.ts';
import { checkInSenders } from './checkin-sessions.ts';

/** How long a session read as able to check in is admitted without being read again. */
export const GATE_KEEP_MS = 60_000;
/** Sessions waiting to be read at once; beyond this a request goes to the ordinary route. */
const MAX_PENDING = 2_000;
/** Sessions kept; the oldest are forgotten first (they are read again when next seen). */
const MAX_KNOWN = 200_000;

export class CheckInGate {
  private readonly known = new Map<string, { orgId: number; until: number }>();
  private pending = new Map<string, ((orgId: number | null) => void)[]>();
  private scheduled = false;

  constructor(private readonly deps: Pick<Deps, 'db' | 'now' | 'log'>) {}

  /** The union of the session with this token hash if it may check in now, else null. */
  admit(tokenHash: string): Promise<number | null> {
    const now = this.deps.now().getTime();
    const k = this.known.get(tokenHash);
    if (k && k.until > now) return Promise.resolve(k.orgId);
    if (k) this.known.delete(tokenHash);
    const waiting = this.pending.get(tokenHash);
    if (!waiting && this.pending.size >= MAX_PENDING) return Promise.resolve(null);
    return new Promise((resolve) => {
      if (waiting) waiting.push(resolve);
      else this.pending.set(tokenHash, [resolve]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.read());
      }
    });
  }

  private async read(): Promise<void> {
    const asked = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    const now = this.deps.now();
    let senders: Awaited<ReturnType<typeof checkInSenders>>;
    try {
      senders = await checkInSenders(this.deps.db, [...asked.keys()], now, { extend: false });
    } catch (e) {
      this.deps.log(`check-in gate: ${e instanceof Error ? e.message : String(e)}`);
      senders = new Map();
    }
    for (const [hash, resolves] of asked) {
      const s = senders.get(hash);
      if (s) {
        if (this.known.size >= MAX_KNOWN) this.known.delete(this.known.keys().next().value!);
        this.known.set(hash, { orgId: s.organizationId, until: now.getTime() + GATE_KEEP_MS });
      }
      for (const r of resolves) r(s ? s.organizationId : null);
    }
  }
}

const gates = new WeakMap<Deps, CheckInGate>();

/** The one gate of this server (per Deps, as the coalescer). */
export function checkInGateOf(deps: Deps): CheckInGate {
  let g = gates.get(deps);
  if (!g) gates.set(deps, (g = new CheckInGate(deps)));
  return g;
}
