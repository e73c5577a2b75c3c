/**
 * The casting channels of a union's vote (docs/votes.md, "Channels"): online, site kiosks and
 * paper. Every channel stores a ballot only through castBallot (../cast.ts), so a member votes
 * once across all of them.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env.ts';
import { kioskRoutes } from './kiosk.ts';
import { onlineRoutes } from './online.ts';
import { paperRoutes } from './paper.ts';

export function voteChannelRoutes(app: OpenAPIHono<AppEnv>): void {
  onlineRoutes(app);
  kioskRoutes(app);
  paperRoutes(app);
}
