import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { htmlText } from '../text/html.ts';

/**
 * HTML → PDF with the Debian Chromium through playwright-core (no browser download). One
 * browser serves every document a command prints: open a printer, print, close it.
 * (reference/verified-stack.md, recipe 6.)
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Chromium is not installed where settle looks for it. */
export class ChromiumMissing extends Error {
  constructor(path: string) {
    super(`printing a PDF needs Chromium, which is not installed at ${path}: install Debian package chromium (sudo apt-get install chromium), or write HTML with --format html and print it from a browser`);
    this.name = 'ChromiumMissing';
  }
}

export interface PrintOptions {
  paper?: 'letter' | 'a4';
  /** Plain text in the page footer, beside "page N of M". */
  footer?: string;
}

export interface PdfPrinter {
  print(html: string, opts?: PrintOptions): Promise<Buffer>;
  close(): Promise<void>;
}

/** Launches Chromium once; `print` may then be called for as many documents as needed. */
export async function openPrinter(opts: { executablePath?: string } = {}): Promise<PdfPrinter> {
  const executablePath = opts.executablePath ?? CHROMIUM_PATH;
  if (!existsSync(executablePath)) throw new ChromiumMissing(executablePath);
  let browser: Browser;
  try {
    // Loaded here, not at start-up: only printing needs the browser driver.
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  } catch (e) {
    throw new Error(`Chromium at ${executablePath} did not start: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  return {
    async print(html, o = {}) {
      // Our own HTML, self-contained (inline CSS and SVG): it needs no script and nothing from the
      // network, so the page runs with JavaScript off and offline. Were text from a proposal or a
      // dataset ever to reach it as markup, it could neither run nor send anything anywhere.
      const page = await browser.newPage({ javaScriptEnabled: false, offline: true });
      try {
        // The document is self-contained: nothing to fetch, so 'load' is enough.
        await page.setContent(html, { waitUntil: 'load' });
        const footer = `<div style="width:100%;font-size:7pt;color:#555;padding:0 13mm;display:flex;justify-content:space-between;font-family:'Liberation Sans','DejaVu Sans',sans-serif">`
          + `<span>${htmlText(o.footer ?? '')}</span><span>page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
        return await page.pdf({
          format: o.paper === 'a4' ? 'A4' : 'Letter',
          printBackground: true,
          preferCSSPageSize: true,
          displayHeaderFooter: true,
          headerTemplate: '<span></span>',
          footerTemplate: footer,
          margin: { top: '14mm', bottom: '16mm', left: '13mm', right: '13mm' },
        });
      } finally {
        await page.close();
      }
    },
    async close() {
      await browser.close();
    },
  };
}

/** Prints one HTML document (launching and closing Chromium around it). */
export async function htmlToPdf(html: string, opts: PrintOptions & { executablePath?: string } = {}): Promise<Buffer> {
  const printer = await openPrinter(opts);
  try {
    return await printer.print(html, opts);
  } finally {
    await printer.close();
  }
}
