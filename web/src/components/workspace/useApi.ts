/**
 * Reads one API answer for a page: loading, the answer, or the server's error (its message,
 * in the one error shape). A new path reads again; an answer for an old path is dropped.
 */
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../api.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; status: number; message: string; hint?: string; code?: string };

export function useApi<T>(path: string | null): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    if (path === null) return;
    const abort = new AbortController();
    setLoaded({ state: 'loading' });
    api<T>('GET', path, undefined, { signal: abort.signal }).then(
      (value) => setLoaded({ state: 'done', value }),
      (e: unknown) => {
        if (abort.signal.aborted) return;
        if (e instanceof ApiError) setLoaded({ state: 'failed', status: e.status, message: e.problem.message, hint: e.problem.hint, code: e.problem.code });
        else setLoaded({ state: 'failed', status: 0, message: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => abort.abort();
  }, [path]);
  return loaded;
}
