/**
 * The district's site plan per strike day (docs/sites.md, "A strike day and its sites" and
 * "Publishing"): days, their sites, bulk changes, site administrators and their counts, publishing.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { adminRoutes } from './admins-routes.ts';
import { bulkRoutes } from './plan-bulk.ts';
import { siteDayRoutes } from './plan-days.ts';
import { siteRoutesOfDay } from './plan-sites.ts';
import { publishRoutes } from './publish-routes.ts';

export function planRoutes(app: OpenAPIHono<AppEnv>): void {
  siteDayRoutes(app);
  siteRoutesOfDay(app);
  bulkRoutes(app);
  adminRoutes(app);
  publishRoutes(app);
}
