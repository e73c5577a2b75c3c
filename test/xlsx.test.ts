/**
 * The spreadsheet export recalculates to the engine's figures.
 *
 * Given workbooks for the tiny district (every costed term kind) and for the LAUSD demo (every
 * example under examples/lausd-2019), each formula's cached value is overwritten with a wrong
 * sentinel (-1, or "WRONG" for text) and LibreOffice recalculates the file headless, with an
 * isolated profile that always recalculates on load (verified-stack.md, recipe 5). Then every
 * line, every year's totals and every projection figure must match the engine to the dollar,
 * and no sentinel may survive. Copies with an input edited (a raise percent, a statutory rate,
 * a health rate, a salary schedule cell, …) must move to what the engine gives for the edited
 * proposal or dataset.
 *
 * Without LibreOffice the recalculation tests are skipped with a message, except on CI, where
 * the missing soffice is a failure.
 */
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costProposal, lastYear } from '../src/costing/cost.ts';
import type { CostResult } from '../src/costing/result.ts';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import type { Dataset } from '../src/district/types.ts';
import { parseProposal } from '../src/proposals/parse.ts';
import type { Proposal, Term } from '../src/proposals/types.ts';
import { compensation, pctOf } from '../src/reports/disclosure/compensation.ts';
import { disclosureMarkdown } from '../src/reports/disclosure/index.ts';
import { buildWorkbook, workbookFor, type WorkbookInput } from '../src/reports/xlsx/index.ts';
import { KIND_LABEL } from '../src/reports/xlsx/lines.ts';
import { findSoffice, recalculate } from './helpers/libreoffice.ts';
import { proposal as tinyProposal, tiny } from './helpers/tiny.ts';
import { notCostedHeading } from '../src/costing/outside-term.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const VALID = here('./fixtures/proposals/valid/');
const LAUSD_2019 = here('../examples/lausd-2019/');
const load = (file: string): Proposal => parseProposal(readFileSync(file, 'utf8'), file).proposal;

const soffice = findSoffice();
if (!soffice) console.warn('test/xlsx.test.ts: LibreOffice (soffice) is not installed, so the recalculation tests are skipped (install libreoffice-calc-nogui; on CI this fails).');

// ---- Reading workbooks -------------------------------------------------------------------------

type Value = number | string | boolean | null | undefined;

/** The value a cell shows: a formula's (cached) result, or the constant. */
function shown(cell: ExcelJS.Cell): Value {
  if (cell.type === ExcelJS.ValueType.Formula) return cell.result as Value;
  const v = cell.value;
  return v === null || typeof v !== 'object' ? v : String(v);
}

function isFormula(cell: ExcelJS.Cell): boolean {
  return cell.type === ExcelJS.ValueType.Formula;
}

async function read(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

/** Every formula cell with its cached result, keyed `Sheet!A1`. */
function formulaCells(wb: ExcelJS.Workbook): Map<string, Value> {
  const out = new Map<string, Value>();
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => {
    if (isFormula(c)) out.set(`${ws.name}!${c.address}`, c.result as Value);
  })));
  return out;
}

const SENTINEL = -1;
const WRONG = 'WRONG';

/**
 * Writes a copy of a workbook (as built, in memory) whose every formula holds a wrong cached
 * value, after an optional edit of an input. Returns settle's cached figures by cell.
 */
async function sentinelCopy(wb: ExcelJS.Workbook, file: string, edit?: (wb: ExcelJS.Workbook) => void): Promise<{ file: string; cached: Map<string, Value> }> {
  const cached = formulaCells(wb);
  edit?.(wb);
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => {
    if (!isFormula(c)) return;
    const v = c.value as ExcelJS.CellFormulaValue;
    c.value = { formula: v.formula, result: typeof c.result === 'string' ? WRONG : SENTINEL } as ExcelJS.CellFormulaValue;
  })));
  writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
  return { file, cached };
}

/** Finds the row of a sheet whose cells match, e.g. { 3: 'raise-2018' } (1-based columns). */
function rowWhere(ws: ExcelJS.Worksheet, match: Record<number, Value>): number {
  const found: number[] = [];
  ws.eachRow((row, r) => {
    if (Object.entries(match).every(([c, v]) => shown(row.getCell(Number(c))) === v)) found.push(r);
  });
  if (found.length !== 1) throw new Error(`expected one row of ${ws.name} matching ${JSON.stringify(match)}, found ${found.length}`);
  return found[0];
}

