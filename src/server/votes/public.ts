/**
 * The union's certified, published vote results on the public record (no sign-in), when the
 * vote was set up with publicResults: title, when it closed, and the figures as published
 * ("98.0% yes, passed; 81.0% turnout"). Nothing else of a vote is ever public: no roll, no worksite.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { ok } from '../schemas.ts';
import { percentText, thresholdPercentDigits, verdictPercentDigits } from '../../votes/share.ts';
import type { Results } from '../../votes/tally.ts';
import { PublicVotesSchema } from './schemas.ts';

const list = createRoute({
  method: 'get', path: '/api/public/votes', tags: ['public'], summary: 'Certified vote results each union chose to publish: title, close, share and turnout (no sign-in)',
  responses: { 200: ok(PublicVotesSchema, 'Latest close first') },
});

/**
 * The line the public page prints, from the first question, with its verdict: "98.0% yes, passed;
 * 81.0% turnout", or "66.66% yes, did not pass (needs more than 66.67%); 0.1% turnout". The share
 * is at the threshold's precision, rounded toward the verdict, so the two never disagree.
 */
export function summaryOf(r: Results): string {
  const q = r.questions[0];
  let verdict = '';
  if (q) {
    const share = verdictPercentDigits(q.counts[q.passOption] ?? 0, q.answered, q.threshold, q.passed).text;
    verdict = `${share}% ${q.passOption}, ${q.passed ? 'passed' : `did not pass (needs more than ${thresholdPercentDigits(q.threshold).text}%)`}; `;
  }
  return `${verdict}${percentText(r.turnout)} turnout`;
}

export function publicVoteRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(list, async (c) => {
    const db = c.get('deps').db;
    const rows = await db.selectFrom('votes as v').innerJoin('organizations as o', 'o.id', 'v.organization_id')
      .select(['o.name as union', 'v.title', 'v.kind', 'v.closes_at', 'v.results'])
      .where('v.state', '=', 'certified').where('v.published_at', 'is not', null).where('v.public_results', '=', 1).where('o.kind', '=', 'union')
      .orderBy('v.closes_at', 'desc').orderBy('v.title').limit(200).execute();
    const votes = rows.filter((r) => r.results !== null).map((r) => {
      const results = JSON.parse(r.results!) as Results;
      return {
        union: r.union, title: r.title, kind: r.kind, closedAt: r.closes_at, summary: summaryOf(results), turnout: results.turnout,
        questions: results.questions.map((q) => ({ text: q.text, passOption: q.passOption, share: q.share, passed: q.passed })),
      };
    });
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ votes }, 200);
  });
}
