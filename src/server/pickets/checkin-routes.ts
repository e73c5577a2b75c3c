/**
 * POST /api/pickets/check-ins (docs/pickets.md, "Check-in"): a device sends the check-ins,
 * check-outs and undos it recorded (queued offline, perhaps), each with the id it made for it.
 * Each action is answered on its own: `recorded`, `duplicate` (that id is already stored: the
 * stored result, nothing changed) or `refused` with the reason. The answer comes only after the
 * batch the request joined committed durably (src/server/pickets/coalescer.ts).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { allowUnion } from '../authz.ts';
import { errors, jsonBody, ok } from '../schemas.ts';
import { CheckInsAnswer, CheckInsBody } from './checkin-schemas.ts';
import { captainRoutes } from './checkin-captain.ts';
import { coalescerOf } from './coalescer.ts';

export const CHECK_INS_PATH = '/api/pickets/check-ins';

const checkIns = createRoute({
  method: 'post', path: CHECK_INS_PATH, tags: ['pickets'],
  summary: 'Record check-ins, check-outs and undos made on a device (a member with the site\'s code, or a captain or organizer from the shift list)',
  description: 'Each action carries an id made on the device: an action sent again is stored once and answered `duplicate`. `at` is the time on the device (an offline check-in at 6:31 is recorded at 6:31). A refused action names its reason (picket.code-wrong, picket.not-your-site, picket.too-early, …); the others are still recorded. Answered only after a durable commit.',
  request: jsonBody(CheckInsBody, '1 to 200 actions'),
  responses: { 200: ok(CheckInsAnswer, 'Each action\'s outcome, in the order sent'), ...errors(400, 401, 403, 404, 409, 413, 415) },
});

export function checkinRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(checkIns, async (c) => {
    const actor = allowUnion(c.get('actor'), 'picket.member', 'POST', CHECK_INS_PATH);
    const deps = c.get('deps');
    const { actions } = c.req.valid('json');
    const answer = await coalescerOf(deps).submit({
      organizationId: actor.org.id, personId: actor.person.id, role: actor.person.role, receivedAt: deps.now().toISOString(),
      actions: actions.map((a) => ({ ...a, at: new Date(a.at).toISOString() })),
    });
    if ('error' in answer) throw answer.error;
    return c.json({ results: answer.results }, 200);
  });
  captainRoutes(app);
}
