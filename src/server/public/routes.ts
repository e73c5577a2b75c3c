import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';

/** The public record (to be written). */
export function publicRoutes(_app: OpenAPIHono<AppEnv>): void {}