/** Column of a header in row 1. */
function colOf(ws: ExcelJS.Worksheet, header: string): number {
  let col = 0;
  ws.getRow(1).eachCell((c, k) => {
    if (c.value === header) col = k;
  });
  if (!col) throw new Error(`no column "${header}" in ${ws.name}`);
  return col;
}

/** Sets an input cell (a constant, never a formula). */
function setInput(ws: ExcelJS.Worksheet, row: number, col: number, value: number): void {
  const c = ws.getCell(row, col);
  expect(isFormula(c), `${ws.name}!${c.address} is an input`).toBe(false);
  c.value = value;
}

// ---- Comparing with the engine -----------------------------------------------------------------

interface Tally {
  cells: number;
  maxDiff: number;
}
const tally: Tally = { cells: 0, maxDiff: 0 };
const dollarsOf = (c: number) => c / 100;

function near(what: string, got: Value, want: number, tolerance = 1): void {
  expect(typeof got, `${what}: ${String(got)}`).toBe('number');
  const d = Math.abs((got as number) - want);
  tally.cells++;
  tally.maxDiff = Math.max(tally.maxDiff, d);
  expect(d, `${what}: spreadsheet ${String(got)}, engine ${want}`).toBeLessThan(tolerance);
}

/**
 * Every line, year total and projection figure of the recalculated workbook against the
 * engine's results (proposal i is block i + 1).
 */
