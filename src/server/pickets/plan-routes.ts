/**
 * Strike days and shifts (docs/pickets.md "Strike days and shifts"): days, templates, shifts,
 * regions, sign-ups and a member's own shifts. Union routes only (a district caller: 404).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { dayRoutes } from './plan-days.ts';
import { shiftRoutes } from './plan-shifts.ts';
import { templateRoutes } from './plan-template.ts';
import { memberPicketRoutes } from './signup-me.ts';
import { signupRoutes } from './signup-routes.ts';

export function planRoutes(app: OpenAPIHono<AppEnv>): void {
  dayRoutes(app);
  templateRoutes(app);
  shiftRoutes(app);
  signupRoutes(app);
  memberPicketRoutes(app);
}
