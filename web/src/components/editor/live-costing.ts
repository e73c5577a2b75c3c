/**
 * The live preview: each change of the proposal is costed by the server (POST /api/costings,
 * on its costing threads), without blocking the form.
 *
 * - A change made when no request went out in the last 120 ms is sent at once, so one edit
 *   shows its cost as fast as the server answers. A change that follows a request more closely
 *   waits 120 ms (a later change restarts the wait, unless 120 ms have passed since the last
 *   request): typing sends at most about one request per 120 ms, and the last change is always sent.
 * - Sending a request aborts the one before it (AbortController): only the newest counts.
 * - The time from the first edit not yet shown to the figures on screen is measured
 *   (`servedEditAt`; the cost panel writes the milliseconds into `data-edit-to-cost-ms`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, type ApiProblem } from '../../api.ts';
import { clean, type ProposalDraft } from '../../proposal-form.ts';
import type { CostResult } from './result-types.ts';

export const DEBOUNCE_MS = 120;

export interface LiveCost {
  /** The last result the server gave (for an earlier draft when `state` is not 'ok'). */
  result: CostResult | null;
  /** The request that result answers ({"proposal": …, "datasetVersionId": …} as sent). */
  resultFor: string | null;
  /** Problems of the newest costed draft. */
  problems: ApiProblem[];
  state: 'idle' | 'working' | 'ok' | 'problems' | 'error';
  error: string | null;
  /** Bumped on every answer shown. */
  seq: number;
  /** performance.now() of the oldest edit this answer is the first to show; null when it shows no new edit. */
  servedEditAt: number | null;
}

const INITIAL: LiveCost = { result: null, resultFor: null, problems: [], state: 'idle', error: null, seq: 0, servedEditAt: null };

export function useLiveCosting(): { live: LiveCost; schedule: (draft: ProposalDraft, opts?: { force?: boolean; datasetVersionId?: number }) => void; noteEdit: (at?: number) => void } {
  const [live, setLive] = useState<LiveCost>(INITIAL);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const controller = useRef<AbortController | null>(null);
  const lastSentAt = useRef(-Infinity);
  const lastBody = useRef<string | null>(null);
  const pendingBody = useRef<string | null>(null);
  const editAt = useRef<number | null>(null);
  const requestSeq = useRef(0);
  /** A request for `lastBody` is on its way. */
  const inFlight = useRef(false);
  /** What the answer for `lastBody` said, once it came. */
  const answered = useRef<LiveCost['state'] | null>(null);

  const send = useCallback(() => {
    timer.current = null;
    const body = pendingBody.current;
    if (body === null) return;
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    lastSentAt.current = performance.now();
    lastBody.current = body;
    inFlight.current = true;
    answered.current = null;
    const mine = ++requestSeq.current;
    setLive((l) => (l.state === 'working' ? l : { ...l, state: 'working' }));
    const done = (next: (l: LiveCost) => Partial<LiveCost>) => {
      if (c.signal.aborted || mine !== requestSeq.current) return;
      inFlight.current = false;
      const shown = next(INITIAL);
      answered.current = shown.state ?? null;
      // This answer shows the newest edit unless another came while it was on its way.
      const current = pendingBody.current === body && timer.current === null;
      const served = current ? editAt.current : null;
      if (current) editAt.current = null;
      setLive((l) => ({ ...l, ...shown, seq: l.seq + 1, servedEditAt: served, state: current ? (shown.state ?? l.state) : 'working' }));
    };
    fetchCosting(body, c.signal).then(
      (result) => done(() => ({ result, resultFor: body, problems: [], error: null, state: 'ok' })),
      (e: unknown) => {
        if (c.signal.aborted) return;
        if (e instanceof ApiError && e.status === 422) {
          const ps = e.problem.problems?.length ? e.problem.problems : [e.problem];
          done(() => ({ problems: ps, error: null, state: 'problems' }));
        } else {
          const message = e instanceof ApiError ? [e.problem.message, e.problem.hint].filter(Boolean).join(' — ') : String(e);
          done(() => ({ error: message, problems: [], state: 'error' }));
        }
      },
    );
  }, []);

  const schedule = useCallback((draft: ProposalDraft, { force = false, datasetVersionId }: { force?: boolean; datasetVersionId?: number } = {}) => {
    const body = JSON.stringify({ proposal: clean(draft), ...(datasetVersionId !== undefined ? { datasetVersionId } : {}) });
    pendingBody.current = body;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (!force && body === lastBody.current) {
      // Back to what was last sent: nothing new to cost. The answer on its way will be current;
      // if it came already, what it said is current again.
      if (!inFlight.current) {
        editAt.current = null;
        const state = answered.current;
        if (state) setLive((l) => (l.state === state ? l : { ...l, state }));
      }
      return;
    }
    const idle = performance.now() - lastSentAt.current >= DEBOUNCE_MS;
    if (idle) send();
    else timer.current = setTimeout(send, DEBOUNCE_MS);
  }, [send]);

  const noteEdit = useCallback((at?: number) => {
    if (editAt.current === null) editAt.current = at ?? performance.now();
  }, []);

  useEffect(() => () => {
    if (timer.current !== null) clearTimeout(timer.current);
    controller.current?.abort();
  }, []);

  return { live, schedule, noteEdit };
}

function fetchCosting(body: string, signal: AbortSignal): Promise<CostResult> {
  // The preview never shows the positions added school by school: leave them out of the answer.
  return api<CostResult>('POST', '/api/costings?positions=none', JSON.parse(body), { signal });
}
