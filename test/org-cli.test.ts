import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.ts';
import { randomIds } from '../src/db/ids.ts';
import { createApp } from '../src/server/app.ts';
import { argon2id } from '../src/server/auth/passwords.ts';
import { costingPool } from '../src/server/costing/pool.ts';
import { runCli } from './helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'settle-org-'));
const db = join(dir, 'settle.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('opens a district and a union workspace from the command line, and the admin link signs the admin in', async () => {
  const district = await runCli('org', 'create', '--kind', 'district', '--name', 'Los Angeles Unified', '--admin-email', 'Budget@LAUSD.example', '--db', db);
  expect(district.code).toBe(0);
  expect(district.err).toContain('Opened district workspace 1: Los Angeles Unified');
  const link = district.out.trim();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8787\/invite\/[A-Za-z0-9_-]{43}$/);

  const union = await runCli('org', 'create', '--kind', 'union', '--name', 'United Teachers Los Angeles', '--district', '1', '--unit', 'UTLA', '--admin-email', 'chair@utla.example', '--db', db);
  expect(union.code).toBe(0);
  expect(union.err).toContain('Opened union workspace 2');

  const handle = await openDatabase({ file: db });
  const costing = costingPool();
  try {
    const app = createApp({ db: handle.db, dialect: handle.dialect, now: () => new Date(), ids: randomIds, costing, passwords: argon2id, secureCookies: true, log: () => undefined });
    const token = link.slice(link.lastIndexOf('/') + 1);
    const res = await app.request('/api/invitations/accept', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password: 'a long passphrase here' }) });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { person: { email: string; role: string }; organization: { name: string } };
    expect(body.person).toMatchObject({ email: 'budget@lausd.example', role: 'admin' });
    expect(body.organization.name).toBe('Los Angeles Unified');
    const orgs = await handle.db.selectFrom('organizations').select(['id', 'kind', 'district_id', 'unit']).orderBy('id').execute();
    expect(orgs).toEqual([
      { id: 1, kind: 'district', district_id: null, unit: null },
      { id: 2, kind: 'union', district_id: 1, unit: 'UTLA' },
    ]);
  } finally {
    await costing.close();
    await handle.close();
  }
});

it('refuses a union without its district or unit, and a second account for the same email, changing nothing', async () => {
  const noUnit = await runCli('org', 'create', '--kind', 'union', '--name', 'SEIU 99', '--district', '1', '--admin-email', 'x@seiu.example', '--db', db);
  expect(noUnit.code).toBe(2);
  expect(noUnit.err).toContain('--unit');
  const badDistrict = await runCli('org', 'create', '--kind', 'union', '--name', 'SEIU 99', '--district', '2', '--unit', 'SEIU99', '--admin-email', 'x@seiu.example', '--db', db);
  expect(badDistrict.code).toBe(2);
  expect(badDistrict.err).toContain('there is no district organization 2');
  const handle = await openDatabase({ file: db });
  try {
    const n = await handle.db.selectFrom('organizations').select('id').execute();
    expect(n).toHaveLength(2);
  } finally {
    await handle.close();
  }
  const kind = await runCli('org', 'create', '--kind', 'school', '--name', 'X', '--admin-email', 'x@x.example', '--db', db);
  expect(kind.code).toBe(2);
  expect(kind.err).toContain('--kind must be district or union, got "school"');
});
