// Benchmark: the public page at LAUSD scale, in real Chromium (Debian's /usr/bin/chromium), on
// a `settle serve --demo` server (the LAUSD dataset, 9 published proposals). Builds the web app
// first. Prints:
//   - the built JavaScript and CSS (raw and gzipped): what a browser downloads;
//   - the public API answer (raw and as sent gzipped);
//   - for cold loads of / on a phone-sized screen (a fresh browser context each time, so nothing
//     is cached): bytes transferred (HTML, JS, CSS, API answers; Chromium's encoded sizes plus
//     headers), the time from navigation to the first cost figure on screen, and to every chart
//     drawn; the median (and range) of the loads. Once on this machine's loopback, once with
//     a phone on a slow connection emulated (1.6 Mbit/s down, 150 ms round trip, CPU 4× slower).
// Never fails on time.
//
//   node --import tsx bench/web-public.ts [--loads 7]
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/reports/pdf.ts';
import { startServer } from '../src/server/serve.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const LOADS = arg('--loads', 7);
const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const line = (label: string, value: string) => console.log(`  ${label.padEnd(52)} ${value}`);

interface Load { bytes: Record<string, number>; requests: number; figures: number; charts: number }

/**
 * Records, in the page, when the first cost figure and when every chart's SVG appear (ms since
 * navigation start). A string, so that nothing the TypeScript loader adds to functions reaches the page.
 */
const WATCH = `(() => {
  const look = () => {
    if (window.__figures === undefined && document.querySelector('.pp-big')) window.__figures = performance.now();
    const charts = document.querySelectorAll('figure.chart');
    if (window.__charts === undefined && charts.length > 0 && [...charts].every((c) => c.hasAttribute('data-drawn') && c.querySelector('svg'))) window.__charts = performance.now();
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

async function coldLoad(browser: Browser, url: string, slow: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(WATCH);
  if (slow) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const sizes: Promise<[string, number]>[] = [];
  page.on('requestfinished', (r) => {
    const type = r.resourceType();
    const kind = type === 'document' ? 'HTML' : type === 'script' ? 'JS' : type === 'stylesheet' ? 'CSS' : type === 'fetch' || type === 'xhr' ? `API ${new URL(r.url()).pathname}` : type;
    sizes.push(r.sizes().then((s) => [kind, s.responseBodySize + s.responseHeadersSize]));
  });
  await page.goto(url);
  await page.waitForFunction('window.__charts !== undefined', undefined, { timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  const times = (await page.evaluate('({ figures: window.__figures, charts: window.__charts })')) as { figures: number; charts: number };
  const bytes: Record<string, number> = {};
  const all = await Promise.all(sizes);
  for (const [k, n] of all) bytes[k] = (bytes[k] ?? 0) + n;
  await context.close();
  return { bytes, requests: all.length, ...times };
}

function report(title: string, loads: Load[]) {
  console.log(`\n${title} (${loads.length} cold loads, phone screen, median [min–max])`);
  const kinds = [...new Set(loads.flatMap((l) => Object.keys(l.bytes)))].sort();
  const total = loads.map((l) => Object.values(l.bytes).reduce((a, b) => a + b, 0));
  for (const k of kinds) line(`bytes transferred: ${k}`, kb(median(loads.map((l) => l.bytes[k] ?? 0))));
  line('bytes transferred: all', `${kb(median(total))} in ${median(loads.map((l) => l.requests))} requests`);
  const range = (xs: number[]) => `${ms(median(xs))} [${ms(Math.min(...xs))}–${ms(Math.max(...xs))}]`;
  line('navigation → first cost figure on screen', range(loads.map((l) => l.figures)));
  line('navigation → every chart drawn', range(loads.map((l) => l.charts)));
}

async function main() {
  const root = fileURLToPath(new URL('../web/', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'settle-bench-web-'));
  // Built into a folder of its own (as the tests do): nothing else in the checkout can swap the files.
  const dist = join(dir, 'web');
  console.log('Building the web app (vite build web)');
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  console.log('\nBuilt web app (the assets vite build writes)');
  let js = 0;
  let jsGz = 0;
  for (const f of readdirSync(join(dist, 'assets')).sort()) {
    const body = readFileSync(join(dist, 'assets', f));
    const gz = gzipSync(body).length;
    if (f.endsWith('.js')) {
      js += body.length;
      jsGz += gz;
    }
    line(f, `${kb(statSync(join(dist, 'assets', f)).size)} (gzipped ${kb(gz)})`);
  }
  line('all JavaScript', `${kb(js)} (gzipped ${kb(jsGz)})`);

  console.log('\nStarting settle serve --demo (LAUSD dataset, 9 published proposals)');
  const server = await startServer({ database: { file: join(dir, 'settle.sqlite') }, port: 0, host: '127.0.0.1', demo: true, webRoot: dist, log: () => undefined });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const plain = await fetch(`${server.url}/api/public/proposals`, { headers: { 'accept-encoding': 'identity' } });
    const raw = (await plain.arrayBuffer()).byteLength;
    const sent = await fetch(`${server.url}/api/public/proposals`, { headers: { 'accept-encoding': 'gzip' } });
    const gzipped = Number(sent.headers.get('content-length'));
    await sent.arrayBuffer();
    console.log('\nThe public API answer the page reads (GET /api/public/proposals)');
    line('raw JSON', kb(raw));
    line('gzipped (as sent to a browser)', kb(gzipped));

    const url = `${server.url}/?lang=es`;
    await coldLoad(browser, url, false); // warm the server's answer cache and the OS file cache
    const fast: Load[] = [];
    for (let i = 0; i < LOADS; i++) fast.push(await coldLoad(browser, url, false));
    report('The public page / on loopback', fast);
    const slow: Load[] = [];
    for (let i = 0; i < Math.max(3, Math.ceil(LOADS / 2)); i++) slow.push(await coldLoad(browser, url, true));
    report('The public page / on an emulated slow phone connection (1.6 Mbit/s, 150 ms RTT, CPU 4× slower)', slow);
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
