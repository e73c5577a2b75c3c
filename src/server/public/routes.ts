/**
 * The public record, readable without signing in: every published proposal version with its
 * cost per year and the reserve projection, one version in detail (terms in plain words, cost
 * lines per year), and several side by side with what changed between them. No person's name
 * or email is in any of these answers. Answers carry an ETag (304 when unchanged).
 */
import { createHash } from 'node:crypto';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { rawJson } from '../proposals/answer.ts';
import { passNumbers } from '../proposals/store.ts';
import { costLinesOf, summariesOf } from '../proposals/summaries.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { compareAnswer } from './compare.ts';
import { entryOf, published, PublicCache, type Cached } from './record.ts';
import { CompareQuery, Comparison, PublicDetail, PublicList } from './schemas.ts';

const notModified = { 304: { description: 'Not modified since the ETag sent in If-None-Match' } };

const list = createRoute({
  method: 'get', path: '/api/public/proposals', tags: ['public'], summary: 'Every published proposal: cost per year, reserve per year, certification (no sign-in)',
  responses: { 200: ok(PublicList, 'Newest publication first'), ...notModified },
});

const detail = createRoute({
  method: 'get', path: '/api/public/proposals/{id}', tags: ['public'], summary: 'One published version: its terms in plain words and its cost lines per year (no sign-in)',
  request: { params: IdParams },
  responses: { 200: ok(PublicDetail, 'The published version'), ...notModified, ...errors(400, 404) },
});

const compare = createRoute({
  method: 'get', path: '/api/public/compare', tags: ['public'], summary: 'Published versions side by side, and what changed between them (no sign-in)',
  request: { query: CompareQuery },
  responses: { 200: ok(Comparison, 'The versions in the order asked'), ...notModified, ...errors(400, 404) },
});

const made = (value: unknown) => {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
};

function send(c: Context<AppEnv>, a: Cached, maxAge: number) {
  const headers = { ETag: a.etag, 'Cache-Control': `public, max-age=${maxAge}` };
  const sent = c.req.header('if-none-match');
  if (sent && sent.split(',').some((t) => t.trim().replace(/^W\//, '') === a.etag)) return c.body(null, 304, headers) as never;
  return rawJson(c, a.body, 200, headers);
}

export function publicRoutes(app: OpenAPIHono<AppEnv>): void {
  let cache: PublicCache | null = null;
  const record = (c: Context<AppEnv>) => (cache ??= new PublicCache(c.get('deps').db));

  app.openapi(list, async (c) => {
    const db = c.get('deps').db;
    const token = await record(c).state();
    const answer = await record(c).get(token, 'list', async () => {
      const rows = await published(db).orderBy('pub.id', 'desc').execute();
      const [summaries, numbers] = await Promise.all([summariesOf(db, rows), passNumbers(db)]);
      return made({ proposals: rows.map((r) => entryOf(r, summaries.get(r.id)!, numbers.get(r.id) ?? 1)) });
    });
    return send(c, answer, 10);
  });

  app.openapi(detail, async (c) => {
    const db = c.get('deps').db;
    const { id } = c.req.valid('param');
    const token = await record(c).state();
    const answer = await record(c).get(token, `v${id}`, async () => {
      const row = await published(db).select('pv.cost_lines').where('pv.id', '=', id).executeTakeFirst();
      if (!row) throw notFound('published proposal version', id);
      const s = (await summariesOf(db, [row])).get(id)!;
      const number = (await passNumbers(db, [row.proposal_id])).get(id) ?? 1;
      return made({ ...entryOf(row, s, number), terms: s.terms, lines: await costLinesOf(db, row) });
    });
    return send(c, answer, 300);
  });

  app.openapi(compare, async (c) => {
    const deps = c.get('deps');
    const { versions } = c.req.valid('query');
    const token = await record(c).state();
    const answer = await record(c).get(token, `c${versions.join(',')}`, async () => made(await compareAnswer(deps, record(c), versions)));
    return send(c, answer, 300);
  });
}
