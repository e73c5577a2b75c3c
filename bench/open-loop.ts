/**
 * An open-loop load generator: requests sent at a fixed rate, whatever the server's speed, over
 * `connections` kept-alive connections, each request's latency counted from the moment it was
 * due (not from when it could be sent), so a server that falls behind shows it in the figures.
 *
 * Why beside autocannon (bench/load.ts): autocannon and wrk are closed loops. Each connection
 * sends its next request only when the last answer is back, so at 500 connections the server is
 * always saturated and every latency is about 500 / (answers a second): a figure of the queue the
 * generator itself builds, the same for any server that answers as fast. Phones on a strike
 * morning do not wait for each other's answers: each asks when its person opens the page. This
 * asks the question that way: at a given rate from 500 open connections, how long does an answer
 * take? (wrk2's method; wrk2 itself is not packaged for this machine.) autocannon's own rate
 * option is not that: every connection sends its share of each second at once, then waits.
 *
 * A warm-up (`warmUpSeconds`) runs on the same connections, so the counted run starts with 500
 * phones already connected: 500 connections opened at the start of a counted run made its first
 * answers wait up to 0.8 s behind their opening, a figure of the start and not of the load.
 *
 * Each request goes on a connection with nothing in flight, the next one free in turn; when
 * none is free it waits, and its waiting counts in its latency. Answers are read by a small parser
 * that needs a Content-Length or no body (304), which every answer measured here has; anything
 * else (a chunked answer, a closed connection) counts as an error and its connection is opened
 * again.
 *
 * `openLoopApart` runs it in a process of its own: a benchmark's process holds the world it set up
 * (a test server, its database, a watcher), and its garbage collector's pauses there (up to 40 ms
 * measured, while the server's own loop was free) were counted as the server's latency.
 */
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export interface OpenLoopRun {
  url: string;
  connections: number;
  /** Requests a second. */
  rate: number;
  seconds: number;
  /** Seconds of the same load first, on the same connections, not counted (default 0). */
  warmUpSeconds?: number;
  headers?: Record<string, string>;
}

export interface OpenLoopResult {
  /** Answers a second actually received (the mean over the run). */
  rps: number;
  sent: number;
  answered: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Answers by status (200, 304, …). */
  statuses: Record<string, number>;
}

interface Conn { socket: Socket; busy: boolean; due: number; buf: Buffer; need: number; status: number; dead: boolean }

const pct = (xs: Float64Array, p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] : NaN);

export async function openLoop(run: OpenLoopRun): Promise<OpenLoopResult> {
  const u = new URL(run.url);
  const head = Object.entries({ host: u.host, connection: 'keep-alive', ...run.headers }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  const request = Buffer.from(`GET ${u.pathname}${u.search} HTTP/1.1\r\n${head}\r\n`);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let sent = 0;
  // When each request was due, in order; those before `taken` were sent.
  const waiting: number[] = [];
  let taken = 0;
  const conns: Conn[] = [];

  const open = (c: Conn) => {
    c.socket = connect({ host: u.hostname, port: Number(u.port), noDelay: true });
    c.dead = false;
    c.socket.on('data', (d: Buffer) => onData(c, d));
    c.socket.once('connect', () => free.push(c));
    const fail = () => {
      if (c.dead) return;
      c.dead = true;
      if (c.busy) {
        errors++;
        c.busy = false;
      }
      if (running) setTimeout(() => open(c), 10);
    };
    c.socket.on('error', fail);
    c.socket.on('close', fail);
  };

  const onData = (c: Conn, d: Buffer) => {
    c.buf = c.buf.length ? Buffer.concat([c.buf, d]) : d;
    for (;;) {
      if (c.need < 0) {
        const end = c.buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const text = c.buf.subarray(0, end).toString('latin1');
        c.status = Number(text.slice(9, 12));
        if (/\r\ntransfer-encoding:/i.test(text)) {
          c.socket.destroy();
          return;
        }
        const len = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        c.need = end + 4 + (len ? Number(len[1]) : 0);
      }
      if (c.buf.length < c.need) return;
      c.buf = c.buf.subarray(c.need);
      c.need = -1;
      latencies.push(performance.now() - c.due);
      statuses[c.status] = (statuses[c.status] ?? 0) + 1;
      if (c.status >= 400) errors++;
      c.busy = false;
      free.push(c);
      dispatch();
      if (c.buf.length === 0) return;
    }
  };

  // Connections with nothing in flight, in the order they became free.
  const free: Conn[] = [];
  const dispatch = () => {
    while (taken < waiting.length) {
      let c = free.shift();
      while (c && (c.dead || c.busy)) c = free.shift();
      if (!c) return;
      c.busy = true;
      c.due = waiting[taken++];
      c.need = -1;
      c.socket.write(request);
    }
  };

  for (let i = 0; i < run.connections; i++) {
    const c = { busy: false, due: 0, buf: Buffer.alloc(0), need: -1, status: 0, dead: true } as Conn;
    conns.push(c);
  }
  let running = true;
  for (const c of conns) open(c);
  await Promise.all(conns.map((c) => new Promise<void>((resolve) => (c.socket.connecting ? c.socket.once('connect', () => resolve()) : resolve()))));

  const interval = 1000 / run.rate;
  const warm = run.warmUpSeconds ?? 0;
  const pace = (seconds: number) => {
    const start = performance.now();
    const first = sent;
    return new Promise<void>((resolve) => {
      const tick = () => {
        const elapsed = performance.now() - start;
        const due = first + Math.min(Math.floor(elapsed / interval), Math.floor(seconds * run.rate));
        while (sent < due) waiting.push(start + (sent++ - first + 1) * interval);
        dispatch();
        if (elapsed >= seconds * 1000) return resolve();
        setTimeout(tick, 1);
      };
      tick();
    });
  };
  /** Waits until what was asked is answered, or 5 s. */
  const drained = async () => {
    const until = performance.now() + 5000;
    while ((taken < waiting.length || conns.some((c) => c.busy && !c.dead)) && performance.now() < until) await new Promise((r) => setTimeout(r, 10));
  };
  if (warm > 0) {
    await pace(warm);
    // What the warm-up asked is answered (or given up on) before the counted run starts.
    await drained();
    latencies.length = 0;
    for (const k of Object.keys(statuses)) delete statuses[k];
    errors = 0;
    sent = 0;
    waiting.length = 0;
    taken = 0;
  }
  await pace(run.seconds);
  await drained();
  running = false;
  const unanswered = waiting.length - taken + conns.filter((c) => c.busy).length;
  for (const c of conns) c.socket.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: latencies.length / run.seconds,
    sent, answered: latencies.length, p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted.length ? sorted[sorted.length - 1] : NaN,
    errors: errors + unanswered, statuses,
  };
}

/** The same run in a Node process of its own (this file run as a script), its result read from its output. */
export function openLoopApart(run: OpenLoopRun): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(run)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => void (out += t));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as OpenLoopResult) : reject(new Error(`the open-loop generator exited with code ${code}`))));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(await openLoop(JSON.parse(process.argv[2]) as OpenLoopRun)));
  process.exit(0);
}
