/** `useApi` that reads again when `again` changes (after a change on the page). */
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../api.ts';
import type { Loaded } from '../workspace/useApi.ts';

export function useFetch<T>(path: string | null, again: number): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    if (path === null) return;
    const abort = new AbortController();
    api<T>('GET', path, undefined, { signal: abort.signal }).then(
      (value) => setLoaded({ state: 'done', value }),
      (e: unknown) => {
        if (abort.signal.aborted) return;
        setLoaded(e instanceof ApiError ? { state: 'failed', status: e.status, message: e.problem.message, hint: e.problem.hint, code: e.problem.code } : { state: 'failed', status: 0, message: String(e) });
      },
    );
    return () => abort.abort();
  }, [path, again]);
  return loaded;
}
