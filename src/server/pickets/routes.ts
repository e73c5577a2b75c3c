/**
 * Strike mornings (issue 14; docs/pickets.md): strike days and shifts, sign-ups, check-ins,
 * the coverage board and strike pay. Every route is the union's: a district account gets the
 * same 404 as a path with no route (allowUnion).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { planRoutes } from './plan-routes.ts';
import { checkinRoutes } from './checkin-routes.ts';
import { payRoutes } from './pay-routes.ts';
import { boardRoutes } from './board-routes.ts';

export function picketRoutes(app: OpenAPIHono<AppEnv>): void {
  planRoutes(app);
  checkinRoutes(app);
  payRoutes(app);
  boardRoutes(app);
}
