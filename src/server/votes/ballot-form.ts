/**
 * GET /api/votes/{id}/ballot: the blank ballot, what a voter reads to mark one: the vote's
 * title, kind, window, whether it is open now, and its questions; nothing of the roll or the
 * turnout. With `Authorization: Voter <token>` (the code flow, no account) for that token's
 * vote, or signed in to the vote's union. A district caller, another union's vote and a vote
 * that does not exist are the same 404; a wrong or expired voter token is 401. Reading it
 * changes nothing, so nothing is audited.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Actor, AppEnv } from '../env.ts';
import { notFound, unauthenticated } from '../errors.ts';
import { errors, IdParams, ok } from '../schemas.ts';
import type { Question } from '../../votes/types.ts';
import { bearerOf, orgOfCaller, voterOfToken } from './channels/who.ts';

const OptionSchema = z.object({ key: z.string(), label: z.string() });
const QuestionSchema = z.object({ key: z.string(), text: z.string(), options: z.array(OptionSchema), pass: z.object({ option: z.string(), share: z.string() }) });
export const BlankBallotSchema = z.object({
  vote: z.object({
    id: z.number().int(), title: z.string(), kind: z.string(), state: z.enum(['draft', 'frozen', 'counted', 'certified']),
    open: z.boolean().openapi({ description: 'frozen and between opensAt and closesAt now: the ballot can be cast' }),
    questions: z.array(QuestionSchema), opensAt: z.string(), closesAt: z.string(), publishedAt: z.string().nullable(),
  }),
}).openapi('BlankBallot');

const blank = createRoute({
  method: 'get', path: '/api/votes/{id}/ballot', tags: ['votes'],
  summary: 'The blank ballot: title, window and questions (Authorization: Voter <token> from the code flow, or a session of the vote\'s union)',
  request: { params: IdParams },
  responses: { 200: ok(BlankBallotSchema, 'The blank ballot'), ...errors(400, 401, 404) },
});

/**
 * The vote a voter token was given for (`Authorization: Voter <token>`, the code flow), or 401
 * when the token is wrong or expired; a district session beside it still gets 404.
 */
export async function voterVote(db: Kysely<Database>, actor: Actor | null, id: number, token: string, now: Date): Promise<{ id: number; organizationId: number }> {
  orgOfCaller(actor, id);
  const held = await voterOfToken(db, token, id, now);
  return { id, organizationId: held.organizationId };
}

export function blankBallotRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(blank, async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('param');
    const now = deps.now().toISOString();
    // A district session is turned away (404) even with a voter token.
    const token = bearerOf(c.req.header('authorization'), 'Voter');
    let orgId = orgOfCaller(c.get('actor'), id);
    if (token) orgId = (await voterVote(deps.db, c.get('actor'), id, token, deps.now())).organizationId;
    else if (orgId === null) throw unauthenticated();
    let q = deps.db.selectFrom('votes').select(['id', 'organization_id', 'title', 'kind', 'state', 'questions', 'opens_at', 'closes_at', 'published_at']).where('id', '=', id);
    if (orgId !== null) q = q.where('organization_id', '=', orgId);
    const v = await q.executeTakeFirst();
    if (!v) throw notFound('vote', id);
    const state = v.state as 'draft' | 'frozen' | 'counted' | 'certified';
    return c.json({
      vote: {
        id: v.id, title: v.title, kind: v.kind, state, open: state === 'frozen' && v.opens_at <= now && now < v.closes_at,
        questions: JSON.parse(v.questions) as Question[], opensAt: v.opens_at, closesAt: v.closes_at, publishedAt: v.published_at,
      },
    }, 200);
  });
}
