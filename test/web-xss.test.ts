/**
 * No script from data, tried as an attacker would, in Chromium. A corpus of payloads (script
 * tags, event-handler attributes, `javascript:` and `data:` URLs, SVG, CSS, template and
 * markdown tricks, bidi and zero-width tricks) goes into every text field a person or a
 * dataset controls: the organizations' and people's names; the dataset's name, note, district
 * name and source, unit and union names, school names and addresses (a district admin's
 * upload); proposal titles, summaries, term titles, notes and non-cost texts, source titles
 * and links (both sides). Then every page is opened as each role that can see it (the
 * district admin, the union bargaining team, anonymous), each map tooltip and chart is
 * hovered and each cost trace opened, and the test counts script executions (every payload
 * calls `__xss(n)`, a function only the test defines; an `alert` would open a dialog), requests
 * to any origin other than the server, and Content-Security-Policy violations (the page's
 * `securitypolicyviolation` events and the server's report log): all 0. The disclosure HTML
 * opened with JavaScript on and no CSP, and the disclosure PDF's text, hold the payloads as
 * text.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readDatasetFolder } from '../src/district/read-folder.ts';
import { addPerson } from '../src/server/admin.ts';
import { createApp } from '../src/server/app.ts';
import { disclosureDocument } from '../src/server/reports/work.ts';
import { startServer, type RunningServer } from '../src/server/serve.ts';
import { withoutInvisible } from '../src/text/invisible.ts';
import { browserSuite, launchBrowser, newPage, signIn, webRoot } from './helpers/browser.ts';
import { TINY_DIR } from './helpers/tiny.ts';

const PASSWORD = 'a long and hostile passphrase';

/** The corpus: `N` is replaced by the payload's number, so a run says which payload ran where. */
const CORPUS = [
  '<script>__xss(N)</script>',
  '<img src=x onerror=__xss(N)>',
  '"><img src=x onerror=__xss(N)>',
  "'><svg onload=__xss(N)>",
  '<svg><script>__xss(N)</script></svg>',
  '<svg><animate onbegin=__xss(N) attributeName=x dur=1s>',
  '<iframe src="javascript:__xss(N)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(N)</script>"></iframe>',
  'javascript:__xss(N)',
  'data:text/html,<script>__xss(N)</script>',
  '<a href="javascript:__xss(N)">click me</a>',
  '<object data="data:text/html,<script>__xss(N)</script>"></object>',
  '<style>@import url(https://evil.example/N.css)</style>',
  '<div style="background:url(https://evil.example/N.png);width:expression(__xss(N))">x</div>',
  '<img src="https://evil.example/N.png">',
  '<link rel=stylesheet href=https://evil.example/N.css>',
  '<base href="https://evil.example/N/">',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(N)">',
  '<form action="https://evil.example/N"><button>send</button></form>',
  "{{constructor.constructor('__xss(N)')()}} ${__xss(N)} {date} {name}",
  '[click](javascript:__xss(N)) ![x](https://evil.example/N.png)',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(N)>',
  '</title></textarea></script><script>__xss(N)</script>',
  '\u202Egnp.exe <img src=x onerror=__xss(N)>',
  '\u200B<scr\u200Bipt>__xss(N)</scr\u200Bipt>\u2066\u2067\u200F\uFEFF',
  '<img src=x o\u200Dnerror=__xss(N)>\u061C\u2060\u202A\u202B\u202C\u202D',
] as const;
const PAYLOADS = CORPUS.map((p, i) => `P${i + 1} ${p.replaceAll('N', String(i + 1))}`);
/** Links in a proposal's sources: the corpus's URLs. */
const HREFS = ['javascript:__xss(101)', 'data:text/html,<script>__xss(102)</script>', 'JaVaScRiPt:__xss(103)', ' javascript:__xss(104)', 'vbscript:__xss(105)', 'https://evil.example/106'];

/** What a reader should see of a payload: the text, less the invisible characters. */
const seen = (payload: string) => withoutInvisible(payload);

const csv = (s: string) => `"${s.replaceAll('"', '""')}"`;
const yamlString = (s: string) => JSON.stringify(s);

