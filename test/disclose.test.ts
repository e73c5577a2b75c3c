import { runCli } from './helpers/cli.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { costProposal } from '../src/costing/cost.ts';
import { formatDollars } from '../src/money/cents.ts';
import { parseProposal } from '../src/proposals/parse.ts';
import { ChromiumMissing, openPrinter } from '../src/reports/pdf.ts';
import type { WorkbookInput } from '../src/reports/xlsx/index.ts';
import { tiny, TINY_DIR } from './helpers/tiny.ts';

// The spreadsheet is someone else's module: record what `settle disclose --format xlsx` asks it
// for, and let it answer as it does.
const workbookCalls: WorkbookInput[] = [];
vi.mock('../src/reports/xlsx/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/reports/xlsx/index.ts')>();
  return { ...real, workbookFor: async (input: WorkbookInput) => { workbookCalls.push(input); return real.workbookFor(input); } };
});

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PAY = here('./fixtures/proposals/valid/pay-terms.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'settle-disclose-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = runCli;

// The engine's figures, which every number in the disclosure must equal.
const proposal = parseProposal(readFileSync(PAY, 'utf8'), PAY).proposal;
const result = costProposal({ dataset: tiny(), proposal });
const [y0, y1, y2] = result.years;
const money = (c: number) => formatDollars(c);
const pctOf = (c: number, prior: number) => `${((c / prior) * 100).toFixed(2)}%`;
// Cost prior to the agreement: the 2018-19 status quo of units T and C (the union's terms reach both):
// pay 3,940,000 + 273,600; statutory 689,500 + 69,768; health 74 eligible × $10,000. Total $5,712,868.
const PRIOR_TOTAL = 571_286_800;

describe('settle disclose (Markdown) on the tiny district', () => {
  it('has the header and every section, in order', async () => {
    const r = await run('disclose', PAY, '--district', TINY_DIR);
    expect(r.code).toBe(0);
    const order = ['# Public disclosure of a proposed collective bargaining agreement', '### Status of the other bargaining units',
      '## Major provisions and their cost', '## A. Cost of the proposed agreement: the current year (2018-19) and the two following years',
      '## B. Proposed changes other than compensation', '## C. and E. Impact on programs and deficit financing',
      '## I. Multi-year projection with and without the agreement', '## Certification'];
    const at = order.map((h) => r.out.indexOf(h));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(r.out).toContain('| Public school employer | Tiny Unified School District (CDS code 99999990000000) |');
    expect(r.out).toContain('| Certificated or classified | Certificated |');
    expect(r.out).toContain('| Type of agreement | New agreement |');
    // 2018-07-01 to 2021-06-30 spans the fiscal years 2018-19, 2019-20 and 2020-21.
    expect(r.out).toContain('3-year agreement covering the period beginning July 1, 2018 and ending June 30, 2021');
    // No --board-date: the proposal's date, March 1, 2019; 45 days later is April 15 (30 days of March, 15 of April).
    expect(r.out).toContain('| Board meeting date | March 1, 2019 (the date of the agreement; no meeting date was given) |');
    expect(r.out).toContain('| Budget revisions due | April 15, 2019 (board meeting date + 45 days, Education Code 42142) |');
    // Unit T: 6 + 6 + 6 + 21 + 29 teachers and 1 nurse, all 1 FTE = 69. Unit C: 4 × 0.5 + 4 × 0.5 + 3 × 1 + 2 × 0.75 = 8.5, pending by default.
    expect(r.out).toContain('| FTE represented | 69 (from staff.csv');
    expect(r.out).toContain('| Classified support staff (C) | Tiny Classified Union | classified | 8.5 | pending |');
    expect(r.out).toContain('from settle cost');
  });

  it('shows in section A the engine\'s totals for the current year and the two after it, as % of the cost prior', async () => {
    const r = await run('disclose', PAY, '--district', TINY_DIR);
    const ys = [y0, y1, y2];
    const cells = (pick: (y: typeof y0) => number, bold: boolean) => ys.map((y) => {
      const b = (t: string) => (bold ? `**${t}**` : t);
      return `${b(money(pick(y)))} | ${b(pctOf(pick(y), PRIOR_TOTAL))}`;
    }).join(' | ');
    expect(r.out).toContain(`| **7. Total cost of the agreement (1 + 3 + 4 + 5)** |  | ${cells((y) => y.totalCents, true)} |`);
    expect(r.out).toContain(`| of which ongoing |  | ${cells((y) => y.ongoingCents, false)} |`);
    expect(r.out).toContain(`| of which one-time |  | ${cells((y) => y.oneTimeCents, false)} |`);
    // By hand, 2018-19: salary 118,200 + 9,000 + 40,582 + 6,500; statutory 20,685 + 2,295 + 7,102 + 1,658
    // (rounded lines of the engine); health 69 × $600 × 6/12 = 20,700: $226,721, 3.97% of $5,712,868.
    expect(money(y0.totalCents)).toBe('$226,721');
    expect(r.out).toContain('| **6. Total compensation (1 + 3 + 4)** | **$5,712,868** | **$226,721** | **3.97%** |');
    expect(r.out).toContain(`| **1. Salary schedule change** | $4,213,600 | ${money(y0.byKind.salary)} | ${pctOf(y0.byKind.salary, 421_360_000)} |`);
    expect(r.out).toContain(`| **3. Statutory benefits** | $759,268 | ${money(y0.byKind.statutory)} |`);
    expect(r.out).toContain(`| **4. Health and welfare** | $740,000 | $20,700 | ${pctOf(2_070_000, 74_000_000)} |`);
    // Step and column, 2019-20: T 4,022,000 − 3,940,000 + C 279,360 − 273,600 = $87,760 (2.08% of $4,213,600).
    // Its cost-prior cell is empty: the $4,213,600 its percentages are of is the salaries' own, in row 1.
    expect(r.out).toContain('| **2. Step and column (status quo growth; not a cost of the agreement)** |  | — | — | $87,760 | 2.08% | $12,000 | 0.28% |');
    // Programs cost nothing before the agreement: an empty cell, not total compensation ($5,712,868) as if it were their cost.
    expect(r.out).toContain('| **5. Other costs (programs)** |  |');
    expect(r.out).toContain('| FTE added by the agreement (at year end) | 2018-19: 0; 2019-20: 0; 2020-21: 0 |');
  });

  it('lists each term with its cost, the non-cost terms, and the engine\'s total for every year', async () => {
    const r = await run('disclose', PAY, '--district', TINY_DIR);
    // The total column adds exactly the year columns beside it, and says which they are.
    const sum = result.years.reduce((s, y) => s + y.totalCents, 0);
    expect(r.out).toContain('| Term of the agreement | 2018-19 | 2019-20 | 2020-21 | 2021-22 | Total, 2018-19 to 2021-22 |');
    expect(r.out).toContain(`| **Total cost of the agreement** | ${result.years.map((y) => `**${money(y.totalCents)}**`).join(' | ')} | **${money(sum)}** |`);
    // Both labelled totals: every year costed, and the contract's own years (2018-07-01 to 2021-06-30).
    expect(r.out).toContain(`| Total cost of the agreement, 2018-19 to 2021-22 (every year costed) | ${money(result.total.cents)} |`);
    expect(r.out).toContain(`| Total cost over the contract, 2018-19 to 2020-21 (the agreement's own fiscal years) | ${money(result.contractTotal.cents)} |`);
    expect(result.contractTotal.cents).toBe(result.years.slice(0, 3).reduce((s, y) => s + y.totalCents, 0));
    for (const t of proposal.terms) expect(r.out).toContain(t.title);
    expect(r.out).toContain('The agreement has no terms other than compensation and staffing.');
  });

  it('does not call the contract total the agreement\'s own years when its term began before the data\'s first year', async () => {
    // A term from 2016-07-01 on the tiny district's 2018-19 data: its own years are 2016-17 to 2020-21; 2018-19 to 2020-21 are costed.
    const file = join(tmp, 'early-term.yaml');
    writeFileSync(file, 'id: early\ntitle: Early term\nparty: union\nunit: T\ndate: 2019-03-01\nterm: { start: 2016-07-01, end: 2021-06-30 }\nterms:\n  - { kind: raise, pct: 2, effective: 2019-07-01 }\n');
    const r = await run('disclose', file, '--district', TINY_DIR);
    expect(r.out).toContain('| Total cost over the contract, 2018-19 to 2020-21 (the agreement\'s fiscal years costed: its term runs from 2016-17, before the data\'s first year, and pay for those earlier years is counted in the year it is paid) |');
    expect(r.out).not.toContain('own fiscal years');
  });

  it('answers the deficit question and shows the projection with and without the agreement, every year', async () => {
    const r = await run('disclose', PAY, '--district', TINY_DIR);
    // The tiny budget spends more than it takes in every year, so the agreement increases the deficit.
    // Projected to the end of the budget, 2021-22 (the term ends in 2020-21).
    expect(r.out).toContain('**Yes: the agreement increases it in 2018-19, 2019-20, 2020-21 and 2021-22');
    for (const y of result.projection) {
      const star = y.extrapolated ? ' *' : '';
      expect(r.out).toContain(`| ${y.fy}${star} | ${money(y.revenueCents)} | ${money(y.expenditureCents)} | ${money(y.endingBalanceCents)} | ${money(y.committedCents)} | ${y.reservePct.toFixed(2)}% | 3.00% | ${y.meetsReserve ? 'yes' : 'NO'} |`);
    }
    // Without it, 2018-19: 3,000,000 + 20,000,000 − 20,500,000 = 2,500,000; (2,500,000 − 500,000) ÷ 20,500,000 = 9.76%.
    expect(r.out).toContain('| 2018-19 | $20,000,000 | $20,500,000 | $2,500,000 | $500,000 | 9.76% | 3.00% | yes |');
    expect(r.out).toContain(`| First year short, with the agreement | ${result.firstShortYear} (first year below the required 3% reserve) |`);
    expect(r.out).toContain(`| Certification that results, with the agreement | ${result.certification} |`);
    expect(result.certification).toBe('qualified');
    expect(r.out).toContain('| Certification without the agreement | positive |');
    // Dated March 1, 2019: the certification covers 2018-19 and the two years after it.
    expect(r.out).toContain('| Years the certification covers | 2018-19, 2019-20 and 2020-21 |');
    expect(r.out).toContain('| Years certified | 2018-19, 2019-20 and 2020-21 (the year the agreement is made and the two after it) |');
  });

  it('ends with the certification of GC 3547.5(b), the budget revisions and the signature lines', async () => {
    const r = await run('disclose', PAY, '--district', TINY_DIR);
    const cert = r.out.slice(r.out.indexOf('## Certification'));
    expect(cert).toContain('shall certify in writing that the costs incurred by the school district under the agreement can be met');
    expect(cert).toContain('— Government Code 3547.5(b)');
    expect(cert).toContain(`| 2018-19 | ${money(y0.totalCents)} | $0 | $2,500,000 | ${money(result.projection[0].endingBalanceCents)} |`);
    for (const role of ['District Superintendent', 'Chief Business Official', 'President (or Clerk) of the Governing Board']) expect(cert).toContain(role);
  });

  it('takes the board date, the other units\' status and a reopener from the options', async () => {
    const r = await run('disclose', PAY, '--district', TINY_DIR, '--board-date', '2019-05-20', '--unit-status', 'C=not-in-negotiation', '--reopener');
    expect(r.code).toBe(0);
    // May 20 + 45 days: 11 days to May 31, 30 in June, 4 in July = July 4.
    expect(r.out).toContain('| Board meeting date | May 20, 2019 |');
    expect(r.out).toContain('| Budget revisions due | July 4, 2019 (board meeting date + 45 days');
    expect(r.out).toContain('| classified | 8.5 | not in negotiation |');
    expect(r.out).toContain('| Type of agreement | Reopener of an existing agreement |');
  });

  it('gives the same bytes for the same inputs', async () => {
    const a = await run('disclose', PAY, '--district', TINY_DIR, '--format', 'html');
    const b = await run('disclose', PAY, '--district', TINY_DIR, '--format', 'html');
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
  });
});

describe('settle disclose: usage errors', () => {
  const cases: [string, string[], string][] = [
    ['a PDF without --out', ['--format', 'pdf'], '--format pdf writes a file: add --out FILE.pdf'],
    ['a spreadsheet without --out', ['--format', 'xlsx'], '--format xlsx writes a file'],
    ['an unknown format', ['--format', 'docx'], '--format must be one of md, html, pdf, xlsx'],
    ['an impossible board date', ['--board-date', '2019-02-30'], '--board-date must be a date written YYYY-MM-DD'],
    // pay-terms.yaml is dated 2019-03-01, its contract 2018-07-01 to 2021-06-30.
    ['a board date before the agreement', ['--board-date', '2018-01-01'], "--board-date 2018-01-01 is before the agreement's date, 2019-03-01: the board discloses an agreement once it is reached; give a date from 2019-03-01 (the agreement's date) to 2021-06-30 (the end of its contract)"],
    ['a board date after the contract', ['--board-date', '2099-12-31'], '--board-date 2099-12-31 is after the contract ends, 2021-06-30; give a date from 2019-03-01'],
    ['an unknown status', ['--unit-status', 'C=maybe'], 'STATUS one of settled, pending, not-in-negotiation'],
    ['a unit the district does not have', ['--unit-status', 'X=settled'], 'the dataset has no bargaining unit "X"; its other units are C'],
    ['the agreement\'s own unit', ['--unit-status', 'T=settled'], 'that is the unit this agreement is for'],
  ];
  for (const [what, args, message] of cases) {
    it(`exits 2 for ${what}, saying what to do`, async () => {
      const r = await run('disclose', PAY, '--district', TINY_DIR, ...args);
      expect(r.code).toBe(2);
      expect(r.err).toContain(message);
      expect(r.out).toBe('');
    });
  }
});

describe('settle disclose: an agreement reached after its contract ended', () => {
  it('is disclosed (it was an internal error), its board date from the agreement up to a year after it', async () => {
    // pay-terms.yaml's contract ends 2021-06-30; dated 2021-09-15, it was settled after that.
    const late = join(tmp, 'late.yaml');
    // Its back pay (paid 2019-04-01) is paid once it is reached: 2021-10-01.
    writeFileSync(late, readFileSync(PAY, 'utf8').replace(/^date: 2019-03-01$/m, 'date: 2021-09-15').replace('paid: 2019-04-01', 'paid: 2021-10-01'));
    const r = await run('disclose', late, '--district', TINY_DIR, '--allow-other-year');
    expect([r.code, r.err]).toEqual([0, expect.not.stringContaining('internal error')]);
    // The board date defaults to the agreement's; revisions are due 45 days later (Sept 15 + 15 + 30 = Oct 30).
    expect(r.out).toContain('| Board meeting date | September 15, 2021 (the date of the agreement; no meeting date was given) |');
    expect(r.out).toContain('| Budget revisions due | October 30, 2021');
    expect((await run('disclose', late, '--district', TINY_DIR, '--allow-other-year', '--board-date', '2022-09-15')).code).toBe(0);
    const later = await run('disclose', late, '--district', TINY_DIR, '--allow-other-year', '--board-date', '2022-09-16');
    expect(later.code).toBe(2);
    expect(later.err).toContain('--board-date 2022-09-16 is more than a year after the agreement; give a date from 2021-09-15 (the agreement\'s date) to 2022-09-15 (a year after it: its contract ended on 2021-06-30, before it)');
  });
});

describe('settle disclose --format html', () => {
  it('is one self-contained page with print styles, both charts and a page break before the certification', async () => {
    const r = await run('disclose', PAY, '--district', TINY_DIR, '--format', 'html', '--paper', 'a4');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^<!DOCTYPE html>/);
    expect(r.out).toContain('@page { size: A4;');
    expect(r.out).not.toMatch(/<link |<script|src="http/);
    expect(r.out.match(/<svg /g)).toHaveLength(2);
    expect(r.out).toMatch(/<div class="page-break"><\/div>\n<h2>Certification<\/h2>/);
    expect(r.out).toContain(`<td class="num">${money(y0.totalCents)}</td>`);
  });
});

describe('settle disclose --format xlsx', () => {
  it('asks the spreadsheet module for a disclosure workbook of this agreement and the engine\'s result', async () => {
    const out = join(tmp, 'd.xlsx');
    const r = await run('disclose', PAY, '--district', TINY_DIR, '--format', 'xlsx', '--out', out);
    expect(workbookCalls).toHaveLength(1);
    expect(workbookCalls[0].kind).toBe('disclose');
    expect(workbookCalls[0].proposals.map((p) => p.id)).toEqual(['tiny-2019-union']);
    expect(workbookCalls[0].results[0]).toEqual(result);
    if (r.code === 0) expect(readFileSync(out).subarray(0, 2).toString()).toBe('PK');
    else expect(r.err).toContain('not built yet');
  });
});

// Where the PDF test leaves its pages, to be looked at (test-output/ is not committed).
const OUT = here('../test-output/disclose');
const has = (cmd: string) => spawnSync(cmd, ['-v'], { stdio: 'ignore' }).error === undefined;

describe('settle disclose --format pdf', () => {
  it('prints the disclosure with Chromium: district, unit, current-year total and the certification page', async (ctx) => {
    const missing = [
      ...(existsSync('/usr/bin/chromium') ? [] : ['chromium (Debian package chromium)']),
      ...(has('pdftotext') && has('pdftoppm') ? [] : ['pdftotext and pdftoppm (Debian package poppler-utils)']),
    ];
    if (missing.length > 0) {
      const message = `PDF test needs ${missing.join(' and ')}`;
      if (process.env.CI) throw new Error(`${message}; on CI a skip is a failure`);
      console.warn(`skipped: ${message}`);
      ctx.skip(message);
    }
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    const pdf = join(OUT, 'tiny-pay-terms.pdf');
    const r = await run('disclose', PAY, '--district', TINY_DIR, '--format', 'pdf', '--out', pdf, '--board-date', '2019-03-12');
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');

    const text = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain('Tiny Unified School District');
    expect(text).toContain('Teachers and certificated support staff (T)');
    expect(text).toContain('$226,721'); // the current year's total, as the engine gives it (checked above)
    expect(text).toContain(money(y0.totalCents));
    expect(text).toContain('Certification');

    spawnSync('pdftoppm', ['-png', '-r', '80', pdf, join(OUT, 'page')]);
    const pages = readdirSync(OUT).filter((f) => /^page-\d+\.png$/.test(f));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // The certification starts a page of its own: the last page's text begins with it.
    const last = spawnSync('pdftotext', ['-f', String(pages.length), '-l', String(pages.length), pdf, '-'], { encoding: 'utf8' }).stdout;
    expect(last.trimStart().startsWith('Certification')).toBe(true);
  });
});

describe('printing without Chromium', () => {
  it('says which Debian package to install', async () => {
    const failed = openPrinter({ executablePath: join(tmp, 'no-chromium-here') });
    await expect(failed).rejects.toBeInstanceOf(ChromiumMissing);
    await expect(failed).rejects.toThrow(/install Debian package chromium/);
  });
});