function compareWithEngine(wb: ExcelJS.Workbook, results: CostResult[], name: string): void {
  // Lines: each engine line is exactly one row; rows the engine does not show are $0.
  const L = wb.getWorksheet('Lines') as ExcelJS.Worksheet;
  const rows: { r: number; key: string; amount: Value }[] = [];
  L.eachRow((row, r) => {
    if (r === 1) return;
    const v = (c: number) => shown(row.getCell(c)) ?? '';
    rows.push({ r, key: [v(2), v(4), v(5), v(6), v(8), v(9), v(10), v(11), v(12)].join('|'), amount: shown(row.getCell(14)) });
  });
  const used = new Set<number>();
  results.forEach((res, i) => {
    for (const y of res.years) {
      for (const l of y.lines) {
        const key = [i + 1, y.fy, l.term, l.via ?? '', KIND_LABEL[l.kind], l.nature, l.unit, l.population, l.earnedFy ?? ''].join('|');
        const hits = rows.filter((x) => x.key === key);
        expect(hits.length, `${name}: one row of Lines for ${key}`).toBe(1);
        used.add(hits[0].r);
        near(`${name} Lines row ${hits[0].r} (${l.label}, ${y.fy})`, hits[0].amount, dollarsOf(l.cents));
      }
    }
  });
  for (const x of rows) if (!used.has(x.r)) near(`${name} Lines row ${x.r} (no engine line: $0)`, x.amount, 0);

  // Summary: status quo, cost by category, totals and the projection.
  const S = wb.getWorksheet('Summary') as ExcelJS.Worksheet;
  const yearCol = new Map<string, number>();
  S.getRow(1).eachCell((c, k) => void (k > 1 && yearCol.set(String(c.value), k)));
  const labelRows: { r: number; label: string }[] = [];
  S.eachRow((row, r) => labelRows.push({ r, label: String(shown(row.getCell(1)) ?? '') }));
  const statusQuo = labelRows.find((x) => x.label === 'Total status quo compensation') as { r: number };
  for (const b of results[0].baseline) near(`${name} status quo ${b.fy}`, shown(S.getCell(statusQuo.r, yearCol.get(b.fy) as number)), dollarsOf(b.totalCents));
  results.forEach((res, i) => {
    const start = labelRows.findIndex((x) => x.label.startsWith(`Proposal ${i + 1}: `));
    expect(start, `${name}: a Summary block for proposal ${i + 1}`).toBeGreaterThanOrEqual(0);
    const next = labelRows.findIndex((x, k) => k > start && x.label.startsWith('Proposal '));
    const block = labelRows.slice(start, next < 0 ? undefined : next);
    const rowOf = (label: string) => {
      const hit = block.find((x) => x.label === label);
      if (!hit) throw new Error(`${name}: no row "${label}" in the block of proposal ${i + 1}`);
      return hit.r;
    };
    const at = (label: string, fy: string) => shown(S.getCell(rowOf(label), yearCol.get(fy) as number));
    for (const y of res.years) {
      near(`${name} P${i + 1} salary ${y.fy}`, at('Salary', y.fy), dollarsOf(y.byKind.salary));
      near(`${name} P${i + 1} statutory ${y.fy}`, at('Statutory benefits', y.fy), dollarsOf(y.byKind.statutory));
      near(`${name} P${i + 1} health ${y.fy}`, at('Health and welfare', y.fy), dollarsOf(y.byKind.health));
      near(`${name} P${i + 1} other ${y.fy}`, at('Other (programs)', y.fy), dollarsOf(y.byKind.other));
      near(`${name} P${i + 1} total ${y.fy}`, at('Total cost of the proposal', y.fy), dollarsOf(y.totalCents));
      near(`${name} P${i + 1} one-time ${y.fy}`, at('  of which one-time', y.fy), dollarsOf(y.oneTimeCents));
      near(`${name} P${i + 1} ongoing ${y.fy}`, at('  of which ongoing', y.fy), dollarsOf(y.ongoingCents));
    }
    for (const p of res.projection) {
      near(`${name} P${i + 1} revenues ${p.fy}`, at('Revenues', p.fy), dollarsOf(p.revenueCents));
      near(`${name} P${i + 1} expenditures without ${p.fy}`, at('Expenditures without the proposal', p.fy), dollarsOf(p.baselineExpenditureCents));
      near(`${name} P${i + 1} expenditures with ${p.fy}`, at('Expenditures with the proposal', p.fy), dollarsOf(p.expenditureCents));
      near(`${name} P${i + 1} beginning balance ${p.fy}`, at('Beginning fund balance', p.fy), dollarsOf(p.beginningBalanceCents));
      near(`${name} P${i + 1} ending balance ${p.fy}`, at('Ending fund balance', p.fy), dollarsOf(p.endingBalanceCents));
      near(`${name} P${i + 1} committed ${p.fy}`, at('Not available as reserve', p.fy), dollarsOf(p.committedCents));
      near(`${name} P${i + 1} reserve % ${p.fy}`, at('Reserve (% of expenditures with the proposal)', p.fy), p.reservePct, 0.0051);
      expect(at('Meets the reserve', p.fy), `${name} P${i + 1} meets the reserve ${p.fy}`).toBe(p.meetsReserve ? 'yes' : 'NO');
    }
    // The totals column names its years and sums exactly those year columns: the engine's total over
    // every year costed; the contract's own total sits in it on a row that names the contract's years.
    const totalHead = `Total, ${res.total.from} to ${res.total.to}`;
    expect(yearCol.has(totalHead), `${name}: a "${totalHead}" column on Summary`).toBe(true);
    near(`${name} P${i + 1} ${totalHead}`, at('Total cost of the proposal', totalHead), dollarsOf(res.total.cents));
    near(`${name} P${i + 1} salary, ${totalHead}`, at('Salary', totalHead), dollarsOf(res.years.reduce((s, y) => s + y.byKind.salary, 0)));
    const ct = res.contractTotal;
    near(`${name} P${i + 1} contract total ${ct.from} to ${ct.to}`, at(`Total over the contract, ${ct.from} to ${ct.to} (in the totals column)`, totalHead), dollarsOf(ct.cents));
    expect(shown(S.getCell(rowOf('Certification (the agreement\'s year and the two after it)'), 2)), `${name} P${i + 1} certification`).toBe(res.certification);
    expect(shown(S.getCell(rowOf('First year short of the reserve'), 2)), `${name} P${i + 1} first year short`).toBe(res.firstShortYear ?? 'none');
  });

  // Disclosure (disclose): the current year and the two after it, by category.
  const D = wb.getWorksheet('Disclosure');
  if (D) {
    results.forEach((res, i) => {
      const top = rowWhere(D, { 1: `Proposal ${i + 1}: ${res.proposal.title} [${res.proposal.id}]` });
      const items: [string, (y: CostResult['years'][number]) => number][] = [
        ['Salary', (y) => y.byKind.salary], ['Statutory benefits', (y) => y.byKind.statutory], ['Health and welfare', (y) => y.byKind.health],
        ['Other', (y) => y.byKind.other], ['Total cost of the proposal', (y) => y.totalCents],
      ];
      items.forEach(([label, f], k) => {
        expect(shown(D.getCell(top + 1 + k, 1))).toBe(label);
        res.years.slice(0, 3).forEach((y, j) => near(`${name} disclosure ${label} ${y.fy}`, shown(D.getCell(top + 1 + k, 2 + j)), dollarsOf(f(y))));
      });
      // The cost prior to the agreement is the PDF's (disclosure/compensation.ts): the current year's total
      // compensation of the unit (and of any unit a term reaches), not the status quo of every unit.
      const c = compensation(res);
      const prior = rowWhere(D, { 1: `Cost prior to the agreement, ${c.years[0]}: total compensation of unit${c.units.length > 1 ? 's' : ''} ${c.units.join(', ')} (the base of the disclosure's percentages)` });
      expect(prior, `${name}: the Disclosure sheet's cost prior to the agreement sits in proposal ${i + 1}'s block`).toBeGreaterThan(top);
      near(`${name} disclosure cost prior to the agreement`, shown(D.getCell(prior, 2)), dollarsOf(c.prior.totalCents));
      expect(shown(D.getCell(prior + 1, 1))).toBe('Total cost of the proposal, % of the cost prior to the agreement');
      c.total.forEach((a, j) => near(`${name} disclosure total % ${c.years[j]}`, shown(D.getCell(prior + 1, 2 + j)), pctOf(a.total, c.prior.totalCents) ?? 0, 0.00001));
    });
  }
}