/** The tiny district with a payload in every text field it has, and one school per payload. */
function hostileDataset(): Record<string, string> {
  const read = (f: string) => readFileSync(join(TINY_DIR, f), 'utf8');
  const files: Record<string, string> = {};
  for (const f of ['budget.csv', 'enrollment.csv', 'schedules.csv', 'staff.csv']) files[f] = read(f);
  files['district.yaml'] = read('district.yaml')
    .replace(/^name: .*$/m, `name: ${yamlString(`Tiny Unified ${PAYLOADS[0]}`)}`)
    .replace(/^( {2}- title: ).*$/m, `$1${yamlString(PAYLOADS[1])}`);
  const units = read('units.csv').split('\n');
  files['units.csv'] = [units[0], `T,${csv(PAYLOADS[2])},certificated,${csv(PAYLOADS[3])}`, `C,${csv(PAYLOADS[4])},classified,${csv(PAYLOADS[5])}`, ''].join('\n');
  const schools = read('schools.csv').trimEnd().split('\n');
  // The four schools keep their ids (staff and enrollment name them); one more per payload, on a grid 0.02° apart south of them.
  const rows = schools.slice(1).map((line, i) => {
    const cells = line.split(',');
    return [...cells.slice(0, 2), csv(PAYLOADS[i]), ...cells.slice(3, 8), csv(PAYLOADS[(i + 1) % PAYLOADS.length])].join(',');
  });
  PAYLOADS.forEach((p, i) => {
    const lat = (33.9 + 0.02 * Math.floor(i / 6)).toFixed(2);
    const lon = (-118.2 - 0.02 * (i % 6)).toFixed(2);
    rows.push(`X${i + 1},${99999990000100 + i},${csv(p)},elementary,K-5,${i % 2 === 0 ? 'yes' : 'no'},${lat},${lon},${csv(p)}`);
  });
  files['schools.csv'] = [schools[0], ...rows, ''].join('\n');
  return files;
}

/** A proposal whose every text field holds payloads: one raise and one non-cost term per payload given. */
function hostileProposal(o: { id: string; title: string; party: 'union' | 'district'; payloads: string[] }): string {
  const lines = [
    `id: ${o.id}`, `title: ${yamlString(o.title)}`, `party: ${o.party}`, 'unit: T', 'date: 2019-03-01', 'term: { start: 2019-07-01, end: 2021-06-30 }',
    `summary: ${yamlString(o.payloads.join(' '))}`, 'sources:',
    ...o.payloads.map((p, i) => `  - { title: ${yamlString(p)}, href: ${yamlString(HREFS[i % HREFS.length])} }`),
    'terms:',
    ...o.payloads.flatMap((p, i) => [
      `  - { kind: raise, pct: 0.1, effective: 2019-07-01, title: ${yamlString(p)}, note: ${yamlString(p)} }`,
      `  - { kind: non-cost, id: text-${i + 1}, title: ${yamlString(p)}, text: ${yamlString(p)} }`,
    ]),
  ];
  return `${lines.join('\n')}\n`;
}

/** The fields the payloads went into, with how many payloads each holds (for the counts printed at the end). */
const FIELDS: Record<string, number> = {};
const field = (name: string, n: number) => void (FIELDS[name] = (FIELDS[name] ?? 0) + n);

interface World {
  server: RunningServer;
  dir: string;
  logs: string[];
  datasetVersionId: number;
  unionBig: { proposalId: number; versionId: number };
  districtBig: { proposalId: number; versionId: number };
  unionTitled: number[];
}

