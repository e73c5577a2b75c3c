/**
 * Pieces the vote pages share: reading an answer again on demand or every few seconds (live
 * turnout) while keeping the last one on screen, the line that says what just happened, and
 * the server's problems sorted by the field they are about.
 */
import { useEffect, useState } from 'react';
import { api, ApiError, type ApiProblem } from '../../api.ts';
import type { Loaded } from '../workspace/useApi.ts';

/** Reads `path` now, again when `reload` changes, and every `everyMs` if given; a failed re-read keeps the last answer. */
export function useReload<T>(path: string | null, reload: number, everyMs?: number): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!everyMs) return;
    const timer = setInterval(() => setTick((n) => n + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  useEffect(() => {
    if (path === null) return;
    const abort = new AbortController();
    api<T>('GET', path, undefined, { signal: abort.signal }).then(
      (value) => setLoaded({ state: 'done', value }),
      (e: unknown) => {
        if (abort.signal.aborted) return;
        setLoaded((before) => (before.state === 'done' ? before : { state: 'failed', status: e instanceof ApiError ? e.status : 0, message: e instanceof ApiError ? e.problem.message : String(e), hint: e instanceof ApiError ? e.problem.hint : undefined }));
      },
    );
    return () => abort.abort();
  }, [path, reload, tick]);
  return loaded;
}

export interface Said { ok: boolean; text: string; hint?: string }

/** What an action did, or why the server refused it: read out by screen readers. */
export function SaidLine({ said }: { said: Said | null }) {
  return (
    <div aria-live="polite" role={said && !said.ok ? 'alert' : 'status'} className="vt-said">
      {said && <p className={said.ok ? 'ok' : 'error'}>{said.text}</p>}
      {said?.hint && <p className="muted">{said.hint}</p>}
    </div>
  );
}

export function refusal(e: unknown): Said {
  if (e instanceof ApiError) return { ok: false, text: e.problem.message, hint: e.problem.hint };
  return { ok: false, text: e instanceof Error ? e.message : String(e) };
}

/** Every problem in an error answer, one per field (`questions.0.text`), plus the ones about no field. */
export function problemsByField(e: unknown): { byField: Map<string, ApiProblem>; general: ApiProblem[] } {
  const byField = new Map<string, ApiProblem>();
  const general: ApiProblem[] = [];
  if (!(e instanceof ApiError)) return { byField, general: [{ code: 'network', message: e instanceof Error ? e.message : String(e) }] };
  const all = e.problem.problems && e.problem.problems.length > 0 ? e.problem.problems : [e.problem];
  for (const p of all) {
    const field = p.where?.field;
    if (field && !byField.has(field)) byField.set(field, p);
    else general.push(p);
  }
  return { byField, general };
}

/** A field's problem under it, tied to the input by `aria-describedby` (id `${id}-problem`). */
export function FieldProblem({ id, problem }: { id: string; problem: ApiProblem | undefined }) {
  if (!problem) return null;
  return (
    <p className="error vt-field-problem" id={`${id}-problem`}>
      {problem.message}
      {problem.hint && <span className="muted vt-hint"> {problem.hint}</span>}
    </p>
  );
}

export { when } from './when.ts';
