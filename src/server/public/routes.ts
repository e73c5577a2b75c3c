/**
 * The public record, readable without signing in: every published proposal version with its
 * cost per year, the reserve projection and its terms in plain words (English and Spanish),
 * grouped by bargaining table with each side's latest proposal and the history (one answer
 * carries what the public page shows); one version in detail (cost lines per year); and
 * several side by side with what changed between them. No person's name or email is in any
 * of these answers. Answers carry an ETag (304 when unchanged) and are sent gzipped to a
 * client that accepts it (compressed once per answer, kept with it).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { notFound } from '../errors.ts';
import { passNumbers } from '../proposals/store.ts';
import { costLinesOf, summariesOf } from '../proposals/summaries.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import { compareAnswer, overSpan } from './compare.ts';
import { datasetsOf, entryOf, published, publicRecordOf, type Cached } from './record.ts';
import { CompareQuery, Comparison, PublicDetail, PublicList } from './schemas.ts';
import { tablesOf } from './tables.ts';
import { made, outgoing } from './ready.ts';
import { publicSitesRoutes } from './sites.ts';

const notModified = { 304: { description: 'Not modified since the ETag sent in If-None-Match' } };

const list = createRoute({
  method: 'get', path: '/api/public/proposals', tags: ['public'], summary: 'Every published proposal: cost per year, reserve per year, certification, terms in plain words; each bargaining table\'s rounds and history (no sign-in)',
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
  responses: { 200: ok(Comparison, 'The versions in the order asked'), ...notModified, ...errors(400, 404, 429, 503) },
});

export { made };

export function send(c: Context<AppEnv>, a: Cached, maxAge: number) {
  const o = outgoing(a, { acceptEncoding: c.req.header('accept-encoding'), ifNoneMatch: c.req.header('if-none-match') }, maxAge);
  if (o.body === null) return c.body(null, 304, o.headers) as never;
  return c.body(o.body as string | Uint8Array<ArrayBuffer>, 200, o.headers) as never;
}

export function publicRoutes(app: OpenAPIHono<AppEnv>): void {
  const record = (c: Context<AppEnv>) => publicRecordOf(c.get('deps'));

  publicSitesRoutes(app);

  app.openapi(list, async (c) => {
    const db = c.get('deps').db;
    const token = await record(c).state();
    const answer = await record(c).get(token, 'list', async () => {
      const rows = await published(db).orderBy('pub.published_at', 'desc').orderBy('pv.id', 'desc').execute();
      const [summaries, numbers, datasets] = await Promise.all([summariesOf(db, rows), passNumbers(db), datasetsOf(db, rows)]);
      // The list carries each term in plain words only (the detail adds its title and brief text).
      const proposals = rows.map((r) => {
        const e = entryOf(r, summaries.get(r.id)!, numbers.get(r.id) ?? 1);
        return { ...e, terms: e.terms.map(({ id, kind, unit, en, es }) => ({ id, kind, unit, en, es })) };
      });
      const tables = tablesOf(rows.map((r, i) => ({
        id: r.id, party: proposals[i].party, unit: proposals[i].unit, date: proposals[i].date, term: proposals[i].term, at: r.published_at,
        owner: { id: r.org_id, name: r.org_name, kind: r.org_kind, unit: r.org_unit }, to: { id: r.to_id, name: r.to_name, kind: r.to_kind, unit: r.to_unit },
      })));
      // Each round's versions side by side over common years (each side's figures over the round's span).
      const view = (ids: number[]) => record(c).views.of(ids.map((id) => {
        const r = rows.find((x) => x.id === id)!;
        return { id, dataset_version_id: r.dataset_version_id, yaml: r.yaml, summary: summaries.get(id)! };
      }), { changes: false });
      const withFigures = [];
      for (const table of tables) {
        const rounds = [];
        for (const round of table.rounds) {
          const ids = [round.union, round.district, round.agreement].filter((id): id is number => id !== null);
          const v = await view(ids);
          rounds.push({ ...round, span: v.span, sides: ids.map((id) => ({ id, ...overSpan(v.figures.get(id)!) })) });
        }
        withFigures.push({ ...table, rounds });
      }
      return made({ proposals, tables: withFigures, datasets });
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
      return made({ ...entryOf(row, s, number), lines: await costLinesOf(db, row), datasets: await datasetsOf(db, [row]) });
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
