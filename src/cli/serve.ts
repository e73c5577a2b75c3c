/**
 * `settle serve`: the multi-user server. SQLite by default (the file is created on first run),
 * PostgreSQL with --database-url. Runs until Ctrl-C or SIGTERM, then finishes the requests in
 * flight and closes the database.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import type { Io } from './io.ts';
import { UsageError } from './io.ts';

interface ServeFlags { db: string; databaseUrl?: string; port: string; host: string; threads: string; costingDeadline: string; behindProxy?: boolean; insecureHttp?: boolean; demo?: boolean; strikeDays: string; tiles?: string; tilesAttribution: string }

function whole(text: string, flag: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  return n;
}

export function registerServe(program: Command, io: Io): void {
  program
    .command('serve')
    .description('run the multi-user server: workspaces, proposals across the table and the public record (API at /api, described at /api/openapi.json)')
    .option('--db <file>', 'SQLite database file (created on first run)', 'settle.sqlite')
    .option('--database-url <url>', 'use PostgreSQL instead, e.g. postgres://user@127.0.0.1:5432/settle')
    .option('--port <n>', 'port to listen on', '8787')
    .option('--host <address>', 'address to listen on (default this machine only; another address needs --behind-proxy or --insecure-http)', '127.0.0.1')
    .option('--threads <n>', 'costing threads', '1')
    .option('--costing-deadline <seconds>', 'a costing job running longer is stopped (its thread replaced) and answered 503 costing.timeout', '30')
    .option('--behind-proxy', 'a TLS reverse proxy (Caddy, nginx) in front serves HTTPS: trust its X-Forwarded-Proto and X-Forwarded-For (docs/deploy.md)')
    .option('--insecure-http', 'serve plain HTTP to other machines anyway: passwords and cookies cross the network unencrypted (a trial on a trusted network only)')
    .option('--demo', 'on an empty database, open the LAUSD demo workspaces (UTLA, SEIU Local 99, the district) with the 2019 and 2023 proposals')
    .option('--strike-days <case>', 'with --demo: the district\'s strike days to load and publish: both worked cases, 2019 (UTLA, schools open, six days), 2023 (SEIU Local 99, schools closed, three days) or none', 'both')
    .option('--tiles <url>', 'map tile server for the web app, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png (no map tiles without it)')
    .option('--tiles-attribution <text>', 'attribution shown on the map', '© OpenStreetMap contributors')
    .action(async (opts: ServeFlags) => {
      const port = whole(opts.port, '--port', 0, 65535);
      const threads = whole(opts.threads, '--threads', 1, 64);
      const deadlineMs = whole(opts.costingDeadline, '--costing-deadline', 1, 3600) * 1000;
      const database: { url: string } | { file: string } = opts.databaseUrl ? { url: opts.databaseUrl } : { file: resolve(opts.db) };
      if ('file' in database) mkdirSync(dirname(database.file), { recursive: true });
      const { transportFor, TransportRefused } = await import('../server/http/transport.ts');
      try {
        transportFor({ host: opts.host, behindProxy: opts.behindProxy, insecureHttp: opts.insecureHttp });
      } catch (e) {
        throw e instanceof TransportRefused ? new UsageError(e.message) : e;
      }
      const { startServer, ListenRefused } = await import('../server/serve.ts');
      const { redact } = await import('../db/connect.ts');
      const { loadBallotKey, BallotKeyError } = await import('../server/votes/ballot-key.ts');
      let ballotKey;
      try {
        ballotKey = loadBallotKey(database);
      } catch (e) {
        throw e instanceof BallotKeyError ? new UsageError(e.message) : e;
      }
      if (opts.tiles && !/^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/.test(opts.tiles)) throw new UsageError(`--tiles must be an http(s) address with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png`);
      const tiles = opts.tiles ? { url: opts.tiles, attribution: opts.tilesAttribution } : null;
      const { DEMO_STRIKE_DAYS } = await import('../server/demo.ts');
      const strikeDays = DEMO_STRIKE_DAYS.find((c) => c === opts.strikeDays);
      if (!strikeDays) throw new UsageError(`--strike-days must be one of ${DEMO_STRIKE_DAYS.join(', ')} (got "${opts.strikeDays}"), such as --strike-days 2019`);
      if (strikeDays !== 'both' && !opts.demo) throw new UsageError('--strike-days chooses what the demo loads: add --demo (on a new database), such as settle serve --demo --strike-days 2019');
      let server;
      try {
        server = await startServer({ database, port, host: opts.host, threads, costingLimits: { deadlineMs }, behindProxy: opts.behindProxy, insecureHttp: opts.insecureHttp, demo: opts.demo, demoSites: strikeDays, tiles, ballotKey, log: (l) => io.err(`${l}\n`) });
      } catch (e) {
        throw e instanceof ListenRefused ? new UsageError(e.message) : e;
      }
      const orgs = await server.handle.db.selectFrom('organizations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const where = 'url' in database ? `PostgreSQL ${redact(database.url)}` : `SQLite ${database.file} (WAL, synchronous=FULL)`;
      io.err(`settle is serving on ${server.url} with ${where}\n`);
      if (server.transport === 'behind-proxy') io.err('  Behind a TLS proxy: open the site at its https:// address; X-Forwarded-Proto and X-Forwarded-For from the proxy are trusted, so only the proxy should reach this port.\n');
      if (server.transport === 'insecure-http') {
        const bar = '!'.repeat(78);
        io.err(`${bar}\n  WARNING: --insecure-http. This server speaks plain HTTP to other machines: passwords,\n  session cookies, union drafts and every answer cross the network unencrypted and can be\n  read or changed by anyone on the way. Use it only for a trial on a network you trust;\n  for real work put a TLS proxy in front and use --behind-proxy (docs/deploy.md).\n${bar}\n`);
      }
      const { DEFAULT_WEB_ROOT } = await import('../server/web.ts');
      io.err(existsSync(`${DEFAULT_WEB_ROOT}/index.html`)
        ? `  Open ${server.url}/ in a browser: the public record, and Sign in for the workspaces.\n`
        : '  (the web app is not built: run `npm run build` for the pages; the API works without them)\n');
      io.err(`  API description: ${server.url}/api/openapi.json · public record: ${server.url}/api/public/proposals\n`);
      if (server.demo) {
        io.err(`\n  Demo workspaces (password for every account: ${server.demo.password}):\n`);
        for (const a of server.demo.accounts) io.err(`    ${a.email.padEnd(26)} ${a.role.padEnd(18)} ${a.organization}\n`);
        io.err(`  ${server.demo.published} proposals are on the public record. This is a demo database: its password is public, so do not use it for real work.\n\n`);
      } else if (opts.demo) {
        io.err('  (--demo: this database already has other workspaces, so the demo was not added)\n');
      }
      if (Number(orgs.n) === 0) {
        io.err('  No workspaces yet. Open one with:\n    settle org create --kind district --name "Los Angeles Unified" --admin-email you@district.example\n');
      }
      io.out(`${server.url}\n`);
      await new Promise<void>((done) => {
        const stop = () => {
          io.err('settle: stopping; finishing the requests in flight\n');
          void server.close().then(done);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
