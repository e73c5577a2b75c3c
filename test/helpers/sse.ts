/**
 * Reading a text/event-stream answer as it arrives: events (name and data) and comments (`:
 * ping`), in order, with a wait for the next one that matches. Works on any fetch Response (the
 * in-process app's or a spawned server's).
 */
export interface SseEvent {
  event: string;
  data: string;
  /** When it was read (performance.now()). */
  at: number;
}

export interface SseReader {
  events: SseEvent[];
  comments: string[];
  /** Resolves when the stream ends (the server closed it). */
  ended: Promise<void>;
  /** The first event at or after index `from` that `match` accepts, waiting up to `timeoutMs`. */
  next(match: (e: SseEvent) => boolean, o?: { from?: number; timeoutMs?: number }): Promise<SseEvent>;
  close(): Promise<void>;
}

export function readSse(res: Response): SseReader {
  if (!res.body) throw new Error('the answer has no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let done = false;
  const wake = () => { for (const w of [...waiters]) w(); };
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ event, data: data.join('\n'), at: performance.now() });
        }
        wake();
      }
    } catch {
      // cancelled by close()
    } finally {
      done = true;
      wake();
    }
  })();
  return {
    events, comments, ended,
    next(match, o = {}) {
      const from = o.from ?? 0;
      const timeoutMs = o.timeoutMs ?? 5000;
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.slice(from).find(match);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          } else if (done) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`the stream ended before a matching event (${events.length} events read)`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms (${events.length} events read)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      await reader.cancel().catch(() => undefined);
      await ended;
    },
  };
}
