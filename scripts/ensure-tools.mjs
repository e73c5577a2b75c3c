// `npm test` runs this first (package.json "pretest"): it makes sure the real tools the tests
// drive are there — Chromium at /usr/bin/chromium, poppler (pdftotext, pdftoppm), LibreOffice
// (soffice), the fonts DejaVu and Liberation, and a PostgreSQL server at 127.0.0.1:5432 (or
// the one SETTLE_TEST_DATABASE_URL names). It installs the missing packages with apt-get when
// it runs as root, and starts a stopped local PostgreSQL cluster. What is still missing is
// reported with the test files that skip (or fail) without it, read from the test code itself,
// and the one command that installs it. With CI set a missing tool is an error (exit 1): on CI
// no test may skip. Plain Node 20, no dependencies, so it runs before `npm ci` too.
//
// Environment: SETTLE_TOOLS_NO_INSTALL=1 reports without installing or starting anything;
// SETTLE_TOOLS_PROBE='{"chromium":false,…}' (for its tests) overrides probe results, and
// turns installing off.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { delimiter, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const FONT_FILES = {
  dejavu: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  liberation: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
};
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The tools, in the order the ready line names them. Each part is one probe result (a key of
 * the probe object) and the Debian package that provides it (none for the PostgreSQL server,
 * which is started, not installed).
 */
export const TOOLS = [
  { id: 'chromium', name: 'Chromium', parts: [{ probe: 'chromium', what: CHROMIUM_PATH, pkg: 'chromium' }] },
  { id: 'poppler', name: 'poppler', parts: [{ probe: 'pdftotext', what: 'pdftotext', pkg: 'poppler-utils' }, { probe: 'pdftoppm', what: 'pdftoppm', pkg: 'poppler-utils' }] },
  { id: 'libreoffice', name: 'LibreOffice', parts: [{ probe: 'soffice', what: 'soffice', pkg: 'libreoffice-calc-nogui' }] },
  { id: 'fonts', name: 'fonts', parts: [{ probe: 'dejavu', what: 'DejaVu Sans', pkg: 'fonts-dejavu-core' }, { probe: 'liberation', what: 'Liberation Sans', pkg: 'fonts-liberation' }] },
  { id: 'postgresql', name: 'PostgreSQL', parts: [{ probe: 'postgresql', what: 'a server at 127.0.0.1:5432', pkg: null }] },
];
export const PROBE_KEYS = TOOLS.flatMap((t) => t.parts.map((p) => p.probe));

/**
 * How a test file shows that it needs a tool, and how it shows that it skips without it (the
 * helpers and guards the suites use today). A file that needs a tool and has no guard for it
 * fails without it. A PDF read with pdftotext/pdftoppm is one Chromium printed; the fonts
 * are what Chromium draws text with, so nothing skips without them.
 */
