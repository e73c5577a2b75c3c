// Benchmark: the proposal editor in Chromium at LAUSD scale. The web app is built (Vite, into a
// temporary folder), the server runs here with the LAUSD demo (63,600 employees, 1,300 schools,
// one costing thread) and real Chromium (/usr/bin/chromium) drives the editor as the UTLA
// bargaining team. Prints, for each proposal:
//   - edit → updated cost: from the input event to the DOM update of the figure (a
//     MutationObserver in the page), median and p95 over --edits edits; each edit follows the
//     previous answer after a short pause, as a person reads the figure before the next change
//     (so each is sent at once: the 120 ms debounce applies only to faster changes);
//   - the editor's own measure of the same (data-edit-to-cost-ms) and the request's share of it
//     (PerformanceResourceTiming: request start to response end);
//   - the bytes of each POST /api/costings answer (on the wire and decoded), and how much of a
//     decoded answer is positions[] (positions added per school) and line traces;
//   - typing a value character by character (30 and 80 ms a key): last keystroke → figure. While
//     typing, at most one request goes out per 120 ms (live-costing.ts), so the last key waits
//     0-120 ms for its request, depending on when it falls.
// Proposals: the template's single 3% raise, and UTLA's 2019 demands (examples/lausd-2019/
// utla-demands.yaml: a retroactive raise, a bonus, class-size caps at 1,300 schools, three
// staffing guarantees). Never fails on time.
//
//   node --import tsx bench/web-editor.ts [--edits 20] [--bursts 5]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { parse } from 'yaml';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/reports/pdf.ts';
import { DEMO_PASSWORD } from '../src/server/demo.ts';
import { startServer } from '../src/server/serve.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const EDITS = arg('--edits', 20);
const BURSTS = arg('--bursts', 5);