async function buildWorld(): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'settle-xss-'));
  const logs: string[] = [];
  const server = await startServer({ database: { file: join(dir, 'settle.sqlite') }, port: 0, host: '127.0.0.1', webRoot: webRoot(), log: (l) => void logs.push(l) });
  const { db } = server.deps;
  const now = new Date();
  const org = async (values: { kind: 'district' | 'union'; name: string; district_id: number | null; unit: string | null }) =>
    (await db.insertInto('organizations').values({ id: server.deps.ids.next(null), ...values, created_at: now.toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
  const district = await org({ kind: 'district', name: `Tiny Unified ${PAYLOADS[6]}`, district_id: null, unit: null });
  const union = await org({ kind: 'union', name: `Tiny Teachers ${PAYLOADS[7]}`, district_id: district, unit: 'T' });
  field('organization name', 2);
  const hash = await server.deps.passwords.hash(PASSWORD);
  const people = [
    { organizationId: district, email: 'admin@district.test', role: 'admin' },
    { organizationId: union, email: 'bargaining@union.test', role: 'bargaining-team' },
  ];
  for (const [i, p] of people.entries()) await addPerson(db, { ...p, name: PAYLOADS[8 + i], passwordHash: hash, now, ids: server.deps.ids });
  field('person name', 2);

  const app = createApp(server.deps);
  const as = async (email: string) => {
    const login = await app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    if (login.status !== 200) throw new Error(`sign-in as ${email}: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    return async (method: string, path: string, body?: unknown) => {
      const res = await app.request(path, { method, headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 1000)}`);
      return JSON.parse(text || 'null');
    };
  };
  const admin = await as('admin@district.test');
  const bargaining = await as('bargaining@union.test');

  const uploaded = await admin('POST', '/api/datasets', { name: `Hostile ${PAYLOADS[10]}`, note: PAYLOADS.join('\n'), files: hostileDataset() });
  field('dataset name', 1);
  field('dataset note', PAYLOADS.length);
  field('district name (dataset)', 1);
  field('dataset source title', 1);
  field('unit and union names', 4);
  field('school name', PAYLOADS.length + 4);
  field('school address', PAYLOADS.length + 4);
  const datasetVersionId = uploaded.version.id as number;

  const draft = async (call: typeof admin, yaml: string) => {
    const v = await call('POST', '/api/proposals', { yaml, datasetVersionId });
    await call('POST', `/api/proposal-versions/${v.id}/pass`);
    await call('POST', `/api/proposal-versions/${v.id}/publish`);
    return { proposalId: v.proposalId as number, versionId: v.id as number };
  };
  const unionBig = await draft(bargaining, hostileProposal({ id: 'union-all', title: `Union ${PAYLOADS[11]}`, party: 'union', payloads: PAYLOADS }));
  const districtBig = await draft(admin, hostileProposal({ id: 'district-all', title: `District ${PAYLOADS[12]}`, party: 'district', payloads: PAYLOADS }));
  // One union proposal per payload, titled with it (the title shows on the public page, the home page and the compare).
  const unionTitled: number[] = [];
  for (const [i, p] of PAYLOADS.entries()) unionTitled.push((await draft(bargaining, hostileProposal({ id: `title-${i + 1}`, title: p, party: 'union', payloads: [p] }))).versionId);
  field('proposal title', PAYLOADS.length + 2);
  for (const name of ['proposal summary', 'term title', 'term note', 'non-cost term text', 'source title']) field(name, 3 * PAYLOADS.length);
  field('source link', 2 * PAYLOADS.length + PAYLOADS.length);
  await app.close();
  return { server, dir, logs, datasetVersionId, unionBig, districtBig, unionTitled };
}

/** Counters shared by every page the test opens. */
const counts = { executions: [] as string[], outbound: [] as string[], violations: [] as string[], pages: 0, tooltips: 0, charts: 0, traces: 0 };

/** A browser context with the traps set: `__xss` and dialogs count executions; the CSP listener counts violations. */
async function trappedPage(browser: Browser, base: string, where: () => string): Promise<{ context: BrowserContext; page: Page; outside: string[] }> {
  const { context, page, outside } = await newPage(browser, { base });
  await context.exposeFunction('__xss', (n: unknown) => void counts.executions.push(`payload ${String(n)} ran on ${where()}`));
  await context.exposeFunction('__cspViolation', (what: string) => void counts.violations.push(`${where()}: ${what}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(s: string): void }).__cspViolation(`${e.effectiveDirective} blocked ${e.blockedURI} ${e.sample}`);
    });
  });
  page.on('dialog', (d) => {
    counts.executions.push(`a ${d.type()} dialog "${d.message()}" on ${where()}`);
    void d.dismiss();
  });
  return { context, page, outside };
}

/** The centres of the dots drawn on the map's canvas, in page coordinates (the map has no tiles: every painted pixel is a dot). */
async function dotCentres(page: Page): Promise<{ x: number; y: number }[]> {
  return page.evaluate(() => {
    const centres: { x: number; y: number }[] = [];
    const box = document.querySelector('.ws-map')!.getBoundingClientRect();
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.ws-map canvas')) {
      const { width, height } = canvas;
      const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
      const rect = canvas.getBoundingClientRect();
      const scale = rect.width / width;
      const seenPx = new Uint8Array(width * height);
      for (let start = 0; start < width * height; start++) {
        if (seenPx[start] || data[start * 4 + 3] === 0) continue;
        // Flood fill one dot.
        let sx = 0, sy = 0, n = 0;
        const stack = [start];
        seenPx[start] = 1;
        while (stack.length > 0) {
          const i = stack.pop()!;
          const x = i % width, y = (i - x) / width;
          sx += x; sy += y; n++;
          for (const j of [i - 1, i + 1, i - width, i + width]) {
            if (j >= 0 && j < width * height && !seenPx[j] && data[j * 4 + 3] > 0 && Math.abs((j % width) - x) <= 1) {
              seenPx[j] = 1;
              stack.push(j);
            }
          }
        }
        const cx = rect.left + (sx / n) * scale, cy = rect.top + (sy / n) * scale;
        if (n > 4 && cx > box.left && cx < box.right && cy > box.top && cy < box.bottom) centres.push({ x: cx, y: cy });
      }
    }
    return centres;
  });
}

browserSuite('no script from data (Chromium)', () => {
  let world: World;
  let browser: Browser;
  let where = '';
  beforeAll(async () => {
    [world, browser] = await Promise.all([buildWorld(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await world?.server.close();
    if (world) rmSync(world.dir, { recursive: true, force: true });
  });

  it('catches a payload that runs and a request the policy blocks (the traps themselves work)', async () => {
    const { context, page } = await trappedPage(browser, world.server.url, () => 'the control page');
    await page.goto(`${world.server.url}/`);
    await page.locator('h1').first().waitFor();
    // Script the test runs itself (not blocked by the policy) calls the trap; markup the page then adds is held by the policy.
    await page.evaluate(() => (window as unknown as { __xss(n: number): void }).__xss(0));
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'https://evil.example/control.png';
      document.body.append(img);
      const div = document.createElement('div');
      div.innerHTML = '<img src=x onerror="__xss(-1)">';
      document.body.append(div);
    });
    await expect.poll(() => counts.violations.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    expect(counts.executions).toEqual(['payload 0 ran on the control page']);
    expect(counts.violations.some((v) => v.includes('img-src blocked https://evil.example/control.png'))).toBe(true);
    expect(counts.violations.some((v) => v.includes('script-src-attr'))).toBe(true);
    await context.close();
    counts.executions.length = 0;
    counts.violations.length = 0;
  });

  async function visit(page: Page, path: string, who: string, ready: string) {
    where = `${path} as ${who}`;
    await page.goto(`${world.server.url}${path}`);
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    counts.pages++;
  }

  /** Moves over every drawn chart, left to right, so each shows its tooltip. */
  async function hoverCharts(page: Page) {
    const charts = page.locator('figure.chart[data-drawn] [role="img"]');
    const n = await charts.count();
    for (let i = 0; i < n; i++) {
      const chart = charts.nth(i);
      await chart.scrollIntoViewIfNeeded();
      const box = await chart.boundingBox();
      if (!box) continue;
      for (const f of [0.3, 0.5, 0.7]) await page.mouse.move(box.x + box.width * f, box.y + box.height * 0.5);
      counts.charts++;
    }
  }

  /** Hovers every school on the map and checks its tooltip shows the name as text. */
  async function hoverSchools(page: Page): Promise<string[]> {
    const map = page.locator('.ws-map[data-points]');
    await map.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    const dots = await dotCentres(page);
    const shown: string[] = [];
    for (const d of dots) {
      await page.mouse.move(d.x, d.y);
      const tip = page.locator('.leaflet-tooltip').last();
      if (await tip.isVisible().catch(() => false)) {
        shown.push(await tip.evaluate((el) => `${el.children.length === 1 && el.children[0].children.length === 0 ? 'text' : 'markup'}|${el.textContent}`));
        counts.tooltips++;
      }
      await page.mouse.move(5, 5);
    }
    return shown;
  }

  async function openTraces(page: Page) {
    const buttons = page.locator('button.ed-figure');
    const n = Math.min(await buttons.count(), 4);
    for (let i = 0; i < n; i++) {
      await buttons.nth(i).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      counts.traces++;
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' }).catch(() => undefined);
    }
  }

  for (const role of [{ who: 'district admin', email: 'admin@district.test' }, { who: 'union bargaining team', email: 'bargaining@union.test' }]) {
    it(`runs nothing and sends nothing anywhere on every workspace page as the ${role.who}`, async () => {
      const { context, page, outside } = await trappedPage(browser, world.server.url, () => where);
      await signIn(page, world.server.url, role.email, PASSWORD);
      const { unionBig, districtBig } = world;
      await visit(page, '/workspace', role.who, 'section[aria-labelledby="ws-mine"]');
      // The titles are text: the home page shows each as written, less the invisible characters.
      const home = await page.locator('main').textContent();
      expect(home).toContain(seen(`Union ${PAYLOADS[11]}`).slice(0, 40));

      await visit(page, `/workspace/dataset?version=${world.datasetVersionId}`, role.who, '.ws-map[data-points]');
      // 4 schools of the fixture and one per payload.
      await expect(page.locator('.ws-map').getAttribute('data-points')).resolves.toBe(String(PAYLOADS.length + 4));
      const tips = await hoverSchools(page);
      expect(tips.length).toBe(PAYLOADS.length + 4);
      expect(tips.filter((t) => !t.startsWith('text|'))).toEqual([]);
      // Every payload's school shows its name as text (the tooltip line starts with it).
      for (const p of PAYLOADS) expect(tips.some((t) => t.includes(seen(p))), p).toBe(true);
      await hoverCharts(page);

      await visit(page, `/workspace/compare?versions=${unionBig.versionId},${districtBig.versionId}`, role.who, 'figure.chart[data-drawn]');
      await hoverCharts(page);
      for (const v of [unionBig, districtBig]) {
        await visit(page, `/workspace/versions/${v.versionId}`, role.who, 'button.ed-figure');
        await openTraces(page);
      }
      const own = role.who === 'district admin' ? districtBig : unionBig;
      await visit(page, `/workspace/proposals/${own.proposalId}`, role.who, 'form, main input');
      await page.waitForTimeout(500);
      await visit(page, '/workspace/proposals/new', role.who, 'main input');
      // The public pages, signed in.
      await visit(page, '/', role.who, 'article[data-version]');
      await hoverCharts(page);
      await page.waitForTimeout(300);
      counts.outbound.push(...outside);
      await context.close();
      expect(counts.executions).toEqual([]);
      expect(outside).toEqual([]);
      expect(counts.violations).toEqual([]);
    }, 180_000);
  }

  it('runs nothing and sends nothing anywhere on the public pages, anonymously', async () => {
    const { context, page, outside } = await trappedPage(browser, world.server.url, () => where);
    await visit(page, '/', 'anonymous', 'article[data-version]');
    const text = await page.locator('main').textContent();
    // Every payload's title is on the page as text, without its bidi and zero-width characters.
    for (const p of PAYLOADS) expect(text, p).toContain(seen(p));
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060\uFEFF\u061C]/);
    // Source links: none of the hostile ones is a link (only http and https are).
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((h) => /^\s*(javascript|data|vbscript):/i.test(h))).toEqual([]);
    await hoverCharts(page);
    await page.locator('details.pp-sources').evaluateAll((ds) => ds.forEach((d) => d.setAttribute('open', '')));
    await visit(page, `/public/compare?versions=${world.unionBig.versionId},${world.districtBig.versionId}`, 'anonymous', 'figure.chart[data-drawn]');
    await hoverCharts(page);
    await visit(page, `/public/compare?versions=${world.unionTitled.slice(0, 6).join(',')}`, 'anonymous', 'figure.chart[data-drawn]');
    await hoverCharts(page);
    await page.waitForTimeout(300);
    counts.outbound.push(...outside);
    await context.close();
    expect(counts.executions).toEqual([]);
    expect(outside).toEqual([]);
    expect(counts.violations).toEqual([]);
  }, 120_000);

  it('writes the payloads as inert text in the disclosure HTML and the PDF', async () => {
    const doc = disclosureDocument(readDatasetFolder(writeFolder(hostileDataset())), hostileProposal({ id: 'union-all', title: `Union ${PAYLOADS[11]}`, party: 'union', payloads: PAYLOADS }));
    // No payload's markup survives as markup: every < of theirs is &lt;.
    for (const p of PAYLOADS.filter((x) => /[<>"']/.test(x))) expect(doc.html).not.toContain(p);
    expect(doc.html).not.toMatch(/<(script|img|iframe|object|link|base|form|math|a|style\b[^>]*>@import)\b/i);
    expect(doc.html).not.toMatch(/<meta http-equiv="?refresh|<[a-z][^>]*\son[a-z]+=/i);
    // The page carries its own policy (no script, nothing fetched) for when it is opened from a file.
    const policy = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/;
    expect(doc.html).toMatch(policy);
    // Opened in Chromium with JavaScript on and that policy taken out, so the escaping alone is tried:
    // nothing runs, nothing is fetched, every payload is text.
    const { context, page, outside } = await trappedPage(browser, 'http://127.0.0.1:1/', () => (where = 'the disclosure HTML'));
    await page.setContent(doc.html.replace(policy, ''), { waitUntil: 'load' });
    await page.waitForTimeout(300);
    const text = (await page.locator('body').textContent()) ?? '';
    for (const p of PAYLOADS) expect(text, p).toContain(seen(p));
    await context.close();
    expect(counts.executions).toEqual([]);
    expect(outside).toEqual([]);

    // The PDF the server prints for the union's version: the payloads are in its text.
    const res = await fetch(`${world.server.url}/api/proposal-versions/${world.unionBig.versionId}/disclosure.pdf`, { headers: { cookie: await cookieOf('bargaining@union.test') } });
    expect(res.status).toBe(200);
    const pdf = join(world.dir, 'd.pdf');
    writeFileSync(pdf, Buffer.from(await res.arrayBuffer()));
    const pdfText = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    // Distinctive pieces of payloads that a PDF can only hold as text.
    for (const piece of ['<img src=x onerror=__xss(2)>', '<svg><script>__xss(5)</script></svg>', '<iframe srcdoc="<script>parent.__xss(8)</script>">', 'gnp.exe <img src=x onerror=__xss(24)>']) expect(pdfText).toContain(piece);
  }, 120_000);

  it('logged no violation report on the server, and prints the counts', async () => {
    // Chromium sends reports through the Reporting API in batches: give any a moment to arrive.
    await new Promise((r) => setTimeout(r, 1_500));
    const reported = world.logs.filter((l) => l.startsWith('csp violation'));
    const roles = 3;
    const placements = Object.values(FIELDS).reduce((a, b) => a + b, 0);
    console.log([
      `no script from data: ${PAYLOADS.length} payloads (+ ${HREFS.length} link payloads) in ${Object.keys(FIELDS).length} fields (${placements} placements: ${Object.entries(FIELDS).map(([k, v]) => `${k} ${v}`).join(', ')})`,
      `  ${counts.pages} page loads as ${roles} roles (district admin, union bargaining team, anonymous), ${counts.tooltips} map tooltips hovered, ${counts.charts} charts hovered, ${counts.traces} cost traces opened`,
      `  payloads × fields × pages × roles tried: ${PAYLOADS.length} × ${Object.keys(FIELDS).length} × ${counts.pages} page loads over ${roles} roles`,
      `  script executions: ${counts.executions.length}; outbound requests: ${counts.outbound.length}; CSP violations: ${counts.violations.length} in pages, ${reported.length} reported to the server`,
    ].join('\n'));
    expect(counts.pages).toBeGreaterThan(15);
    expect(counts.tooltips).toBe(2 * (PAYLOADS.length + 4));
    expect(reported).toEqual([]);
    expect(counts.executions).toEqual([]);
    expect(counts.outbound).toEqual([]);
  });

  function writeFolder(files: Record<string, string>): string {
    const dir = mkdtempSync(join(world.dir, 'dataset-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return `${dir}/`;
  }

  async function cookieOf(email: string): Promise<string> {
    const res = await fetch(`${world.server.url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    return (res.headers.get('set-cookie') ?? '').split(';')[0];
  }
});
