/**
 * Starts the HTTP server on a database: opens it (durability checked), brings it to the latest
 * migration, starts the costing threads and listens. `close()` stops taking requests, lets the
 * ones in flight finish, then closes the threads and the database.
 */
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { migrateToLatest } from '../db/migrate.ts';
import { errorCode } from '../errors/code.ts';
import { openDatabase, type OpenDatabase, type OpenOptions } from '../db/connect.ts';
import { randomIds } from '../db/ids.ts';
import { BODY_LIMIT, createApp, type AppOptions } from './app.ts';
import { existingDemo, seedDemo, type DemoOptions, type DemoReport } from './demo.ts';
import { DEFAULT_WEB_ROOT } from './web.ts';
import { argon2id } from './auth/passwords.ts';
import { costingPool, type PoolLimits } from './costing/pool.ts';
import type { Deps } from './env.ts';
import { transportFor, type Transport } from './http/transport.ts';
import { loadBallotKey } from './votes/ballot-key.ts';
import type { BallotKey } from './votes/seal.ts';
import { messagingFromEnv, type MessagingSetup } from './messages/config.ts';
import { unsubscribeKey } from './messages/unsubscribe-token.ts';
import { startDeliveryWorker, type DeliveryWorker } from './messages/worker.ts';
import { removeOldSecrets } from './messages/secrets.ts';
import { changeBusFor } from './pickets/changes.ts';
import { boardFeedsOf } from './pickets/board-feed.ts';
import { withCheckInFastPath } from './pickets/checkin-fast.ts';
import { startCheckInThread } from './pickets/checkin-writer.ts';
import { coalescerOf } from './pickets/coalescer.ts';
import { withPublicFastPath } from './public/fast.ts';

/**
 * Connections the kernel holds for the server before it takes them (listen's backlog; Linux caps
 * it at net.core.somaxconn, 4096 by default). Node's own default, 511, is smaller than a surge:
 * 500 phones opening connections at once while the server was busy overflowed it (the kernel's
 * ListenOverflows counted 263 in one run), and each connection dropped there waited for its
 * retransmission, a second or more, before its first answer.
 */
export const LISTEN_BACKLOG = 4096;

/** The server could not listen where it was asked (the port is taken, or needs rights this user lacks): said in the user's words. */
export class ListenRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListenRefused';
  }
}

function listenRefused(e: unknown, o: { port: number; host: string }): ListenRefused | null {
  const code = errorCode(e);
  const at = `${o.host}:${o.port}`;
  if (code === 'EADDRINUSE') return new ListenRefused(`port ${o.port} on ${o.host} is already in use (another settle serve, or another program): stop it, or choose a free port, such as --port ${o.port === 8080 ? 8081 : 8080}`);
  if (code === 'EACCES') return new ListenRefused(`this user may not listen on ${at} (ports below 1024 need administrator rights): choose a port from 1024 up, such as --port 8080`);
  if (code === 'EADDRNOTAVAIL') return new ListenRefused(`${o.host} is not an address of this machine: use 127.0.0.1 (this machine only) or 0.0.0.0 (every interface, behind a TLS proxy), such as --host 127.0.0.1`);
  return null;
}

export interface ServeOptions {
  database: OpenOptions;
  port: number;
  host: string;
  /** Costing threads (default 1). */
  threads?: number;
  /** Deadlines and queue bounds of the costing threads (defaults: DEFAULT_LIMITS in costing/pool.ts). */
  costingLimits?: Partial<PoolLimits>;
  /** A TLS reverse proxy is in front: trust its X-Forwarded-Proto and X-Forwarded-For (src/server/http/transport.ts). */
  behindProxy?: boolean;
  /** Serve plain HTTP to other machines anyway: cookies lose the Secure flag; a warning at start and on every answer. */
  insecureHttp?: boolean;
  log?: (line: string) => void;
  /** The built web app to serve at / (default web/dist when it has been built); false for the API only. */
  webRoot?: string | false;
  tiles?: AppOptions['tiles'];
  /** Seed the demo workspaces on an empty database before listening. */
  demo?: boolean;
  /** With demo: false leaves out UTLA's roster and strike vote (src/server/demo.ts DemoOptions). */
  demoMembers?: boolean;
  /** The demo's district strike days (default true); web tests that do not read them leave them out. */
  demoSites?: DemoOptions['sites'];
  /** The ballot key; default: loadBallotKey (SETTLE_BALLOT_KEY, SETTLE_BALLOT_KEY_FILE, or beside the SQLite file). */
  ballotKey?: BallotKey;
  /** Email and SMS delivery; default: messagingFromEnv(process.env) (SETTLE_SMTP_URL, SETTLE_SMS_URL, …). */
  messaging?: MessagingSetup;
  /** How often the delivery worker looks for due messages (default 5 s). */
  messagePollMs?: number;
}