/** No formula kept its sentinel, and (unedited copies) every formula equals settle's cached figure. */
function checkRecalculated(wb: ExcelJS.Workbook, cached: Map<string, Value>, name: string, againstCached: boolean): { cells: number; maxDiff: number } {
  const now = formulaCells(wb);
  expect(now.size, `${name}: LibreOffice kept every formula`).toBe(cached.size);
  let maxDiff = 0;
  const survivors: string[] = [];
  const wrong: string[] = [];
  for (const [addr, want] of cached) {
    const got = now.get(addr);
    if ((got === SENTINEL && want !== SENTINEL) || got === WRONG || got === undefined) survivors.push(`${addr}=${String(got)}`);
    if (!againstCached) continue;
    if (typeof want === 'number') {
      const d = Math.abs(Number(got) - want);
      maxDiff = Math.max(maxDiff, d);
      if (!(d < 0.01)) wrong.push(`${addr}: ${String(got)} ≠ ${want}`);
    } else if (String(got) !== String(want)) wrong.push(`${addr}: ${String(got)} ≠ ${String(want)}`);
  }
  expect(survivors.slice(0, 10), `${name}: cached sentinels left after recalculation`).toEqual([]);
  expect(wrong.slice(0, 10), `${name}: formulas that recalculate to something other than settle's figure`).toEqual([]);
  return { cells: cached.size, maxDiff };
}

// ---- The cases ---------------------------------------------------------------------------------

interface Case {
  name: string;
  input: WorkbookInput;
  /** Results the recalculated copy must match (the input's, or the engine's for an edited input). */
  expected: () => CostResult[];
  /** An edit of an input cell before recalculation; the copy's cached values are then stale. */
  edit?: (wb: ExcelJS.Workbook) => void;
}

function costAll(dataset: Dataset, proposals: Proposal[]): CostResult[] {
  const through = Math.max(...proposals.map((p) => lastYear(dataset, p)));
  return proposals.map((proposal) => costProposal({ dataset, proposal, through }));
}

/** A proposal with one term's field changed. */
function withTerm(p: Proposal, id: string, change: Partial<Record<string, number>>): Proposal {
  return { ...p, terms: p.terms.map((t) => (t.id === id ? ({ ...t, ...change } as Term) : t)) };
}

