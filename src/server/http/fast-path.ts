/**
 * What the fast paths share (the check-ins', src/server/pickets/checkin-fast.ts, and the public
 * answers', src/server/public/fast.ts): answering some requests straight from Node's request,
 * before the web framework, with the headers the ordinary stack would put on them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Listener = (req: IncomingMessage, res: ServerResponse) => void;
export interface Fetcher {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/** The session token in a Cookie header, or null. */
export function sessionToken(cookie: string | undefined, name: string): string | null {
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let v = part.slice(eq + 1).trim();
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1);
    return v;
  }
  return null;
}

/**
 * The headers the ordinary stack puts on a route's answers (security headers, CSP, caching
 * rules, the plain-HTTP notice), read from one answer of its own to `request`, without `own`:
 * the headers that belong to that one answer.
 */
export async function commonHeaders(app: Fetcher, request: Request, own: ReadonlySet<string>): Promise<Record<string, string>> {
  const r = await app.fetch(request);
  const out: Record<string, string> = {};
  r.headers.forEach((v, k) => {
    if (!own.has(k)) out[k] = v;
  });
  return out;
}
