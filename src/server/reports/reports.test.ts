/**
 * Downloads of a version on both databases: the public disclosure as a PDF (printed by
 * Chromium; its text has the proposal's title) and as a spreadsheet (opens with exceljs, has
 * the disclosure's sheets and the engine's totals). Readable by the organization that made
 * the version and the one it was passed to; any other is 404. Without Chromium the PDF is a
 * 503 in the one error shape with a hint, and the spreadsheet still downloads.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { errorShapeProblems, signIn, type Answer, type Session } from '../../../test/helpers/security.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { createApp, type App } from '../app.ts';
import { raiseYaml, rowCounts, tinyFiles } from '../proposals/test-world.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PROGRAM = '{ id: tutoring, kind: program, title: After-school tutoring, amount: 10000, effective: 2019-07-01 }';

eachDatabase('disclosure downloads', (dialect) => {
  let s: TestServer;
  let noChromium: App;
  const dir = mkdtempSync(join(tmpdir(), 'settle-downloads-'));
  const ids = { offer: 0, received: 0, unionDraft: 0, other: 0 };
  const who = {} as Record<'negotiator' | 'union' | 'organizer' | 'captain' | 'otherDistrict', Session>;

  /** A download as bytes (the test client reads answers as text). */
  const download = async (session: Session, path: string, app: App = s.app) => {
    const res = await app.request(path, { headers: session.cookie ? { cookie: session.cookie } : {} });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, bytes, answer: { status: res.status, text, body, headers: res.headers } as Answer };
  };
  const draft = async (c: Client, yaml: string, pass: boolean) => {
    const v = await c.request('POST', '/api/proposals', { yaml });
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    if (pass) expect((await c.request('POST', `/api/proposal-versions/${v.body.id}/pass`)).status).toBe(201);
    return v.body.id as number;
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    noChromium = createApp(s.deps, { chromium: join(dir, 'no-chromium-here') });
    for (const key of ['district', 'otherDistrict'] as const) {
      expect((await (await s.as(key, 'admin')).request('POST', '/api/datasets', { name: 'Tiny data', files: tinyFiles() })).status).toBe(201);
    }
    const negotiator = await s.as('district', 'negotiator');
    const team = await s.as('teachers', 'bargaining-team');
    ids.offer = await draft(negotiator, raiseYaml(2, { party: 'district', title: 'District offer of March 1, 2019', extra: [PROGRAM] }), false);
    ids.received = await draft(team, raiseYaml(4, { title: 'Teachers proposal of March 1, 2019' }), true);
    ids.unionDraft = await draft(team, raiseYaml(9, { title: 'A union draft never passed' }), false);
    ids.other = await draft(await s.as('otherDistrict', 'negotiator'), raiseYaml(1, { party: 'district', title: 'Other district offer' }), false);
    who.negotiator = await signIn(s, 'district', 'negotiator');
    who.union = await signIn(s, 'teachers', 'bargaining-team');
    who.organizer = await signIn(s, 'teachers', 'organizer');
    who.captain = await signIn(s, 'teachers', 'site-captain');
    who.otherDistrict = await signIn(s, 'otherDistrict', 'negotiator');
  }, 60_000);
  afterAll(async () => {
    await s?.app.close();
    await noChromium?.close();
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the disclosure of one\'s own version as a PDF with the proposal\'s title in it', async () => {
    const res = await download(who.negotiator, `/api/proposal-versions/${ids.offer}/disclosure.pdf`);
    expect(res.status, res.answer.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="district-offer-of-march-1-2019-v1-disclosure.pdf"');
    expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe('%PDF-');
    const file = join(dir, `offer-${dialect}.pdf`);
    writeFileSync(file, res.bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('District offer of March 1, 2019');
    expect(text).toContain('Tiny Unified School District');
    expect(text).toContain('Government Code 3547.5');
    // The tutoring program's $10,000 a year is in the costs.
    expect(text).toContain('After-school tutoring');
  });

  it('writes the disclosure spreadsheet: the disclosure\'s sheets, and the engine\'s total for each year', async () => {
    const res = await download(who.negotiator, `/api/proposal-versions/${ids.offer}/disclosure.xlsx`);
    expect(res.status, res.answer.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="district-offer-of-march-1-2019-v1-disclosure.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Read me', 'Summary', 'Disclosure', 'Lines', 'Inputs', 'Terms', 'Schedule', 'Groups', 'Pay', 'Health']);
    // The "Total cost of the proposal" row holds, for each fiscal year, the stored result's total (as a formula's cached value).
    const summary = wb.getWorksheet('Summary')!;
    // Row 1: the fiscal years, then the totals column, which names the years it adds.
    const heading = (summary.getRow(1).values as unknown[]).slice(2) as string[];
    const years = heading.slice(0, -1);
    let totals: number[] = [];
    let all = 0;
    summary.eachRow((row) => {
      if (row.getCell(1).value !== 'Total cost of the proposal') return;
      totals = years.map((_, i) => Math.round(((row.getCell(i + 2).value as { result?: number }).result ?? 0) * 100));
      all = Math.round(((row.getCell(years.length + 2).value as { result?: number }).result ?? 0) * 100);
    });
    const stored = JSON.parse((await s.handle.db.selectFrom('proposal_versions').select('result').where('id', '=', ids.offer).executeTakeFirstOrThrow()).result) as { years: { fy: string; totalCents: number }[]; total: { from: string; to: string; cents: number } };
    expect(years).toEqual(stored.years.map((y) => y.fy));
    expect(totals).toEqual(stored.years.map((y) => y.totalCents));
    expect(heading[heading.length - 1]).toBe(`Total, ${stored.total.from} to ${stored.total.to}`);
    expect(all).toBe(stored.total.cents);
    // 2019-20 holds the 2% raise and the $10,000 program, so it is more than $10,000.
    expect(totals[1]).toBeGreaterThan(1_000_000);
  });

  it('lets the district download what the union passed to it, and the union its own drafts', async () => {
    const pdf = await download(who.negotiator, `/api/proposal-versions/${ids.received}/disclosure.pdf`);
    expect(pdf.status).toBe(200);
    // Named by the number it was passed as (the first version passed), not the union's draft number.
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="teachers-proposal-of-march-1-2019-v1-disclosure.pdf"');
    expect((await download(who.negotiator, `/api/proposal-versions/${ids.received}/disclosure.xlsx`)).status).toBe(200);
    expect((await download(who.organizer, `/api/proposal-versions/${ids.unionDraft}/disclosure.xlsx`)).status).toBe(200);
  });

  it('answers 404 for a draft not passed to you and for another table\'s version, 403 for a role without proposal.read, 401 for nobody', async () => {
    const refused: [Session, number, number][] = [
      [who.negotiator, ids.unionDraft, 404], [who.union, ids.offer, 404], [who.otherDistrict, ids.offer, 404], [who.negotiator, ids.other, 404],
      [who.negotiator, 987654321, 404], [who.captain, ids.received, 403], [{ cookie: null, csrf: '' }, ids.offer, 401],
    ];
    const before = await rowCounts(s);
    for (const [session, id, status] of refused) {
      for (const kind of ['pdf', 'xlsx']) {
        const res = await download(session, `/api/proposal-versions/${id}/disclosure.${kind}`);
        expect(res.status, `${kind} of ${id}`).toBe(status);
        expect(errorShapeProblems(res.answer)).toEqual([]);
        if (status === 404) expect(res.answer.body.message).toBe(`there is no proposal version ${id} that you can see`);
      }
    }
    expect(await rowCounts(s)).toEqual(before);
  });

  it('answers 503 with a hint when the server has no Chromium, and the spreadsheet still downloads', async () => {
    const res = await download(who.negotiator, `/api/proposal-versions/${ids.offer}/disclosure.pdf`, noChromium);
    expect(res.status).toBe(503);
    expect(errorShapeProblems(res.answer)).toEqual([]);
    expect(res.answer.body).toEqual({
      code: 'pdf.no-chromium',
      message: `this server cannot print PDFs: printing needs Chromium, which is not installed at ${join(dir, 'no-chromium-here')}`,
      hint: 'download the spreadsheet (disclosure.xlsx) instead, or ask the server operator to install Chromium (Debian package chromium) and try again',
    });
    expect((await download(who.negotiator, `/api/proposal-versions/${ids.offer}/disclosure.xlsx`, noChromium)).status).toBe(200);
  });

  it('makes each file once: the same bytes again, and nothing written', async () => {
    const before = await rowCounts(s);
    const [a, b] = await Promise.all([1, 2].map(() => download(who.union, `/api/proposal-versions/${ids.received}/disclosure.pdf`)));
    expect(a.status).toBe(200);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    expect(await rowCounts(s)).toEqual(before);
  });
});