export interface RunningServer {
  url: string;
  transport: Transport;
  handle: OpenDatabase;
  deps: Deps;
  /** The demo's accounts (seeded now, or by an earlier start); null without --demo or on a database that is not the demo's. */
  demo: DemoReport | null;
  close(): Promise<void>;
}

export async function startServer(o: ServeOptions): Promise<RunningServer> {
  const log = o.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // A non-loopback address without --behind-proxy or --insecure-http throws here, before anything is opened.
  const transport = transportFor({ host: o.host, behindProxy: o.behindProxy, insecureHttp: o.insecureHttp });
  const ballotKey = o.ballotKey ?? loadBallotKey(o.database);
  const handle = await openDatabase(o.database);
  try {
    await migrateToLatest(handle.db, handle.dialect);
  } catch (e) {
    await handle.close();
    throw e;
  }
  const address0 = `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${o.port}`;
  const messaging = o.messaging ?? messagingFromEnv(process.env, address0);
  // Live boards hear picket changes: in this process on SQLite, from every process on PostgreSQL (LISTEN/NOTIFY).
  const changes = await changeBusFor({ dialect: handle.dialect, url: 'url' in o.database ? o.database.url : undefined, db: handle.db, log });
  const costing = costingPool({ threads: o.threads ?? 1, log, limits: o.costingLimits });
  // On SQLite, check-in batches are written by a thread with its own connection (its commit's fsync does not stop this one).
  const checkIns = 'file' in o.database ? startCheckInThread(o.database.file, log) : undefined;
  const deps: Deps = { db: handle.db, dialect: handle.dialect, now: () => new Date(), ids: randomIds, costing, passwords: argon2id, secureCookies: transport !== 'insecure-http', behindProxy: transport === 'behind-proxy', log, ballotKey, messaging: messaging.info, changes, checkIns };
  let worker: DeliveryWorker | null = null;
  let secretSweep: NodeJS.Timeout | null = null;
  let app: ReturnType<typeof createApp> | null = null;
  /** Stops what was started (on close, or when starting fails part way), the database last. */
  const stopAll = async () => {
    await app?.close();
    // Every check-in waiting for a batch is written (or fails) before the database closes.
    await coalescerOf(deps).idle();
    await checkIns?.close();
    await changes.close();
    await worker?.stop();
    if (secretSweep) clearInterval(secretSweep);
    messaging.close();
    await costing.close();
    await handle.close();
  };
  let demo: DemoReport | null = null;
  try {
    if (o.demo) demo = (await seedDemo(deps, log, { members: o.demoMembers, sites: o.demoSites })) ?? (await existingDemo(deps));
  } catch (e) {
    await stopAll();
    throw e;
  }
  // Messages go out in the background, never inside a request; only channels with a server configured.
  if (messaging.info.channels.email || messaging.info.channels.sms) {
    worker = await startDeliveryWorker({ db: handle.db, dialect: handle.dialect, ids: randomIds, now: deps.now, senders: messaging.senders, unsubscribe: { key: unsubscribeKey(ballotKey), baseUrl: messaging.info.publicUrl }, pollMs: o.messagePollMs, log });
    const w = worker;
    messaging.info.poke = () => w.poke();
  }
  // Codes and links in messages never sent leave the stored copy a week on (secrets.ts), whether or not a channel is configured.
  const sweepSecrets = () => void removeOldSecrets(handle.db, deps.now()).catch((e: unknown) => log(`messages: removing old codes and links from the outbox failed: ${e instanceof Error ? e.message : String(e)}`));
  sweepSecrets();
  secretSweep = setInterval(sweepSecrets, 5 * 60_000);
  secretSweep.unref();
  const made = (app = createApp(deps, { webRoot: o.webRoot === false ? undefined : (o.webRoot ?? DEFAULT_WEB_ROOT), tiles: o.tiles, insecureHttp: transport === 'insecure-http' }));
  const listening: Promise<ServerType> = new Promise((resolve, reject) => {
    const s = createAdaptorServer({ fetch: made.fetch });
    s.once('error', reject);
    s.listen({ port: o.port, host: o.host, backlog: LISTEN_BACKLOG }, () => resolve(s));
    // Check-ins answered straight from Node's request when they are ordinary (src/server/pickets/checkin-fast.ts).
    const [ordinary] = s.listeners('request') as Parameters<typeof withCheckInFastPath>[2][];
    s.removeAllListeners('request');
    // And the public answers a surge asks for, kept ready (src/server/public/fast.ts).
    s.on('request', withPublicFastPath(deps, made, withCheckInFastPath(deps, made, ordinary, { bodyLimit: BODY_LIMIT })));
  });
  let server: ServerType;
  try {
    server = await listening;
  } catch (e) {
    await stopAll();
    throw listenRefused(e, o) ?? e;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}`,
    transport,
    handle,
    deps,
    demo,
    close: () =>
      (closing ??= (async () => {
        // Open board streams never end by themselves: end them, or close() would wait for them.
        boardFeedsOf(deps).endAll();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await stopAll();
      })()),
  };
}
