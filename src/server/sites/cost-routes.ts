import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';

export function costRoutes(_app: OpenAPIHono<AppEnv>): void {}