const tmp = mkdtempSync(join(tmpdir(), 'settle-xlsx-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('spreadsheet export (no recalculation needed)', () => {
  it('stores settle\'s figure in every formula, with every line amount a formula', async () => {
    // Given the union's proposal on the tiny district, costed by the engine
    const proposal = load(join(VALID, 'pay-terms.yaml'));
    const result = costProposal({ dataset: tiny(), proposal });
    // When the workbook is built and read back
    const wb = await read(await workbookFor({ kind: 'cost', dataset: tiny(), proposals: [proposal], results: [result] }));
    // Then its sheets are there, every Lines amount is a formula and the total is the engine's
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Read me', 'Summary', 'Lines', 'Inputs', 'Terms', 'Schedule', 'Groups', 'Pay', 'Health']);
    const L = wb.getWorksheet('Lines') as ExcelJS.Worksheet;
    expect(L.getCell(1, 14).value).toBe('Amount');
    let lines = 0;
    L.eachRow((row, r) => {
      if (r === 1) return;
      lines++;
      expect(isFormula(row.getCell(14)), `Lines!N${r} is a formula`).toBe(true);
    });
    expect(lines).toBeGreaterThanOrEqual(result.years.reduce((n, y) => n + y.lines.length, 0));
    compareWithEngine(wb, [result], 'cached tiny pay terms');
  });

  it('lists a step dated after the last year costed under the proposal\'s totals on Summary, as the command line and the disclosure do', async () => {
    // 2 nurses from 2020-07-01 and 3 more from 2024-07-01: the contract ends 2023-06-30, so 2022-23 is the last year costed.
    const late = tinyProposal({ id: 'late-nurses', terms: [{ id: 'nurses', kind: 'hire', role: 'nurse', outsideTerm: true, phases: [{ from: '2020-07-01', count: 2 }, { from: '2024-07-01', count: 3 }] }] });
    const result = costProposal({ dataset: tiny(), proposal: late });
    expect(result.notCosted.map((n) => n.field)).toEqual(['terms[0].phases[1].from']);
    const wb = await read(await workbookFor({ kind: 'cost', dataset: tiny(), proposals: [late], results: [result] }));
    const S = wb.getWorksheet('Summary') as ExcelJS.Worksheet;
    const texts: string[] = [];
    S.eachRow((row) => texts.push(String(row.getCell(1).value ?? '')));
    const at = texts.indexOf(notCostedHeading('2022-23'));
    expect(at, 'the heading is on Summary').toBeGreaterThan(0);
    expect(texts[at + 1]).toBe(`  ${result.notCosted[0].message}`);
    // Right under the proposal's totals (the FTE row ends them), above its projection.
    expect(texts[at - 1]).toMatch(/^FTE added/);
    expect(texts.indexOf('Revenues')).toBeGreaterThan(at + 1);
    compareWithEngine(wb, [result], 'cached tiny late step');
  });
});

// Defined only when it must fail, so that with LibreOffice present nothing is reported skipped.
if (!soffice && process.env.CI) {
  describe('spreadsheet recalculation on CI', () => {
    it('needs LibreOffice (soffice) on CI', () => {
      throw new Error('LibreOffice (soffice) is not installed; CI must install libreoffice-calc-nogui to check the spreadsheet export');
    });
  });
}

