/**
 * A hello-world Hono server on @hono/node-server (the stack `settle serve` runs on), the yardstick
 * the HTTP benchmarks print beside their figures: what this machine answers when a request does
 * nothing. Prints its URL on stdout once it listens (port 0: a free port), as `settle serve` does.
 *
 *   node --import tsx bench/hello-server.ts
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.json({ hello: 'world' }));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(`http://127.0.0.1:${info.port}`));
