/**
 * `settle serve` as a real child process (`node bin/settle.js serve …`), for tests and
 * benchmarks that need the server in its own process: killing it with SIGKILL, or measuring
 * throughput without the load generator sharing its event loop.
 *
 * The server prints its URL on stdout once it listens (port 0 picks a free port) and logs on
 * stderr; both are kept for error messages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const SETTLE_BIN = fileURLToPath(new URL('../../bin/settle.js', import.meta.url));

export interface SpawnOptions {
  /** SQLite file; or `databaseUrl` for PostgreSQL. */
  db?: string;
  databaseUrl?: string;
  threads?: number;
  /** How long to wait for the URL (default 30 s). */
  timeoutMs?: number;
  /** Extra arguments after `serve`. */
  args?: string[];
  /** Arguments for node itself, before the script (a benchmark's `--cpu-prof`). */
  nodeArgs?: string[];
}

export interface SpawnedServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the server wrote on stderr so far. */
  log(): string;
  /** Resolves with the exit code or signal once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (the server finishes the requests in flight), then wait for the exit. */
  stop(): Promise<void>;
}

/** Servers still running when this process exits (a test that timed out) are killed with it. */
const running = new Set<ChildProcess>();
let hooked = false;
function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
}

export async function spawnServer(o: SpawnOptions): Promise<SpawnedServer> {
  const args = [SETTLE_BIN, 'serve', '--port', '0', '--threads', String(o.threads ?? 1)];
  if (o.databaseUrl) args.push('--database-url', o.databaseUrl);
  else if (o.db) args.push('--db', o.db);
  else throw new Error('spawnServer needs db or databaseUrl');
  args.push(...(o.args ?? []));
  // PostgreSQL keeps no ballot key beside a file: give each database one of its own, the same at every restart.
  const env = o.databaseUrl && !process.env.SETTLE_BALLOT_KEY ? { ...process.env, SETTLE_BALLOT_KEY: createHash('sha256').update(`test ballot key ${o.databaseUrl}`).digest('hex') } : process.env;
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  track(child);
  let out = '';
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (t: string) => void (err += t));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`settle serve printed no URL within ${o.timeoutMs ?? 30_000} ms; stderr:\n${err}`));
    }, o.timeoutMs ?? 30_000);
    child.stdout?.setEncoding('utf8').on('data', (t: string) => {
      out += t;
      const m = /^(https?:\/\/\S+)\s*$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`settle serve exited (code ${code}, signal ${signal}) before printing its URL; stderr:\n${err}`));
    });
  });
  const pid = child.pid as number;
  return {
    url,
    pid,
    child,
    log: () => err,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A tiny HTTP client with one session cookie and its CSRF token, on global fetch. */
export interface HttpAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  /** Bytes of the body as received. */
  bytes: number;
}

export class Http {
  cookie: string | null = null;
  csrf = '';
  constructor(public base: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (this.csrf && method !== 'GET') h['x-csrf-token'] ??= this.csrf;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.base + path, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers, bytes: Buffer.byteLength(text) };
  }

  /** Signs in; keeps the cookie and CSRF token. Returns the session token (the cookie's value). */
  async signIn(email: string, password: string): Promise<HttpAnswer & { token: string }> {
    const res = await this.request('POST', '/api/session', { email, password });
    if (res.status !== 200) return { ...res, token: '' };
    const set = res.headers.get('set-cookie') ?? '';
    this.cookie = set.split(';')[0];
    this.csrf = (res.body as { csrfToken: string }).csrfToken;
    return { ...res, token: this.cookie.slice(this.cookie.indexOf('=') + 1) };
  }
}
