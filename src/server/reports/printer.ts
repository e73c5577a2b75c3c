/**
 * One PDF printer (one Chromium) per server: started by the first PDF asked for, shared by
 * every request after it, closed when the server closes. If Chromium is not installed the
 * answer says so (503) and the next request looks again; if the browser dies, the next print
 * starts another.
 */
import { ChromiumMissing, CHROMIUM_PATH, openPrinter, type PdfPrinter, type PrintOptions } from '../../reports/pdf.ts';
import { ApiError } from '../errors.ts';

export class SharedPrinter {
  private opening: Promise<PdfPrinter> | null = null;
  private closed = false;

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

  async print(html: string, opts: PrintOptions): Promise<Buffer> {
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
