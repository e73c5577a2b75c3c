/**
 * `settle org create`: the operator opens a workspace for a district or a union and gets the
 * one-time link for its first admin (there is no HTTP route for this).
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Io } from './io.ts';
import { UsageError } from './io.ts';

interface OrgFlags { kind?: string; name?: string; district?: string; unit?: string; adminEmail?: string; adminName?: string; db: string; databaseUrl?: string; baseUrl: string }

export function registerOrg(program: Command, io: Io): void {
  const org = program.command('org').description('manage the workspaces on a server');
  org
    .command('create')
    .description('open a workspace for a district or a union and print the link for its first admin')
    .option('--kind <kind>', 'district or union')
    .option('--name <name>', 'the organization\'s name, e.g. "United Teachers Los Angeles"')
    .option('--district <id>', 'for a union: the id of its district\'s workspace (printed when the district was created)')
    .option('--unit <code>', 'for a union: its bargaining unit code in the district\'s data, e.g. UTLA')
    .option('--admin-email <email>', 'email of the first admin')
    .option('--admin-name <name>', 'name of the first admin', 'Admin')
    .option('--db <file>', 'SQLite database file', 'settle.sqlite')
    .option('--database-url <url>', 'PostgreSQL connection string instead')
    .option('--base-url <url>', 'the server\'s address, for the printed link (a server started with --port 9000 is http://127.0.0.1:9000)', 'http://127.0.0.1:8787')
    .action(async (o: OrgFlags) => {
      if (o.kind !== 'district' && o.kind !== 'union') throw new UsageError(`--kind must be district or union, got ${o.kind === undefined ? 'nothing' : `"${o.kind}"`}`);
      if (!o.name?.trim()) throw new UsageError('--name is required, e.g. --name "Los Angeles Unified"');
      if (!o.adminEmail) throw new UsageError('--admin-email is required: the first admin gets a one-time link');
      const districtId = o.district === undefined ? undefined : Number(o.district);
      if (districtId !== undefined && (!/^[1-9]\d{0,15}$/.test(o.district ?? '') || !Number.isSafeInteger(districtId))) {
        throw new UsageError(`--district must be the district workspace's id as printed when it was created (digits only, such as 4503599627370496), got "${o.district}"`);
      }
      const { openDatabase } = await import('../db/connect.ts');
      const { migrateToLatest } = await import('../db/migrate.ts');
      const { AdminError, createWorkspace } = await import('../server/admin.ts');
      const { randomIds } = await import('../db/ids.ts');
      const handle = await openDatabase(o.databaseUrl ? { url: o.databaseUrl } : { file: resolve(o.db) });
      try {
        await migrateToLatest(handle.db, handle.dialect);
        const made = await createWorkspace(handle.db, { kind: o.kind, name: o.name.trim(), districtId, unit: o.unit, admin: { email: o.adminEmail, name: o.adminName ?? 'Admin' }, now: new Date(), ids: randomIds });
        io.err(`Opened ${o.kind} workspace ${made.organizationId}: ${o.name.trim()}\n`);
        io.err(`The first admin (${o.adminEmail}) sets a password with this one-time link, valid until ${made.expiresAt}:\n`);
        io.out(`${o.baseUrl.replace(/\/$/, '')}/invite/${made.token}\n`);
        io.err(`(or POST /api/invitations/accept {"token": "${made.token}", "password": "…"})\n`);
      } catch (e) {
        if (e instanceof AdminError) throw new UsageError(e.message);
        throw e;
      } finally {
        await handle.close();
      }
    });
}