const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0)} ms`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`);
const line = (label: string, value: string) => console.log(`  ${label.padEnd(62)} ${value}`);
const fieldId = (path: string) => `#ed-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;

interface Sample { observed: number; app: number; request: number; encoded: number; decoded: number }

/**
 * Types the value (at once, or a key at a time) and measures in the page: every DOM change of
 * the cost panel is noted with its time; the answer to the last input is the first change
 * after it that shows a new figure while the panel says it is up to date (an answer to an older
 * draft never does: live-costing.ts marks it 'working').
 */
async function edit(page: Page, selector: string, value: string, { perKey = 0 } = {}): Promise<Sample> {
  await page.evaluate(() => {
    const w = window as unknown as { edT: { last: number; figAtLast: string; marks: { t: number; ok: boolean; fig: string }[]; stop: () => void } };
    const figure = () => document.querySelector('.ed-grand-total')?.textContent ?? '';
    const aside = document.querySelector('aside.ed-aside') as HTMLElement;
    const onInput = () => { w.edT.last = performance.now(); w.edT.figAtLast = figure(); };
    const obs = new MutationObserver(() => w.edT.marks.push({ t: performance.now(), ok: aside.getAttribute('data-state') === 'ok', fig: figure() }));
    w.edT?.stop?.();
    w.edT = { last: 0, figAtLast: '', marks: [], stop: () => { obs.disconnect(); document.removeEventListener('input', onInput, { capture: true }); } };
    document.addEventListener('input', onInput, { capture: true });
    performance.clearResourceTimings();
    obs.observe(aside, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const field = page.locator(selector);
  if (perKey > 0) {
    await field.fill('');
    await field.pressSequentially(value, { delay: perKey });
  } else {
    await field.fill(value);
  }
  await page.waitForFunction(() => {
    const w = window as unknown as { edT: { last: number; figAtLast: string; marks: { t: number; ok: boolean; fig: string }[] } };
    return w.edT.marks.some((m) => m.t > w.edT.last && m.ok && m.fig !== w.edT.figAtLast);
  }, undefined, { timeout: 30_000 });
  return page.evaluate(() => {
    const w = window as unknown as { edT: { last: number; figAtLast: string; marks: { t: number; ok: boolean; fig: string }[]; stop: () => void } };
    const end = w.edT.marks.find((m) => m.t > w.edT.last && m.ok && m.fig !== w.edT.figAtLast)!.t;
    w.edT.stop();
    const entries = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/api/costings') as PerformanceResourceTiming[];
    const last = entries[entries.length - 1];
    return {
      observed: end - w.edT.last,
      app: Number(document.querySelector('aside.ed-aside')?.getAttribute('data-edit-to-cost-ms')),
      request: last ? last.responseEnd - last.requestStart : NaN,
      encoded: last?.encodedBodySize ?? NaN,
      decoded: last?.decodedBodySize ?? NaN,
    };
  });
}

function report(title: string, samples: Sample[]) {
  const o = samples.map((s) => s.observed);
  console.log(`\n${title} — ${samples.length} edits`);
  line('edit → updated cost (input event → figure in the DOM): median', ms(pct(o, 50)));
  line('                                                      p95', ms(pct(o, 95)));
  line('                                                      min / max', `${ms(Math.min(...o))} / ${ms(Math.max(...o))}`);
  line('the editor\'s own measure (data-edit-to-cost-ms): median', ms(pct(samples.map((s) => s.app), 50)));
  line('of which POST /api/costings, request → response end: median', ms(pct(samples.map((s) => s.request), 50)));
  line('answer size on the wire / decoded (median)', `${kb(pct(samples.map((s) => s.encoded), 50))} / ${kb(pct(samples.map((s) => s.decoded), 50))}`);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'settle-bench-web-'));
const dbDir = mkdtempSync(join(tmpdir(), 'settle-bench-editor-'));
console.log(`settle editor benchmark — Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'}, ${availableParallelism()} cores; Chromium ${CHROMIUM_PATH}; server in this process, 1 costing thread, LAUSD demo`);
await build({ configFile: join(root, 'web/vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await startServer({ database: { file: join(dbDir, 'settle.sqlite') }, port: 0, host: '127.0.0.1', demo: true, webRoot: outDir, log: () => undefined });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx keeps function names with a helper (__name) that page.evaluate's functions then call in the page.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const page = await context.newPage();
  const sizes: { encoded: number; decoded: number; positions: number; traces: number }[] = [];
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname !== '/api/costings' || res.status() !== 200) return;
    try {
      const body = await res.body();
      const json = JSON.parse(body.toString('utf8')) as { positions: unknown[]; years: { lines: { trace: unknown }[] }[] };
      const traces = json.years.flatMap((y) => y.lines.map((l) => JSON.stringify(l.trace).length)).reduce((a, b) => a + b, 0);
      sizes.push({ encoded: Number(res.headers()['content-length'] ?? body.length), decoded: body.length, positions: JSON.stringify(json.positions).length, traces });
    } catch {
      // an aborted answer has no body
    }
  });
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill('bargaining@utla.demo');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/workspace/);

  // 1. The template: one 3% raise for UTLA.
  await page.goto(`${server.url}/workspace/proposals/new`);
  await page.waitForSelector('aside.ed-aside[data-state="ok"]', { timeout: 60_000 });
  await page.waitForTimeout(500); // the dataset's roles load in a worker meanwhile
  const values = Array.from({ length: EDITS }, (_, k) => String(1 + ((k * 7) % 40) / 10 + (k % 2 ? 0.05 : 0)));
  const raise: Sample[] = [];
  for (const v of values) {
    await page.waitForTimeout(250); // a person reads the figure before the next change
    raise.push(await edit(page, fieldId('terms[0].pct'), v));
  }
  const raiseSizes = sizes.splice(0);
  report('A 3% raise for UTLA (31,800 employees, 886 pay groups)', raise);

  for (const perKey of [30, 80]) {
    const bursts: number[] = [];
    for (let k = 0; k < BURSTS; k++) {
      await page.waitForTimeout(250);
      bursts.push((await edit(page, fieldId('terms[0].pct'), `${2 + k}.75`, { perKey })).observed);
    }
    line(`typing "N.75", ${perKey} ms a key, last key → figure: median / max of ${BURSTS}`, `${ms(pct(bursts, 50))} / ${ms(Math.max(...bursts))}`);
  }

  // 2. UTLA's 2019 demands, imported as a file, then its first raise edited.
  const demands = readFileSync(join(root, 'examples/lausd-2019/utla-demands.yaml'), 'utf8');
  sizes.splice(0);
  await page.locator('.ed-file input[type=file]').setInputFiles({ name: 'utla-demands.yaml', mimeType: 'application/yaml', buffer: Buffer.from(demands) });
  await page.waitForFunction(() => document.querySelectorAll('.ed-term').length > 3);
  await page.waitForSelector('aside.ed-aside[data-state="ok"]', { timeout: 60_000 });
  const firstRaise = await page.locator('.ed-term').evaluateAll((cards) => cards.findIndex((c) => (c.querySelector('select') as HTMLSelectElement | null)?.value === 'raise'));
  const all: Sample[] = [];
  for (const v of values) {
    await page.waitForTimeout(250);
    all.push(await edit(page, fieldId(`terms[${firstRaise}].pct`), v));
  }
  const demandSizes = sizes.splice(0);
  const terms = (parse(demands) as { terms: { kind: string }[] }).terms;
  const costed = terms.filter((t) => t.kind !== 'non-cost');
  report(`UTLA's 2019 demands (${terms.length} terms, ${costed.length} costed: ${costed.map((t) => t.kind).join(', ')})`, all);

  console.log('\nPOST /api/costings answers');
  for (const [name, s] of [['3% raise', raiseSizes], ['UTLA 2019 demands', demandSizes]] as const) {
    if (s.length === 0) continue;
    const d = pct(s.map((x) => x.decoded), 50);
    const p = pct(s.map((x) => x.positions), 50);
    const t = pct(s.map((x) => x.traces), 50);
    line(`${name}: answers / bytes (median)`, `${s.length} / ${kb(d)} (content-length ${kb(pct(s.map((x) => x.encoded), 50))})`);
    line(`${name}: of which positions[] / line traces`, `${kb(p)} (${((100 * p) / d).toFixed(0)}%) / ${kb(t)} (${((100 * t) / d).toFixed(0)}%)`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dbDir, { recursive: true, force: true });
}
