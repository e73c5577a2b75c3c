/**
 * One PDF printer (one Chromium) per server: started by the first PDF asked for, shared by
 * every request after it, closed when the server closes. If Chromium is not installed the
 * answer says so (503) and the next request looks again; if the browser dies, the next print
 * starts another.
 *
 * At most PAGES_AT_ONCE pages print at once for the whole server (each is a Chromium tab, tens
 * of MB and a core while it lays out); the others wait per organization, served in turn, so one
 * side asking for 30 PDFs at once makes the other side's wait for at most the pages already
 * printing. Past WAITING_PRINTS waiting: 429 `pdf.busy`.
 */
import { ChromiumMissing, CHROMIUM_PATH, openPrinter, type PdfPrinter, type PrintOptions } from '../../reports/pdf.ts';
import { currentScope } from '../costing/scope.ts';
import { ApiError } from '../errors.ts';

export const PAGES_AT_ONCE = 2;
export const WAITING_PRINTS = 32;

/** A limit on work at once whose waiting is served a key at a time, in turn (round robin). */
export class FairGate {
  private running = 0;
  private waiting = 0;
  /** Waiting work by key; a key's place in the map is its turn (served, it goes to the end). */
  private readonly queues = new Map<string, (() => void)[]>();

  constructor(private readonly limit: number, private readonly maxWaiting: number) {}

  /** Resolves when `key`'s work may start; throws 429 when too much already waits. */
  async enter(key: string): Promise<void> {
    if (this.running < this.limit && this.waiting === 0) {
      this.running += 1;
      return;
    }
    if (this.waiting >= this.maxWaiting) {
      throw new ApiError(429, { code: 'pdf.busy', message: `${this.waiting} PDFs are waiting to be printed on this server`, hint: 'try again in a minute, or download the spreadsheet (disclosure.xlsx) now' }, { 'Retry-After': '30' });
    }
    this.waiting += 1;
    await new Promise<void>((resolve) => {
      const q = this.queues.get(key);
      if (q) q.push(resolve);
      else this.queues.set(key, [resolve]);
    });
  }

  /** Work ended: the next key in turn starts one of its waiting (the place passes to it), else a place is free. */
  leave(): void {
    for (const [key, q] of this.queues) {
      const next = q.shift() as () => void;
      this.queues.delete(key);
      if (q.length > 0) this.queues.set(key, q);
      this.waiting -= 1;
      next();
      return;
    }
    this.running -= 1;
  }
}

export class SharedPrinter {
  private opening: Promise<PdfPrinter> | null = null;
  private closed = false;
  private readonly gate = new FairGate(PAGES_AT_ONCE, WAITING_PRINTS);

  constructor(private readonly executablePath: string = CHROMIUM_PATH) {}

  private printer(): Promise<PdfPrinter> {
    if (this.closed) return Promise.reject(new Error('the server is stopping'));
    if (!this.opening) {
      const opening = openPrinter({ executablePath: this.executablePath });
      this.opening = opening;
      // A failed start is not kept: the next request tries again (Chromium may be installed by then).
      opening.catch(() => {
        if (this.opening === opening) this.opening = null;
      });
    }
    return this.opening;
  }

  /** Prints in the turn of the request's organization (its costing scope's key). */
  async print(html: string, opts: PrintOptions): Promise<Buffer> {
    await this.gate.enter(currentScope().key);
    try {
      return await this.printNow(html, opts);
    } finally {
      this.gate.leave();
    }
  }

  private async printNow(html: string, opts: PrintOptions): Promise<Buffer> {
    let printer: PdfPrinter;
    try {
      printer = await this.printer();
    } catch (e) {
      if (e instanceof ChromiumMissing) throw chromiumMissing(this.executablePath);
      throw e;
    }
    try {
      return await printer.print(html, opts);
    } catch (e) {
      // The browser may have died (killed, out of memory): start another once and try again.
      if (this.closed) throw e;
      this.opening = null;
      await printer.close().catch(() => undefined);
      return (await this.printer()).print(html, opts);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const opening = this.opening;
    this.opening = null;
    if (opening) await opening.then((p) => p.close(), () => undefined);
  }
}

const chromiumMissing = (path: string) =>
  new ApiError(503, {
    code: 'pdf.no-chromium',
    message: `this server cannot print PDFs: printing needs Chromium, which is not installed at ${path}`,
    hint: 'download the spreadsheet (disclosure.xlsx) instead, or ask the server operator to install Chromium (Debian package chromium) and try again',
  });
