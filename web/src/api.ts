/**
 * Talking to the server: JSON in and out, the session cookie sent by the browser, the CSRF
 * token added to every change, and errors in the server's one shape.
 */
export interface ApiProblem {
  code: string;
  message: string;
  where?: { file?: string; line?: number; col?: number; field?: string };
  hint?: string;
  problems?: ApiProblem[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly problem: ApiProblem;
  constructor(status: number, problem: ApiProblem) {
    super(problem.message);
    this.status = status;
    this.problem = problem;
  }
}

let csrf = '';
export function setCsrf(token: string): void {
  csrf = token;
}

/** `headers` adds to the usual ones, such as a voter's or a kiosk's `Authorization` (votes). */
export async function api<T>(method: string, path: string, body?: unknown, init: { signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin', signal: init.signal });
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) throw new ApiError(res.status, (json as ApiProblem) ?? { code: `http.${res.status}`, message: res.statusText });
  return json as T;
}

/** Sends a file as multipart/form-data (the roster upload), with the CSRF token; answers and errors as `api`. */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (csrf) headers['x-csrf-token'] = csrf;
  // No content-type: the browser writes multipart/form-data with its boundary.
  const res = await fetch(path, { method: 'POST', headers, body: form, credentials: 'same-origin' });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null; // a proxy's 413 page, say: the status speaks
  }
  if (!res.ok) throw new ApiError(res.status, (json as ApiProblem) ?? { code: `http.${res.status}`, message: res.statusText });
  return json as T;
}
