import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';

/** Dataset routes (to be written). */
export function datasetRoutes(_app: OpenAPIHono<AppEnv>): void {}
