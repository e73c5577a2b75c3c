/**
 * Check-ins made on this device, kept until the server has them. Each action gets an id made
 * here (`actionId`) and the time on the device, and is kept in localStorage, so a reload
 * or a lost signal loses nothing; it is sent when the network is back (the `online` event) and
 * retried with a growing wait (1 s, 2 s, 4 s … at most 30 s). The server stores an action once
 * per id, so sending one twice is harmless. Its answer per action is kept: recorded, or refused
 * with the reason, for the page to say. The pages call `flush` when they open (after the
 * session is known), so what a reload kept goes out.
 */
import { useSyncExternalStore } from 'react';
import { api, ApiError } from '../../api.ts';
import { actionId } from './action-id.ts';

/** `by`: the account (person id) that made it; only that account's session sends it. */
export interface Queued { id: string; shiftId: number; action: 'in' | 'out' | 'undo'; at: string; memberRowId?: number; code?: string; who: string; by?: number }
export interface Answered extends Queued { outcome: 'recorded' | 'duplicate' | 'refused'; reason?: string; sentAt: string }
/** Why the server refused the last send as a whole (signed out, not on the roster): its HTTP status and message, for the page to say in its language. */
export interface SendError { status: number; message: string }
interface State { waiting: Queued[]; answered: Answered[]; sending: boolean; lastError: SendError | null; owner: number | null }

const KEY = 'settle.pickets.queue';
const read = (): Queued[] => {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? (v as Queued[]) : [];
  } catch {
    return [];
  }
};
let state: State = { waiting: read(), answered: [], sending: false, lastError: null, owner: null };
const listeners = new Set<() => void>();
const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  localStorage.setItem(KEY, JSON.stringify(state.waiting));
  listeners.forEach((l) => l());
};

export function useQueue(): State {
  return useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), () => state);
}

/** Called after each answer from the server, so a page can read its list again. */
const sentListeners = new Set<() => void>();
export function onSent(l: () => void): () => void {
  sentListeners.add(l);
  return () => sentListeners.delete(l);
}

/**
 * A phone can be handed over: one account signs out and another signs in. Each action carries the
 * account that made it, and is sent only while that account is signed in here (a captain's
 * check-in of a member sent under a member's session would be refused and dropped, and a
 * captain's own code check-in would check the member in); the others wait here, said on the page.
 * The pages that queue name the signed-in account (`useQueueOwner`); actions queued before
 * accounts were kept belong to whoever is signed in.
 */
export const mine = (q: Queued, owner: number | null) => owner !== null && (q.by === undefined || q.by === owner);

export function setQueueOwner(personId: number): void {
  if (state.owner === personId) return;
  set({ owner: personId, lastError: null });
  void flush();
}

export function enqueue(a: Omit<Queued, 'id' | 'at' | 'by'> & { at?: string }): Queued {
  const q: Queued = { ...a, id: actionId(), at: a.at ?? new Date().toISOString(), ...(state.owner !== null ? { by: state.owner } : {}) };
  set({ waiting: [...state.waiting, q] });
  void flush();
  return q;
}

let wait = 1000;
let timer: ReturnType<typeof setTimeout> | null = null;
/**
 * After the server refused a request as malformed (400), actions go one at a time until the one
 * it refuses is found: that one is answered `refused` (`picket.invalid`) and the others are sent,
 * so one bad action (a code mistyped before the page checked it, a queue from an older page)
 * never holds back the check-ins behind it.
 */
let oneAtATime = false;

export async function flush(): Promise<void> {
  const sendable = state.waiting.filter((q) => mine(q, state.owner));
  if (state.sending || sendable.length === 0) return;
  if (timer) (clearTimeout(timer), (timer = null));
  const batch = sendable.slice(0, oneAtATime ? 1 : 200);
  set({ sending: true });
  try {
    const { results } = await api<{ results: { id: string; outcome: Answered['outcome']; reason?: string }[] }>('POST', '/api/pickets/check-ins', {
      actions: batch.map(({ id, shiftId, action, at, memberRowId, code }) => ({ id, shiftId, action, at, ...(memberRowId !== undefined ? { memberRowId } : { code }) })),
    });
    const byId = new Map(results.map((r) => [r.id, r]));
    const sentAt = new Date().toISOString();
    const answered = batch.flatMap((q) => { const r = byId.get(q.id); return r ? [{ ...q, outcome: r.outcome, reason: r.reason, sentAt }] : []; });
    wait = 1000;
    if (sendable.length <= batch.length) oneAtATime = false;
    set({ waiting: state.waiting.filter((q) => !byId.has(q.id)), answered: [...answered, ...state.answered].slice(0, 50), sending: false, lastError: null });
    sentListeners.forEach((l) => l());
    if (state.waiting.some((q) => mine(q, state.owner))) void flush();
  } catch (e) {
    if (e instanceof ApiError && e.status === 400) {
      // The server names the action it could not read (`actions[3].code`); without that, one at a time finds it.
      const named = /actions\[(\d+)\]/.exec(e.problem.where?.field ?? '');
      const bad = batch.length === 1 ? batch[0] : named ? batch[Number(named[1])] : undefined;
      if (!bad) {
        oneAtATime = true;
        set({ sending: false });
        void flush();
        return;
      }
      // This one action is what the server cannot read: answered as refused, and the rest go on.
      const reason = /\.code$/.test(e.problem.where?.field ?? '') ? 'picket.invalid-code' : 'picket.invalid';
      set({
        waiting: state.waiting.filter((q) => q.id !== bad.id),
        answered: [{ ...bad, outcome: 'refused' as const, reason, sentAt: new Date().toISOString() }, ...state.answered].slice(0, 50),
        sending: false, lastError: null,
      });
      oneAtATime = false;
      sentListeners.forEach((l) => l());
      void flush();
      return;
    }
    // A refusal of the whole request for its sender (signed out, not on the roster) will not get better by retrying: say it and keep the actions.
    set({ sending: false, lastError: e instanceof ApiError ? { status: e.status, message: e.problem.message } : null });
    if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 429) return;
    timer = setTimeout(() => void flush(), wait);
    wait = Math.min(wait * 2, 30_000);
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    wait = 1000;
    void flush();
  });
}
