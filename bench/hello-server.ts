/**
 * A hello-world Hono server on @hono/node-server (the stack `settle serve` runs on), the yardstick
 * the HTTP benchmarks print beside their figures: what this machine answers when a request does
 * nothing. Prints its URL on stdout once it listens (port 0: a free port), as `settle serve` does.
 *
 * With SETTLE_HELLO_GZIP=<file> it answers every request with that file's bytes as a gzipped JSON
 * answer instead: what this machine (and the load generator beside it) can move when the answer is
 * that large and the server does nothing to make it.
 *
 *   node --import tsx bench/hello-server.ts
 */
import { readFileSync } from 'node:fs';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
const file = process.env.SETTLE_HELLO_GZIP;
const bytes = file ? readFileSync(file) : null;
app.get('/', (c) => (bytes ? c.body(bytes, 200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }) : c.json({ hello: 'world' })));
// The same listen backlog as `settle serve` (src/server/serve.ts, LISTEN_BACKLOG): 500 connections opened at once overflowed Node's default of 511.
const server = createAdaptorServer({ fetch: app.fetch });
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  const a = server.address();
  console.log(`http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`);
});