describe.skipIf(!soffice)('spreadsheet export recalculated by LibreOffice', () => {
  const lausd = generateDistrict(lausdSpec());
  const t = tiny();
  const pay = load(join(VALID, 'pay-terms.yaml'));
  const positions = load(join(VALID, 'position-terms.yaml'));
  const minimal = load(join(VALID, 'minimal.yaml'));
  const examples = readdirSync(LAUSD_2019).filter((f) => f.endsWith('.yaml')).sort().map((f) => load(join(LAUSD_2019, f)));
  const settlement = examples.find((p) => p.id === 'utla-settlement-2019') as Proposal;

  const cost = (kind: WorkbookInput['kind'], dataset: Dataset, proposals: Proposal[]): WorkbookInput => ({ kind, dataset, proposals, results: costAll(dataset, proposals) });
  const cases: Case[] = [];
  const add = (c: Omit<Case, 'expected'> & { expected?: () => CostResult[] }) => cases.push({ expected: () => c.input.results, ...c });

  const tinyPay = cost('cost', t, [pay]);
  const tinyPositions = cost('cost', t, [positions]);
  add({ name: 'tiny pay terms', input: tinyPay });
  add({ name: 'tiny position terms', input: tinyPositions });
  add({ name: 'tiny compare', input: cost('compare', t, [pay, positions, minimal]) });
  // A hiring step after the last year costed is listed under its proposal's totals, moving every row below them.
  const late = tinyProposal({ id: 'late-nurses', terms: [{ id: 'nurses', kind: 'hire', role: 'nurse', outsideTerm: true, phases: [{ from: '2020-07-01', count: 2 }, { from: '2024-07-01', count: 3 }] }] });
  add({ name: 'tiny compare with a step after the last year costed', input: cost('compare', t, [late, pay]) });
  add({ name: 'LAUSD 2019 compare', input: cost('compare', lausd, examples) });
  // Attrition: current staff shrink by 10% a year and replacements are hired at the new-hire
  // placement, in both units (Groups gains replacement rows, Inputs the attrition rows).
  const attrition = (t0: Dataset, pct: { T: number; C: number }) => {
    const ds = structuredClone(t0);
    ds.district.parameters.attrition = { T: { pct: pct.T, reference: [{ title: 'test' }] }, C: { pct: pct.C, reference: [{ title: 'test' }] } };
    return ds;
  };
  const tA = attrition(t, { T: 10, C: 10 });
  const tinyAttrition = cost('cost', tA, [pay]);
  add({ name: 'tiny with 10% attrition, pay terms', input: tinyAttrition });
  add({ name: 'tiny with 10% attrition, compare', input: cost('compare', tA, [pay, positions, minimal]) });
  add({ name: 'tiny with 10% attrition, disclosure', input: cost('disclose', tA, [pay]) });

  // Edited inputs, each against the engine run on the same change.
  const settlementInput = cost('disclose', lausd, [settlement]);
  const termCell = (wb: ExcelJS.Workbook, id: string, header: string) => {
    const ws = wb.getWorksheet('Terms') as ExcelJS.Worksheet;
    return { ws, row: rowWhere(ws, { 1: 1, 3: id }), col: colOf(ws, header) };
  };
  const editTerm = (id: string, header: string, value: number) => (wb: ExcelJS.Workbook) => {
    const { ws, row, col } = termCell(wb, id, header);
    setInput(ws, row, col, value);
  };
  const inputsCell = (wb: ExcelJS.Workbook, label: string, appliesTo: string, fy: string) => {
    const ws = wb.getWorksheet('Inputs') as ExcelJS.Worksheet;
    return { ws, row: rowWhere(ws, { 1: label, 2: appliesTo }), col: colOf(ws, fy) };
  };
  add({
    name: 'LAUSD settlement, raise-2018 3% → 4%', input: settlementInput,
    edit: editTerm('raise-2018', 'Percent', 4),
    expected: () => costAll(lausd, [withTerm(settlement, 'raise-2018', { pct: 4 })]),
  });
  add({
    name: 'tiny, schedule cell C2 step 3 59,000 → 60,000', input: tinyPay,
    edit: (wb) => {
      const ws = wb.getWorksheet('Schedule') as ExcelJS.Worksheet;
      setInput(ws, rowWhere(ws, { 1: 'T', 3: 'C2', 4: 3 }), 6, 60_000);
    },
    expected: () => {
      const ds = structuredClone(t);
      ds.schedules = ds.schedules.map((c) => (c.unit === 'T' && c.lane === 'C2' && c.step === 3 ? { ...c, rate: 60_000 } : c));
      return costAll(ds, [pay]);
    },
  });
  add({
    name: 'tiny, STRS 2019-20 17% → 18%', input: tinyPay,
    edit: (wb) => {
      const { ws, row, col } = inputsCell(wb, 'STRS employer rate', 'certificated', '2019-20');
      setInput(ws, row, col, 18);
    },
    expected: () => {
      const ds = structuredClone(t);
      ds.district.parameters.statutory.certificated.pension.values = [{ from: '2018-07-01', value: 16 }, { from: '2019-07-01', value: 18 }, { from: '2020-07-01', value: 17 }];
      return costAll(ds, [pay]);
    },
  });
  add({
    name: 'tiny, health and welfare 2020-21 11,000 → 12,000', input: tinyPositions,
    edit: (wb) => {
      const { ws, row, col } = inputsCell(wb, 'Health and welfare per eligible employee', 'every unit', '2020-21');
      setInput(ws, row, col, 12_000);
    },
    expected: () => {
      const ds = structuredClone(t);
      ds.district.parameters.healthPerEmployee.values = [{ from: '2018-07-01', value: 10_000 }, { from: '2019-07-01', value: 11_000 }, { from: '2020-07-01', value: 12_000 }, { from: '2021-07-01', value: 11_000 }];
      return costAll(ds, [positions]);
    },
  });
  add({
    name: 'tiny, wage floor 16.50 → 18.00, bonus 1% → 2%, hourly raise 1.25 → 1.50', input: tinyPay,
    edit: (wb) => {
      editTerm('wage-floor-7', 'Hourly floor ($)', 18)(wb);
      editTerm('bonus-5', 'Percent', 2)(wb);
      editTerm('hourly-raise-3', 'Amount ($)', 1.5)(wb);
    },
    expected: () => costAll(t, [withTerm(withTerm(withTerm(pay, 'wage-floor-7', { hourly: 18 }), 'bonus-5', { pct: 2 }), 'hourly-raise-3', { amount: 1.5 })]),
  });
  add({
    name: 'tiny, program 25,000 → 30,000 and raise 2% → 3% (with its me-too copy)', input: tinyPositions,
    edit: (wb) => {
      editTerm('program-7', 'Amount ($)', 30_000)(wb);
      editTerm('raise-5', 'Percent', 3)(wb);
    },
    expected: () => costAll(t, [withTerm(withTerm(positions, 'program-7', { amount: 30_000 }), 'raise-5', { pct: 3 })]),
  });
  add({
    name: 'tiny, attrition of T 10% → 12%', input: tinyAttrition,
    edit: (wb) => {
      const { ws, row, col } = inputsCell(wb, 'Attrition', 'T', '2018-19');
      setInput(ws, row, col, 12);
    },
    expected: () => costAll(attrition(t, { T: 12, C: 10 }), [pay]),
  });
  add({
    name: 'tiny, 3 → 4 custodians in one pay group', input: tinyPay,
    edit: (wb) => {
      const ws = wb.getWorksheet('Groups') as ExcelJS.Worksheet;
      const row = rowWhere(ws, { 2: 'existing', 7: 'custodian', 11: 2 });
      setInput(ws, row, colOf(ws, 'Headcount'), 4);
      setInput(ws, row, colOf(ws, 'FTE'), 4);
    },
    expected: () => {
      const ds = structuredClone(t);
      ds.staff = ds.staff.map((s) => (s.role === 'custodian' && s.step === 2 ? { ...s, count: 4 } : s));
      return costAll(ds, [pay]);
    },
  });

  const copies = new Map<string, { file: string; cached: Map<string, Value> }>();
  const recalculated = new Map<string, ExcelJS.Workbook>();
  const timing = { buildMs: 0, bytes: 0, recalcMs: 0, batchMs: 0, batchFiles: 0, prepareMs: 0 };

  beforeAll(async () => {
    // The LAUSD settlement: built, and recalculated on its own, to time both.
    let t0 = performance.now();
    const buf = await workbookFor(settlementInput);
    timing.buildMs = performance.now() - t0;
    timing.bytes = buf.length;
    const one = await sentinelCopy(await read(buf), join(tmp, 'lausd-settlement.xlsx'));
    copies.set('LAUSD settlement', one);
    t0 = performance.now();
    const [out] = recalculate(soffice as string, [one.file], join(tmp, 'recalc-1'));
    timing.recalcMs = performance.now() - t0;
    recalculated.set('LAUSD settlement', await read(readFileSync(out)));

    // Everything else in one LibreOffice run.
    const tPrep = performance.now();
    const files: string[] = [];
    for (const [k, c] of cases.entries()) {
      const copy = await sentinelCopy(buildWorkbook(c.input), join(tmp, `case-${k}.xlsx`), c.edit);
      copies.set(c.name, copy);
      files.push(copy.file);
    }
    t0 = performance.now();
    const outs = recalculate(soffice as string, files, join(tmp, 'recalc-2'));
    timing.batchMs = performance.now() - t0;
    timing.prepareMs = t0 - tPrep;
    timing.batchFiles = files.length;
    for (const [k, c] of cases.entries()) recalculated.set(c.name, await read(readFileSync(outs[k])));
  }, 600_000);

  it('recalculates the LAUSD settlement (disclose) to the engine\'s figures, with no sentinel left', () => {
    const wb = recalculated.get('LAUSD settlement') as ExcelJS.Workbook;
    const copy = copies.get('LAUSD settlement') as { cached: Map<string, Value> };
    const all = checkRecalculated(wb, copy.cached, 'LAUSD settlement', true);
    const before = tally.cells;
    compareWithEngine(wb, settlementInput.results, 'LAUSD settlement');
    // The same base as the PDF disclosure of the same agreement (its Markdown is built by the same code):
    // section A's "Cost prior to the agreement, 2018-19" on row 6, total compensation of UTLA, and row 7's
    // percentages of it (7.63% in 2018-19 = $255,556,346 ÷ $3,348,070,406), not of every unit's status quo.
    const md = disclosureMarkdown({ dataset: lausd, proposal: settlement, result: settlementInput.results[0] }).split('\n');
    expect(md).toContain('| Category | Cost prior to the agreement, 2018-19 | 2018-19 | % | 2019-20 | % | 2020-21 | % |');
    const cellsOf = (start: string) => (md.find((l) => l.startsWith(start)) as string).split('|').slice(2, -1).map((x) => x.replace(/\*/g, '').trim());
    const [pdfPrior, ...pdfYears] = cellsOf('| **7. Total cost of the agreement');
    const pdfPcts = pdfYears.filter((_, j) => j % 2 === 1);
    const [pdfTotalComp] = cellsOf('| **6. Total compensation (1 + 3 + 4)');
    expect(pdfTotalComp).toBe('$3,348,070,406');
    const D = wb.getWorksheet('Disclosure') as ExcelJS.Worksheet;
    const prior = rowWhere(D, { 1: 'Cost prior to the agreement, 2018-19: total compensation of unit UTLA (the base of the disclosure\'s percentages)' });
    expect(`$${Math.round(Number(shown(D.getCell(prior, 2)))).toLocaleString('en-US')}`).toBe(pdfTotalComp);
    expect(pdfPrior).toBe('');
    expect([2, 3, 4].map((k) => `${Number(shown(D.getCell(prior + 1, k))).toFixed(2)}%`)).toEqual(pdfPcts);
    expect(pdfPcts).toEqual(['7.63%', '6.98%', '8.16%']);
    // The all-units status quo stays, labelled as such.
    expect(rowWhere(D, { 1: 'Status quo compensation of all units (context only; not the cost prior to the agreement)' })).toBeGreaterThan(prior);
    console.log(`LAUSD settlement: workbook built in ${(timing.buildMs / 1000).toFixed(2)} s, ${(timing.bytes / 1e6).toFixed(2)} MB; LibreOffice recalculated it in ${(timing.recalcMs / 1000).toFixed(2)} s; ${all.cells} formula cells equal settle's figure (max difference ${all.maxDiff.toExponential(2)}); ${tally.cells - before} figures compared with the engine.`);
    expect(timing.bytes).toBeGreaterThan(0);
  });

  for (const c of cases) {
    it(`${c.name}: recalculated figures match the engine${c.edit ? ' for the edited input' : ''}`, () => {
      const wb = recalculated.get(c.name) as ExcelJS.Workbook;
      const copy = copies.get(c.name) as { cached: Map<string, Value> };
      const all = checkRecalculated(wb, copy.cached, c.name, !c.edit);
      const before = { cells: tally.cells };
      const expected = c.expected();
      compareWithEngine(wb, expected, c.name);
      if (c.edit) {
        // The edit moved the total by what the engine says it does.
        const was = c.input.results.reduce((s, r) => s + r.years.reduce((n, y) => n + y.totalCents, 0), 0);
        const now = expected.reduce((s, r) => s + r.years.reduce((n, y) => n + y.totalCents, 0), 0);
        expect(now, `${c.name}: the edit changes the engine's total`).not.toBe(was);
      }
      console.log(`${c.name}: ${all.cells} formula cells recalculated${c.edit ? '' : ` (max difference from settle's figure ${all.maxDiff.toExponential(2)})`}; ${tally.cells - before.cells} figures compared with the engine.`);
    });
  }

  afterAll(() => {
    if (recalculated.size === 0) return;
    console.log(`xlsx: ${tally.cells} figures compared with the engine in all, max |difference| $${tally.maxDiff.toFixed(6)}; batch of ${timing.batchFiles} workbooks built with sentinels in ${(timing.prepareMs / 1000).toFixed(2)} s and recalculated in ${(timing.batchMs / 1000).toFixed(2)} s.`);
  });
});