const PDF_READ = /['"]pdfto(?:text|ppm)['"]/;
const CHROMIUM_USE = [/\bbrowserSuite\(/, /['"]\/usr\/bin\/chromium['"]/, PDF_READ];
export const SUITE_RULES = {
  chromium: { needs: CHROMIUM_USE, skips: [/\bbrowserSuite\(/, /existsSync\(\s*['"]\/usr\/bin\/chromium['"]\s*\)/] },
  // a call with the tool's name alone is a probe, as in has('pdftotext')
  poppler: { needs: [PDF_READ], skips: [/\b\w+\(\s*['"]pdfto(?:text|ppm)['"]\s*\)/] },
  libreoffice: { needs: [/\bfindSoffice\(/], skips: [/\.skipIf\([^)]*soffice/] },
  fonts: { needs: CHROMIUM_USE, skips: [] },
  postgresql: { needs: [/\beachDatabase\(/, /\bprobePostgres\(/, /\bPG_URL\b/], skips: [/\beachDatabase\(/, /\.skipIf\([^)]*\b(?:pgU|u)navailable\b/] },
};

/** The probe results that are false, grouped by tool: [{ tool, parts }], in TOOLS order. */
export function missingTools(probe) {
  const out = [];
  for (const tool of TOOLS) {
    const parts = tool.parts.filter((p) => probe[p.probe] !== true);
    if (parts.length > 0) out.push({ tool, parts });
  }
  return out;
}

/** The Debian packages that provide what the probe lacks, each once, in TOOLS order. */
export function aptPackages(probe) {
  const pkgs = [];
  for (const { parts } of missingTools(probe)) for (const p of parts) if (p.pkg && !pkgs.includes(p.pkg)) pkgs.push(p.pkg);
  return pkgs;
}

/** `pg_lsclusters --no-header` output as [{ version, cluster, port, status, owner }]. */
export function parseClusters(text) {
  return text.split('\n').map((l) => l.trim().split(/\s+/)).filter((f) => f.length >= 5 && /^\d/.test(f[0]))
    .map(([version, cluster, port, status, owner]) => ({ version, cluster, port: Number(port), status, owner }));
}

/** The cluster to start: none when one is already online; else the stopped one on `port`, else the first. */
export function clusterToStart(clusters, port = 5432) {
  if (clusters.some((c) => c.status.startsWith('online'))) return null;
  return clusters.find((c) => c.port === port) ?? clusters[0] ?? null;
}

/**
 * What to do about an unreachable PostgreSQL: { cluster, note }. `clusters` is what
 * pg_lsclusters lists (null when it is not installed); `cluster` is the one to start, if any;
 * `note` explains what the command cannot do.
 */
export function pgPlan({ clusters, url = DEFAULT_PG_URL }) {
  const { host, port } = pgEndpoint(url);
  const at = `${host}:${port}`;
  if (!isLocal(host)) return { cluster: null, note: `nothing answers at ${at} (SETTLE_TEST_DATABASE_URL): start that server` };
  if (clusters === null) return { cluster: null, note: `no PostgreSQL here (pg_lsclusters not found): install Debian package postgresql with a database "test" that postgres reaches over TCP without a password, or set SETTLE_TEST_DATABASE_URL (now ${url})` };
  const cluster = clusterToStart(clusters, port);
  if (cluster) return { cluster, note: null };
  if (clusters.length === 0) return { cluster: null, note: 'pg_lsclusters lists no cluster: create one with pg_createcluster, or set SETTLE_TEST_DATABASE_URL' };
  return { cluster: null, note: `a cluster is online but nothing answers at ${at}: set SETTLE_TEST_DATABASE_URL (now ${url}) to where it listens` };
}

export const isLocal = (host) => ['127.0.0.1', 'localhost', '::1'].includes(host);

export const aptCommand = (pkgs) => `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${pkgs.join(' ')}`;
export const pgStartCommand = (c) => `pg_ctlcluster --skip-systemctl-redirect ${c.version} ${c.cluster} start`;

/**
 * The one command that installs (and starts) what is missing, for root or through sudo; null
 * when there is nothing to run.
 */
export function installCommand({ packages, pgCluster = null, root }) {
  const steps = [];
  if (packages.length > 0) {
    steps.push(root ? aptCommand(packages) : `sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')}`);
  }
  if (pgCluster) steps.push(`${root ? '' : 'sudo '}${pgStartCommand(pgCluster)}`);
  return steps.length > 0 ? steps.join(' && ') : null;
}

/**
 * For each tool, the test files that need it: { [toolId]: [{ file, skips }] }, `skips` true
 * when the file guards the tests that need it (they skip without it), false when they fail.
 * `files` is [{ path, text, helpers: [text of each test helper it reaches] }].
 */
export function suitesNeeding(files, rules = SUITE_RULES) {
  const out = {};
  for (const [id, rule] of Object.entries(rules)) {
    out[id] = [];
    for (const f of files) {
      const texts = [f.text, ...(f.helpers ?? []).filter((h) => !definesProbe(h, rule))];
      const any = (res) => res.some((re) => texts.some((t) => re.test(t)));
      if (any(rule.needs)) out[id].push({ file: f.path, skips: any(rule.skips) });
    }
    out[id].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }
  return out;
}

/** A helper that exports a function a rule names (browserSuite, eachDatabase, findSoffice…) is the tool's probe, not a user of it. */
function definesProbe(text, rule) {
  for (const m of text.matchAll(/export\s+(?:async\s+)?function\s+(\w+)/g)) {
    if ([...rule.needs, ...rule.skips].some((re) => re.test(`${m[1]}(`))) return true;
  }
  return false;
}

function wrap(names, indent = '    ', width = 100) {
  const lines = [];
  let line = '';
  for (const n of names) {
    if (line && indent.length + line.length + n.length + 2 > width) {
      lines.push(indent + line + ',');
      line = n;
    } else line = line ? `${line}, ${n}` : n;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** The one line printed when everything is there. */
export const readyLine = () => `tools: ${TOOLS.map((t) => t.id).join(', ')} ready`;

/** "1 test file skips", "2 test files skip". */
const files = (n, verb) => `${n} test file${n === 1 ? '' : 's'} ${n === 1 ? `${verb}s` : verb}`;

/**
 * The report of what is missing: each tool with the test files that skip and that fail without
 * it, the one command, a note on PostgreSQL where the command cannot help, and for CI the
 * error. `why` says why nothing was installed.
 */
export function report({ probe, suites, command, ci, why = null, pgUrl = DEFAULT_PG_URL, pgNote = null }) {
  const missing = missingTools(probe);
  if (missing.length === 0) return readyLine();
  const pg = pgEndpoint(pgUrl);
  const lines = [`tools: missing ${missing.map(({ tool, parts }) => `${tool.name} (${tool.id === 'postgresql' ? `nothing answers at ${pg.host}:${pg.port}` : parts.map((p) => p.what).join(', ')})`).join('; ')}`];
  if (why) lines.push(`  not installed: ${why}`);
  for (const { tool } of missing) {
    const needing = suites[tool.id] ?? [];
    const skip = needing.filter((f) => f.skips).map((f) => f.file);
    const fail = needing.filter((f) => !f.skips).map((f) => f.file);
    if (tool.id === 'fonts') {
      lines.push(`without the fonts nothing skips, but ${files(fail.length, 'draw')} text with other fonts (widths, page breaks) and may fail:`, ...wrap(fail));
      continue;
    }
    lines.push(`without ${tool.name}, ${files(skip.length, 'skip')} the tests that need it${skip.length ? ':' : ''}`, ...wrap(skip));
    if (fail.length > 0) lines.push(`  and ${files(fail.length, 'fail')}:`, ...wrap(fail));
  }
  if (command) lines.push('install what is missing with:', `  ${command}`);
  if (pgNote && missing.some((m) => m.tool.id === 'postgresql')) lines.push(`PostgreSQL: ${pgNote}`);
  if (ci) lines.push('CI is set: on CI no test may skip, so a missing tool fails the run.');
  return lines.join('\n');
}

/** The host and port the PostgreSQL tests connect to. */
export function pgEndpoint(url = DEFAULT_PG_URL) {
  try {
    const u = new URL(url);
    return { host: (u.hostname || '127.0.0.1').replace(/^\[|\]$/g, ''), port: Number(u.port || 5432) };
  } catch {
    return { host: '127.0.0.1', port: 5432 };
  }
}

// ---- probing and installing (side effects) ----

function onPath(cmd) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, cmd), constants.X_OK);
      return true;
    } catch { /* not here */ }
  }
  return false;
}

/** As test/helpers/libreoffice.ts findSoffice looks for it. */
function hasSoffice() {
  if (process.env.SOFFICE === 'none') return false;
  for (const c of [process.env.SOFFICE, '/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice']) if (c && existsSync(c)) return true;
  return onPath('soffice');
}

function tcpOpen({ host, port }, timeoutMs = 500) {
  return new Promise((done) => {
    const socket = connect({ host, port });
    const finish = (ok) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

export async function probe(pgUrl = DEFAULT_PG_URL) {
  const result = {
    chromium: existsSync(CHROMIUM_PATH),
    pdftotext: onPath('pdftotext'),
    pdftoppm: onPath('pdftoppm'),
    soffice: hasSoffice(),
    dejavu: existsSync(FONT_FILES.dejavu),
    liberation: existsSync(FONT_FILES.liberation),
    postgresql: await tcpOpen(pgEndpoint(pgUrl)),
  };
  const override = process.env.SETTLE_TOOLS_PROBE;
  if (override) {
    const o = JSON.parse(override);
    for (const k of PROBE_KEYS) if (typeof o[k] === 'boolean') result[k] = o[k];
  }
  return result;
}

function localClusters() {
  if (!onPath('pg_lsclusters')) return null;
  const r = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  return r.status === 0 ? parseClusters(r.stdout) : [];
}

/** Test files as vitest.config.ts includes them ("DIR/**\/*SUFFIX" patterns), with the test helpers each reaches. */
export function testFiles(root) {
  let include = ['src/**/*.test.ts', 'test/**/*.test.ts'];
  try {
    const m = /include:\s*\[([^\]]*)\]/.exec(readFileSync(join(root, 'vitest.config.ts'), 'utf8'));
    if (m) include = [...m[1].matchAll(/['"]([^'"]+)['"]/g)].map((x) => x[1]);
  } catch { /* the default */ }
  const found = new Set();
  for (const pattern of include) {
    const m = /^([^*]+)\/\*\*\/\*(.+)$/.exec(pattern);
    if (m) walk(join(root, m[1]), (p) => p.endsWith(m[2]) && found.add(p));
  }
  const files = [];
  for (const abs of [...found].sort()) {
    const text = readFileSync(abs, 'utf8');
    if (text.includes('ensure-tools.mjs')) continue; // this script's own tests hold rule examples, not uses
    files.push({ path: relative(root, abs).split(sep).join('/'), text, helpers: helperTexts(root, abs, text) });
  }
  return files;
}

function walk(dir, visit) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, visit);
    else visit(p);
  }
}

/** The texts of the test helpers (files under test/ that are not tests) a file imports, transitively. */
function helperTexts(root, file, text, seen = new Set()) {
  const out = [];
  const testDir = join(root, 'test') + sep;
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = resolve(dirname(file), m[1]);
    if (seen.has(target) || !target.startsWith(testDir) || target.endsWith('.test.ts')) continue;
    seen.add(target);
    let t;
    try {
      if (!statSync(target).isFile()) continue;
      t = readFileSync(target, 'utf8');
    } catch {
      continue;
    }
    out.push(t, ...helperTexts(root, target, t, seen));
  }
  return out;
}

async function waitFor(endpoint, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await tcpOpen(endpoint, 300)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

export async function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const ci = Boolean(process.env.CI);
  const pgUrl = process.env.SETTLE_TEST_DATABASE_URL ?? DEFAULT_PG_URL;
  const endpoint = pgEndpoint(pgUrl);
  let found = await probe(pgUrl);
  if (missingTools(found).length === 0) {
    console.log(readyLine());
    return 0;
  }

  const root_ = typeof process.getuid === 'function' && process.getuid() === 0;
  const plan = found.postgresql ? { cluster: null, note: null } : pgPlan({ clusters: isLocal(endpoint.host) ? localClusters() : [], url: pgUrl });
  let pgCluster = plan.cluster;
  const noInstall = process.env.SETTLE_TOOLS_NO_INSTALL === '1' || Boolean(process.env.SETTLE_TOOLS_PROBE);
  const hasApt = onPath('apt-get');
  const whyNot = [];
  if (noInstall) whyNot.push(process.env.SETTLE_TOOLS_PROBE ? 'SETTLE_TOOLS_PROBE is set' : 'SETTLE_TOOLS_NO_INSTALL=1');
  else {
    let me = '';
    try {
      me = userInfo().username;
    } catch { /* no user name */ }
    if (pgCluster && (root_ || pgCluster.owner === me)) {
      console.log(`tools: starting PostgreSQL ${pgCluster.version} ${pgCluster.cluster}`);
      const r = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', pgCluster.version, pgCluster.cluster, 'start'], { stdio: ['ignore', 'inherit', 'inherit'] });
      if (r.status === 0 && (await waitFor(endpoint, 10_000))) pgCluster = null;
      else whyNot.push(`${pgStartCommand(pgCluster)} did not bring up ${endpoint.host}:${endpoint.port}`);
    } else if (pgCluster) whyNot.push('starting PostgreSQL needs root');
    const pkgs = aptPackages(found);
    if (pkgs.length > 0) {
      if (!root_) whyNot.push('installing packages needs root');
      else if (!hasApt) whyNot.push('apt-get not found');
      else {
        console.log(`tools: installing ${pkgs.join(' ')}`);
        const r = spawnSync('sh', ['-c', aptCommand(pkgs)], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
        if (r.status !== 0) whyNot.push(`apt-get exited with ${r.status ?? r.signal}`);
      }
    }
    found = await probe(pgUrl);
    if (missingTools(found).length === 0) {
      console.log(readyLine());
      return 0;
    }
  }

  const command = installCommand({ packages: aptPackages(found), pgCluster: found.postgresql ? null : pgCluster, root: root_ });
  const text = report({ probe: found, suites: suitesNeeding(testFiles(root)), command, ci, why: whyNot.join('; ') || null, pgUrl, pgNote: plan.note });
  console.error(text);
  return ci ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code), (e) => {
    console.error(`tools: ${e instanceof Error ? e.stack : e}`);
    process.exit(process.env.CI ? 1 : 0);
  });
}
