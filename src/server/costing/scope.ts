/**
 * Who a costing job is for, without passing it through every route: the request's queue key
 * (its organization, or `public` for anonymous readers) and its abort signal (the client went
 * away), kept for the request in AsyncLocalStorage and read by the costing pool when a job is
 * submitted. Work outside a request (the demo's setup, tests calling the pool) has no scope
 * and queues under `server`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';

export interface CostingScope {
  /** Jobs are shared fairly between keys: one per organization, one for the public. */
  key: string;
  /** Aborted when the client disconnects: the job is dropped, or ended if it has run a while. */
  signal?: AbortSignal;
}

const storage = new AsyncLocalStorage<CostingScope>();

export function currentScope(): CostingScope {
  return storage.getStore() ?? { key: 'server' };
}

/** Runs `fn` as work for `scope` (tests and the load bench use it to act as an organization). */
export function inScope<T>(scope: CostingScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/**
 * Runs work whose answer several requests share (a memoised comparison): under the same key,
 * but not cancelled when the request that started it goes away, since others may be waiting.
 */
export function shared<T>(fn: () => T): T {
  return storage.run({ key: currentScope().key }, fn);
}

/** Middleware (after sessions): each API request's costing jobs queue under its organization. */
export function costingScope(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const actor = c.get('actor');
    return storage.run({ key: actor ? `org:${actor.org.id}` : 'public', signal: c.req.raw.signal }, () => next());
  };
}
