/**
 * scripts/ensure-tools.mjs, the `npm test` pretest step: what is missing for a probe result,
 * the Debian packages and the one command for it, which test files skip or fail without each
 * tool (read from hand-written test files and from this repository's own), the report, and the
 * script itself run as a child process where it may not install anything.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = join(ROOT, 'scripts', 'ensure-tools.mjs');

type Probe = Record<string, boolean>;
interface Cluster { version: string; cluster: string; port: number; status: string; owner: string }
interface Needing { file: string; skips: boolean }
interface TestFile { path: string; text: string; helpers?: string[] }
interface EnsureTools {
  PROBE_KEYS: string[];
  missingTools(probe: Probe): { tool: { id: string }; parts: { probe: string }[] }[];
  aptPackages(probe: Probe): string[];
  parseClusters(text: string): Cluster[];
  clusterToStart(clusters: Cluster[], port?: number): Cluster | null;
  pgPlan(args: { clusters: Cluster[] | null; url?: string }): { cluster: Cluster | null; note: string | null };
  installCommand(args: { packages: string[]; pgCluster?: Cluster | null; root: boolean }): string | null;
  suitesNeeding(files: TestFile[]): Record<string, Needing[]>;
  testFiles(root: string): TestFile[];
  readyLine(): string;
  report(args: { probe: Probe; suites: Record<string, Needing[]>; command: string | null; ci: boolean; why?: string | null; pgUrl?: string; pgNote?: string | null }): string;
}

// A specifier held in a variable: the script is plain JavaScript without type declarations.
const specifier = pathToFileURL(SCRIPT).href;
const tools = (await import(specifier)) as EnsureTools;

const ALL: Probe = { chromium: true, pdftotext: true, pdftoppm: true, soffice: true, dejavu: true, liberation: true, postgresql: true };
const without = (...keys: string[]): Probe => ({ ...ALL, ...Object.fromEntries(keys.map((k) => [k, false])) });

describe('what is missing, and the packages for it', () => {
  it('finds nothing missing when every probe is true, and reads the probe keys from the tools', () => {
    expect(tools.missingTools(ALL)).toEqual([]);
    expect(tools.aptPackages(ALL)).toEqual([]);
    expect([...tools.PROBE_KEYS].sort()).toEqual(Object.keys(ALL).sort());
  });

  it('groups missing parts by tool, and counts a probe key that is absent as missing', () => {
    const { liberation: _, ...noLiberationKey } = ALL;
    const missing = tools.missingTools({ ...noLiberationKey, pdftoppm: false, postgresql: false });
    expect(missing.map((m) => [m.tool.id, m.parts.map((p) => p.probe)])).toEqual([
      ['poppler', ['pdftoppm']],
      ['fonts', ['liberation']],
      ['postgresql', ['postgresql']],
    ]);
  });

  it('names each Debian package once, and none for the PostgreSQL server (it is started, not installed)', () => {
    expect(tools.aptPackages(without('pdftotext', 'pdftoppm'))).toEqual(['poppler-utils']);
    expect(tools.aptPackages(without('postgresql'))).toEqual([]);
    expect(tools.aptPackages(without(...Object.keys(ALL)))).toEqual(['chromium', 'poppler-utils', 'libreoffice-calc-nogui', 'fonts-dejavu-core', 'fonts-liberation']);
  });
});

describe('the one command', () => {
  const down: Cluster = { version: '15', cluster: 'main', port: 5432, status: 'down', owner: 'postgres' };

  it('is apt-get as root, and through sudo for anyone else, with the cluster start after it', () => {
    expect(tools.installCommand({ packages: ['chromium', 'poppler-utils'], root: true }))
      .toBe('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium poppler-utils');
    expect(tools.installCommand({ packages: ['fonts-liberation'], pgCluster: down, root: false }))
      .toBe('sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-liberation && sudo pg_ctlcluster --skip-systemctl-redirect 15 main start');
    expect(tools.installCommand({ packages: [], pgCluster: down, root: true })).toBe('pg_ctlcluster --skip-systemctl-redirect 15 main start');
    expect(tools.installCommand({ packages: [], pgCluster: null, root: false })).toBeNull();
  });

  it('starts the stopped cluster pg_lsclusters lists, and none while one is online', () => {
    const listed = tools.parseClusters('14  main    5433 down   postgres /var/lib/postgresql/14/main /var/log/postgresql/postgresql-14-main.log\n15  main    5432 down   postgres /var/lib/postgresql/15/main /var/log/postgresql/postgresql-15-main.log\n');
    expect(listed.map((c) => [c.version, c.cluster, c.port, c.status])).toEqual([['14', 'main', 5433, 'down'], ['15', 'main', 5432, 'down']]);
    expect(tools.clusterToStart(listed, 5432)?.version).toBe('15');
    expect(tools.clusterToStart([{ ...down, status: 'online' }])).toBeNull();
    expect(tools.pgPlan({ clusters: listed }).cluster?.version).toBe('15');
  });

  it('explains what the command cannot do: no PostgreSQL here, a server elsewhere, a cluster online on another port', () => {
    expect(tools.pgPlan({ clusters: null })).toEqual({ cluster: null, note: expect.stringContaining('install Debian package postgresql') });
    expect(tools.pgPlan({ clusters: [], url: 'postgres://u@db.example:5544/test' }).note).toContain('nothing answers at db.example:5544');
    expect(tools.pgPlan({ clusters: [{ ...down, status: 'online' }], url: 'postgres://postgres@127.0.0.1:6543/test' }).note).toContain('SETTLE_TEST_DATABASE_URL');
  });
});

describe('the test files that need each tool', () => {
  const files: TestFile[] = [
    { path: 'test/web-a.test.ts', text: "import { browserSuite } from './helpers/browser.ts';\nbrowserSuite('pages', () => {});" },
    { path: 'test/pdf-read.test.ts', text: "const t = execFileSync('pdftotext', ['-layout', pdf, '-']);" },
    { path: 'test/pdf-guarded.test.ts', text: "const has = (c) => true;\nif (!existsSync('/usr/bin/chromium') || !has('pdftotext')) ctx.skip();\nspawnSync('pdftotext', [pdf, '-']);" },
    { path: 'test/sheets.test.ts', text: "const soffice = findSoffice();\ndescribe.skipIf(!soffice)('recalculated', () => {});" },
    { path: 'test/surfaces.test.ts', text: "import { every } from './helpers/surfaces.ts';", helpers: ["export function every() { const s = findSoffice(); if (!s) throw new Error('no'); }", 'export function findSoffice() { return null; }'] },
    { path: 'src/db/a.test.ts', text: "eachDatabase('data', (dialect) => {});" },
    { path: 'test/procs.test.ts', text: "const unavailable = await probePostgres();\ndescribe.skipIf(unavailable !== null && !process.env.CI)('procs', () => {});" },
    { path: 'test/raw-pg.test.ts', text: 'const c = new pg.Client(PG_URL);' },
    { path: 'test/probe-only.test.ts', text: "import { freshDatabase } from './helpers/databases.ts';", helpers: ['export async function probePostgres(url = PG_URL) {}\nexport function eachDatabase(t, s) {}\nconst x = await probePostgres(PG_URL);'] },
    { path: 'test/plain.test.ts', text: "it('adds', () => expect(1 + 1).toBe(2));" },
  ];
  const needing = tools.suitesNeeding(files);
  const names = (id: string, skips: boolean) => needing[id].filter((n) => n.skips === skips).map((n) => n.file);

  it('Chromium: a browser suite or a Chromium guard skips; a PDF read without a guard fails', () => {
    expect(names('chromium', true)).toEqual(['test/pdf-guarded.test.ts', 'test/web-a.test.ts']);
    expect(names('chromium', false)).toEqual(['test/pdf-read.test.ts']);
  });

  it('poppler: a probe of the tool by name skips, a call without one fails', () => {
    expect(names('poppler', true)).toEqual(['test/pdf-guarded.test.ts']);
    expect(names('poppler', false)).toEqual(['test/pdf-read.test.ts']);
  });

  it('LibreOffice: through a helper that calls findSoffice it fails, beside skipIf(!soffice) it skips; the helper defining findSoffice is no use of it', () => {
    expect(names('libreoffice', true)).toEqual(['test/sheets.test.ts']);
    expect(names('libreoffice', false)).toEqual(['test/surfaces.test.ts']);
  });

  it('PostgreSQL: eachDatabase and a skipIf on the probe skip, a bare PG_URL fails, a file reaching only the probe helper is not listed', () => {
    expect(names('postgresql', true)).toEqual(['src/db/a.test.ts', 'test/procs.test.ts']);
    expect(names('postgresql', false)).toEqual(['test/raw-pg.test.ts']);
  });

  it('fonts: every file Chromium draws for, none skipping', () => {
    expect(needing.fonts.map((n) => n.file)).toEqual(['test/pdf-guarded.test.ts', 'test/pdf-read.test.ts', 'test/web-a.test.ts']);
    expect(needing.fonts.every((n) => !n.skips)).toBe(true);
  });

  it('reads this repository: the browser suites, the LibreOffice and PostgreSQL suites, and not this file', () => {
    const real = tools.suitesNeeding(tools.testFiles(ROOT));
    const has = (id: string, file: string, skips: boolean) => real[id].some((n) => n.file === file && n.skips === skips);
    expect(has('chromium', 'test/web-shell.test.ts', true)).toBe(true);
    expect(has('chromium', 'test/disclose.test.ts', true)).toBe(true);
    expect(has('libreoffice', 'test/xlsx.test.ts', true)).toBe(true);
    expect(has('libreoffice', 'test/consistency.test.ts', false)).toBe(true);
    expect(has('postgresql', 'src/db/db.test.ts', true)).toBe(true);
    expect(has('postgresql', 'test/multi-process.test.ts', true)).toBe(true);
    expect(Object.values(real).flat().some((n) => n.file === 'test/ensure-tools.test.ts')).toBe(false);
  });
});

describe('the report', () => {
  const suites = tools.suitesNeeding([
    { path: 'test/web-a.test.ts', text: "browserSuite('pages', () => {});" },
    { path: 'test/pdf-read.test.ts', text: "execFileSync('pdftotext', [pdf]);" },
  ]);

  it('is the one ready line when nothing is missing', () => {
    expect(tools.readyLine()).toBe('tools: chromium, poppler, libreoffice, fonts, postgresql ready');
    expect(tools.report({ probe: ALL, suites, command: null, ci: false })).toBe(tools.readyLine());
  });

  it('names what is missing, the files that skip and fail, and the command; the CI line only with CI', () => {
    const command = tools.installCommand({ packages: tools.aptPackages(without('chromium')), root: false });
    const text = tools.report({ probe: without('chromium'), suites, command, ci: false, why: 'installing packages needs root' });
    expect(text.split('\n')).toEqual([
      'tools: missing Chromium (/usr/bin/chromium)',
      '  not installed: installing packages needs root',
      'without Chromium, 1 test file skips the tests that need it:',
      '    test/web-a.test.ts',
      '  and 1 test file fails:',
      '    test/pdf-read.test.ts',
      'install what is missing with:',
      '  sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium',
    ]);
    expect(tools.report({ probe: without('chromium'), suites, command, ci: true })).toMatch(/CI is set: on CI no test may skip, so a missing tool fails the run\.$/);
  });

  it('adds the PostgreSQL note only when PostgreSQL is missing', () => {
    const note = 'no PostgreSQL here';
    expect(tools.report({ probe: without('postgresql'), suites, command: null, ci: false, pgNote: note })).toContain(`PostgreSQL: ${note}`);
    expect(tools.report({ probe: without('pdftotext'), suites, command: null, ci: false, pgNote: note })).not.toContain(note);
  });
});

describe('the script, run where it may not install', () => {
  const run = (env: Record<string, string>) => {
    const base: Record<string, string | undefined> = { ...process.env };
    for (const k of ['CI', 'SETTLE_TOOLS_PROBE', 'SETTLE_TOOLS_NO_INSTALL', 'SOFFICE', 'SETTLE_TEST_DATABASE_URL']) delete base[k];
    const r = spawnSync(process.execPath, [SCRIPT], { env: { ...base, SETTLE_TOOLS_NO_INSTALL: '1', ...env }, encoding: 'utf8', timeout: 30_000 });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  const probeAll = JSON.stringify(ALL);
  const probeMissing = JSON.stringify(without('chromium', 'soffice'));

  it('prints only the ready line when everything is there, with or without CI', () => {
    for (const ci of [{}, { CI: 'true' }] as Record<string, string>[]) {
      const r = run({ SETTLE_TOOLS_PROBE: probeAll, ...ci });
      expect(r).toEqual({ code: 0, out: 'tools: chromium, poppler, libreoffice, fonts, postgresql ready\n', err: '' });
    }
  });

  it('without CI: names the suites that will skip and the install command, and exits 0', () => {
    const r = run({ SETTLE_TOOLS_PROBE: probeMissing });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('tools: missing Chromium (/usr/bin/chromium); LibreOffice (soffice)');
    expect(r.err).toMatch(/without Chromium, \d+ test files skip the tests that need it:[\s\S]*test\/web-shell\.test\.ts/);
    expect(r.err).toMatch(/without LibreOffice, 1 test file skips the tests that need it:\n {4}test\/xlsx\.test\.ts\n {2}and 1 test file fails:\n {4}test\/consistency\.test\.ts/);
    expect(r.err).toMatch(/^install what is missing with:\n {2}(sudo )?apt-get update && (sudo )?DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium libreoffice-calc-nogui$/m);
    expect(r.err).not.toContain('CI is set');
  });

  it('with CI=true: the same report, and a non-zero exit', () => {
    const r = run({ SETTLE_TOOLS_PROBE: probeMissing, CI: 'true' });
    expect(r.code).toBe(1);
    expect(r.err).toContain('test/web-shell.test.ts');
    expect(r.err).toContain('apt-get install -y --no-install-recommends chromium libreoffice-calc-nogui');
    expect(r.err).toContain('CI is set: on CI no test may skip, so a missing tool fails the run.');
  });

  it('probes for real: with an empty PATH (no poppler) and nothing at the PostgreSQL port, it reports both', () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'settle-no-tools-'));
    const r = run({ PATH: emptyDir, SETTLE_TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test', CI: 'true' });
    rmSync(emptyDir, { recursive: true, force: true });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^tools: missing .*poppler \(pdftotext, pdftoppm\).*PostgreSQL \(nothing answers at 127\.0\.0\.1:1\)/);
    expect(r.err).toMatch(/without poppler, 1 test file skips the tests that need it:\n {4}test\/disclose\.test\.ts/);
    expect(r.err).toMatch(/without PostgreSQL, \d+ test files skip the tests that need it:[\s\S]*src\/db\/db\.test\.ts/);
    expect(r.err).toMatch(/apt-get install -y --no-install-recommends .*poppler-utils/);
    expect(r.err).toContain('not installed: SETTLE_TOOLS_NO_INSTALL=1');
  });
});
