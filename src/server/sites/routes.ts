/**
 * Strike days for the district and for families (issue 15; docs/sites.md): the site plan per
 * day, site administrators' counts, meal and partner sites, the day's cost. District routes only
 * (a union caller: 404). The public side is in ../public/sites.ts.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { planRoutes } from './plan-routes.ts';
import { familyRoutes } from './family-routes.ts';
import { costRoutes } from './cost-routes.ts';

export function siteRoutes(app: OpenAPIHono<AppEnv>): void {
  planRoutes(app);
  familyRoutes(app);
  costRoutes(app);
}
