import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';

/** Proposal routes (to be written). */
export function proposalRoutes(_app: OpenAPIHono<AppEnv>): void {}
