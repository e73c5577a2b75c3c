/**
 * Strike pay's routes (docs/pickets.md "Strike pay"): the rules and periods, the ledger and a
 * member's own page, exceptions, payouts. Union only: a district account gets 404.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { payExceptionRoutes } from './pay-exception-routes.ts';
import { payLedgerRoutes } from './pay-ledger-routes.ts';
import { payPayoutRoutes } from './pay-payout-routes.ts';
import { payRulesRoutes } from './pay-rules-routes.ts';

export function payRoutes(app: OpenAPIHono<AppEnv>): void {
  payRulesRoutes(app);
  payLedgerRoutes(app);
  payExceptionRoutes(app);
  payPayoutRoutes(app);
}
