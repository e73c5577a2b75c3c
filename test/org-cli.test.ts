import { randomBytes } from 'node:crypto';
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
/** The workspaces' ids as `org create` printed them (random: the first run's are used by the second test). */
const opened = { district: '', union: '' };
const idIn = (err: string, kind: string) => /Opened \w+ workspace (\d+)/.exec(err)?.[1] ?? `(no ${kind} id printed)`;

it('opens a district and a union workspace from the command line, and the admin link signs the admin in', async () => {
  const district = await runCli('org', 'create', '--kind', 'district', '--name', 'Los Angeles Unified', '--admin-email', 'Budget@LAUSD.example', '--db', db);
  expect(district.code).toBe(0);
  expect(district.err).toMatch(/Opened district workspace [1-9]\d{0,15}: Los Angeles Unified/);
  opened.district = idIn(district.err, 'district');
  const link = district.out.trim();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8787\/invite\/[A-Za-z0-9_-]{43}$/);

  const union = await runCli('org', 'create', '--kind', 'union', '--name', 'United Teachers Los Angeles', '--district', opened.district, '--unit', 'UTLA', '--admin-email', 'chair@utla.example', '--db', db);
  expect(union.code).toBe(0);
  expect(union.err).toMatch(/Opened union workspace [1-9]\d{0,15}: United Teachers Los Angeles/);
  opened.union = idIn(union.err, 'union');

  const handle = await openDatabase({ file: db });
  const costing = costingPool();
  try {
    const app = createApp({ db: handle.db, dialect: handle.dialect, now: () => new Date(), ids: randomIds, costing, passwords: argon2id, secureCookies: true, log: () => undefined, ballotKey: randomBytes(32) });
    const token = link.slice(link.lastIndexOf('/') + 1);
    const res = await app.request('/api/invitations/accept', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password: 'a long passphrase here' }) });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { person: { email: string; role: string }; organization: { name: string } };
    expect(body.person).toMatchObject({ email: 'budget@lausd.example', role: 'admin' });
    expect(body.organization.name).toBe('Los Angeles Unified');
    const orgs = await handle.db.selectFrom('organizations').select(['id', 'kind', 'district_id', 'unit']).orderBy('kind').execute();
    expect(orgs).toEqual([
      { id: Number(opened.district), kind: 'district', district_id: null, unit: null },
      { id: Number(opened.union), kind: 'union', district_id: Number(opened.district), unit: 'UTLA' },
    ]);
  } finally {
    await costing.close();
    await handle.close();
  }
});

it('refuses a union without its district or unit, and a second account for the same email, changing nothing', async () => {
  const noUnit = await runCli('org', 'create', '--kind', 'union', '--name', 'SEIU 99', '--district', opened.district, '--admin-email', 'x@seiu.example', '--db', db);
  expect(noUnit.code).toBe(2);
  expect(noUnit.err).toContain('--unit');
  const badDistrict = await runCli('org', 'create', '--kind', 'union', '--name', 'SEIU 99', '--district', opened.union, '--unit', 'SEIU99', '--admin-email', 'x@seiu.example', '--db', db);
  expect(badDistrict.code).toBe(2);
  expect(badDistrict.err).toContain(`there is no district organization ${opened.union}`);
  const notPlain = await runCli('org', 'create', '--kind', 'union', '--name', 'SEIU 99', '--district', `0${opened.district}`, '--unit', 'SEIU99', '--admin-email', 'x@seiu.example', '--db', db);
  expect(notPlain.code).toBe(2);
  expect(notPlain.err).toContain('--district must be the district workspace\'s id as printed');
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
