/**
 * A public answer kept ready (docs/sites.md, "Surge"): its JSON text, its strong ETag and, made
 * once the first time a client accepts gzip, the text gzipped; and how it goes out to one request
 * (200 plain or gzipped, or 304 when If-None-Match names it). One function decides this for the
 * ordinary route (`send` in routes.ts) and for the fast path (fast.ts), so both send the same
 * status, headers and bytes.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Cached } from './record.ts';

/** The answer's text and its strong ETag (the text's SHA-256). */
export const made = (value: unknown) => {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
};

/** Answers smaller than this go as they are. */
const GZIP_FROM = 1024;

export const acceptsGzip = (header: string | undefined) => !!header && header.split(',').some((e) => {
  const [name, ...params] = e.trim().toLowerCase().split(';');
  return (name.trim() === 'gzip' || name.trim() === '*') && !params.some((x) => /^\s*q=0(\.0*)?\s*$/.test(x));
});

export interface Outgoing {
  status: 200 | 304;
  /** The answer's own headers (the server's common ones are added by whoever sends it). */
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

/** How `a` goes out to a request with these headers, cacheable for `maxAge` seconds. */
export function outgoing(a: Cached, req: { acceptEncoding?: string; ifNoneMatch?: string }, maxAge: number): Outgoing {
  const gzip = a.body.length >= GZIP_FROM && acceptsGzip(req.acceptEncoding);
  // Each encoding has its own (strong) tag; either one sent back matches the answer.
  const gzTag = `${a.etag.slice(0, -1)}-gz"`;
  const headers: Record<string, string> = { etag: gzip ? gzTag : a.etag, 'cache-control': `public, max-age=${maxAge}`, vary: 'Accept-Encoding' };
  const sent = req.ifNoneMatch;
  if (sent && sent.split(',').some((t) => [a.etag, gzTag].includes(t.trim().replace(/^W\//, '')))) return { status: 304, headers, body: null };
  if (!gzip) return { status: 200, headers: { ...headers, 'content-type': 'application/json' }, body: a.body };
  a.gz ??= gzipSync(a.body);
  return { status: 200, headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: a.gz };
}
