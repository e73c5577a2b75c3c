/**
 * For tests only. THE list of surfaces that show a proposal's cost to a reader (issue 11 point 2):
 * the command line, the HTTP API and the documents. test/consistency.test.ts checks every one of
 * them against the engine for every worked example, and fails when a route of the OpenAPI or a
 * command's output format shows figures but is neither here nor in EXCLUDED with a reason.
 *
 * A surface reads one example's figures as a reader sees them: its cost per fiscal year and
 * every total it labels with its years. `view` says over which years it costs: `alone` (the
 * example by itself, over its own years) or `together` (beside every example of its dataset,
 * all costed over the same years, shapes.md "the years rule").
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { readInputs } from '../../src/cli/inputs.ts';
import type { Dataset } from '../../src/district/types.ts';
import { parseProposal, type ParsedProposal } from '../../src/proposals/parse.ts';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/demo.ts';
import { runCli } from './cli.ts';
import { findSoffice, recalculate } from './libreoffice.ts';
import { startTestServer, type TestServer } from './server.ts';

export interface YearFigure { fy: string; cents: number }
export interface Total { label: string; from: string; to: string; cents: number }
export interface Figures { years: YearFigure[]; totals: Total[]; span?: { from: string; to: string } }

export interface Example {
  /** e.g. lausd-2019/utla-demands.yaml */
  rel: string;
  file: string;
  folder: 'lausd-2019' | 'lausd-2023';
  parsed: ParsedProposal;
  yaml: string;
  title: string;
  /** Who drafts it in the demo workspaces, and who receives it when passed. */
  by: 'lausd' | 'utla' | 'seiu99';
  to: 'lausd' | 'utla' | 'seiu99';
}

export interface Surface {
  name: string;
  kind: 'cli' | 'api' | 'document';
  view: 'alone' | 'together';
  /** A document in whole dollars (the Markdown disclosure) is compared to the dollar; every other surface to the cent. */
  precision: 'cent' | 'dollar';
  /** Labelled totals this surface must carry (shapes.md): over every year of its view, and over the contract's own years. */
  totals: ('total' | 'contractTotal')[];
  /** What it covers, for the drift test: OpenAPI routes ("GET /api/compare") and CLI outputs ("cost json"). */
  routes?: string[];
  cli?: string[];
  /**
   * The examples it is read for, when not all, and why: LibreOffice takes about half a minute per
   * LAUSD workbook, so the one-proposal workbook is recalculated for each dataset's agreement only
   * (every example is in the compare workbooks, recalculated too).
   */
  only?: { examples: string[]; why: string };
  read(example: Example, world: World): Promise<Figures>;
}

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

/** The worked examples on the demo dataset of their year (2019 on 2018-19, 2023 on 2022-23). */
export function examples(): Example[] {
  return (['lausd-2019', 'lausd-2023'] as const).flatMap((folder) => readdirSync(join(EXAMPLES, folder)).filter((f) => f.endsWith('.yaml')).sort().map((name) => {
    const file = join(EXAMPLES, folder, name);
    const yaml = readFileSync(file, 'utf8');
    const parsed = parseProposal(yaml, `${folder}/${name}`);
    const p = parsed.proposal;
    const by = p.party === 'union' ? (p.unit === 'SEIU99' ? 'seiu99' : 'utla') : p.party === 'fact-finder' ? 'utla' : 'lausd';
    const union = p.unit === 'SEIU99' ? 'seiu99' : 'utla';
    return { rel: `${folder}/${name}`, file, folder, parsed, yaml, title: p.title, by, to: by === 'lausd' ? union : 'lausd' } as Example;
  }));
}

// ---- The shared world: one demo on disk, one server, one costing of each example ----------------

const SIGN_IN: Record<Example['by'], string> = { lausd: 'negotiator@lausd.demo', utla: 'bargaining@utla.demo', seiu99: 'bargaining@seiu99.demo' };

export interface World {
  tmp: string;
  datasetDir: Record<Example['folder'], string>;
  datasets: Record<Example['folder'], Dataset>;
  server: TestServer;
  /** The demo's version id of each example (by its path under examples/). */
  versionId: Map<string, number>;
  get(who: Example['by'] | null, path: string): Promise<any>;
  post(who: Example['by'], path: string, body: unknown): Promise<any>;
  /** Cached answers and files, computed once per key. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openWorld(tmp: string, all: Example[]): Promise<World> {
  const datasetDir = { 'lausd-2019': join(tmp, 'lausd-2018-19'), 'lausd-2023': join(tmp, 'lausd-2022-23') };
  const demo = await runCli('demo', '--out', datasetDir['lausd-2019']);
  if (demo.code !== 0) throw new Error(`settle demo failed: ${demo.err}`);
  const datasets = { 'lausd-2019': loadOrThrow(datasetDir['lausd-2019']), 'lausd-2023': loadOrThrow(datasetDir['lausd-2023']) };

  // The demo server: every example drafted, passed and published through the API on its date.
  const server = await startTestServer({ dialect: 'sqlite', empty: true });
  const seeded = await seedDemo(server.deps, undefined, { sites: false });
  if (seeded?.published !== all.length) throw new Error(`the demo published ${seeded?.published} versions, expected one per example (${all.length})`);
  const sessions = new Map<string, { cookie: string; csrf: string }>();
  const session = async (who: Example['by']) => {
    let s = sessions.get(who);
    if (!s) {
      const res = await server.app.request('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: SIGN_IN[who], password: DEMO_PASSWORD }) });
      const body = (await res.json()) as { csrfToken: string };
      sessions.set(who, (s = { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0], csrf: body.csrfToken }));
    }
    return s;
  };
  const answer = async (res: Response, what: string) => {
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  const get = async (who: Example['by'] | null, path: string) => answer(await server.app.request(path, { headers: who ? { cookie: (await session(who)).cookie } : {} }), `GET ${path}`);
  const post = async (who: Example['by'], path: string, body: unknown) => {
    const s = await session(who);
    return answer(await server.app.request(path, { method: 'POST', headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' }, body: JSON.stringify(body) }), `POST ${path}`);
  };

  // Examples are found on the public record by their title (titles are unique among the examples).
  const record = await get(null, '/api/public/proposals');
  const versionId = new Map<string, number>();
  for (const e of all) {
    const hits = record.proposals.filter((p: { title: string }) => p.title === e.title);
    if (hits.length !== 1) throw new Error(`${e.rel}: ${hits.length} published versions titled ${JSON.stringify(e.title)}`);
    versionId.set(e.rel, hits[0].id);
  }
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, make: () => Promise<T>) => {
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key) as Promise<T>;
  };
  return { tmp, datasetDir, datasets, server, versionId, get, post, once, close: () => server.close() };
}

/** A dataset folder as the CLI reads it. */
const loadOrThrow = (dir: string): Dataset => readInputs(dir, []).dataset;

// ---- Reading answers ----------------------------------------------------------------------------

const YEARS_RE = /(\d{4}-\d{2}) to (\d{4}-\d{2})/;

/** Per-year totals of a result or summary ({ years: [{ fy, totalCents }] }). */
const yearsOf = (r: Record<string, any>): YearFigure[] => (r.years as { fy: string; totalCents: number }[]).map((y) => ({ fy: y.fy, cents: y.totalCents }));

/** The labelled totals a JSON answer carries (shapes.md: `total` and `contractTotal`, each { from, to, cents }). */
function totalsOf(r: Record<string, unknown>): Total[] {
  return (['total', 'contractTotal'] as const).flatMap((label) => {
    const t = r[label] as { from: string; to: string; cents: number } | undefined;
    return t ? [{ label, from: t.from, to: t.to, cents: t.cents }] : [];
  });
}
const figuresOf = (r: Record<string, any>, span?: { from: string; to: string }): Figures => ({ years: yearsOf(r), totals: totalsOf(r), span });

/** The examples of a dataset, in file order: what the `together` views show side by side. */
const peers = (e: Example, all: Example[]) => all.filter((x) => x.folder === e.folder);

async function cli(world: World, ...argv: string[]): Promise<string> {
  const r = await runCli(...argv);
  if (r.code !== 0) throw new Error(`settle ${argv.join(' ')} exited ${r.code}: ${r.err.slice(0, 500)}`);
  return r.out;
}

/** `settle compare --json` of every example of the dataset, read once per dataset. */
async function compareAll(e: Example, world: World, all: Example[]): Promise<Record<string, any>> {
  return world.once(`compare-json ${e.folder}`, async () => JSON.parse(await cli(world, 'compare', '--json', '--district', world.datasetDir[e.folder], ...peers(e, all).map((x) => x.file))));
}

/** The version of `e` among the versions of a compare answer (public or workspace). */
function versionIn(answer: { versions: { id: number }[] }, id: number, what: string): Record<string, any> {
  const v = answer.versions.find((x) => x.id === id);
  if (!v) throw new Error(`${what}: version ${id} is not in the answer`);
  return v;
}

// ---- Reading documents --------------------------------------------------------------------------

const dollarsToCents = (text: string) => Math.round(Number(text.replace(/[$,*]/g, '').trim()) * 100) * (text.includes('-$') ? -1 : 1);

/**
 * The Markdown disclosure: the "Total cost of the agreement" row of the cost table by term (the
 * first table whose header row is "Term of the agreement" and the fiscal years), and every line
 * that labels a total with its years ("Total, 2018-19 to 2021-22: $…").
 */
export function readDisclosureMd(md: string): Figures {
  const lines = md.split('\n');
  const head = lines.findIndex((l) => /^\| Term of the agreement \|/.test(l));
  if (head < 0) throw new Error('the disclosure has no cost table by term ("| Term of the agreement | …")');
  const cells = (l: string) => l.split('|').slice(1, -1).map((c) => c.trim());
  // Year columns ("2019-20", starred when extrapolated), then the totals column ("Total, 2018-19 to 2022-23").
  const header = cells(lines[head]).slice(1);
  const fys = header.map((h, k) => ({ fy: h.replace(/\*$/, ''), k })).filter((x) => /^\d{4}-\d{2}$/.test(x.fy));
  const column = header.findIndex((h) => YEARS_RE.test(h) && /^Total/.test(h));
  let total: string[] | undefined;
  for (let i = head + 2; i < lines.length && lines[i].startsWith('|'); i++) {
    if (/Total cost of the agreement/.test(cells(lines[i])[0])) total = cells(lines[i]).slice(1);
  }
  if (!total) throw new Error('the disclosure\'s cost table has no "Total cost of the agreement" row');
  const years = fys.map(({ fy, k }) => ({ fy, cents: dollarsToCents((total as string[])[k]) }));
  const totals: Total[] = [];
  if (column >= 0) {
    const m = YEARS_RE.exec(header[column]) as RegExpExecArray;
    totals.push({ label: `cost table: ${header[column]}`, from: m[1], to: m[2], cents: dollarsToCents(total[column]) });
  }
  // The labelled totals under the table: every year costed ("total"), and the contract's own years ("contractTotal").
  for (const l of lines) {
    const m = /(Total|over the contract)[^$|]*?(\d{4}-\d{2}) to (\d{4}-\d{2})[^$]*?(-?\$[\d,]+(?:\.\d\d)?)/i.exec(l);
    if (!m) continue;
    const label = /every year costed/.test(l) ? 'total' : /over the contract/i.test(l) ? 'contractTotal' : l.trim().slice(0, 80);
    totals.push({ label, from: m[2], to: m[3], cents: dollarsToCents(m[4]) });
  }
  return { years, totals };
}

type Value = number | string | boolean | null | undefined;
const shown = (cell: ExcelJS.Cell): Value => (cell.type === ExcelJS.ValueType.Formula ? (cell.result as Value) : (cell.value as Value));

/**
 * The recalculated workbook's Summary sheet: the "Total cost of the proposal" row of the block
 * of the proposal with this id, by fiscal-year column, and any row of the block whose label
 * names years ("Total, 2018-19 to 2021-22").
 */
export function readWorkbook(wb: ExcelJS.Workbook, proposalId: string): Figures {
  const S = wb.getWorksheet('Summary');
  if (!S) throw new Error('the workbook has no Summary sheet');
  const yearCol = new Map<number, string>();
  S.getRow(1).eachCell((c, k) => void (k > 1 && /^\d{4}-\d{2}$/.test(String(c.value)) && yearCol.set(k, String(c.value))));
  const labels: { r: number; label: string }[] = [];
  S.eachRow((row, r) => labels.push({ r, label: String(shown(row.getCell(1)) ?? '') }));
  const start = labels.findIndex((x) => x.label.startsWith('Proposal ') && x.label.includes(`[${proposalId}]`));
  if (start < 0) throw new Error(`no Summary block for proposal ${proposalId}`);
  const next = labels.findIndex((x, k) => k > start && /^Proposal \d+: /.test(x.label));
  const block = labels.slice(start, next < 0 ? undefined : next);
  const totalRow = block.find((x) => x.label === 'Total cost of the proposal');
  if (!totalRow) throw new Error(`no "Total cost of the proposal" row for proposal ${proposalId}`);
  const years: YearFigure[] = [];
  for (const [c, fy] of yearCol) {
    const v = shown(S.getCell(totalRow.r, c));
    if (typeof v === 'number') years.push({ fy, cents: Math.round(v * 100) });
  }
  // The totals column ("Total, 2018-19 to 2022-23"): on the proposal's total row it is the total over
  // every year shown; on the row "Total over the contract, … to …" it is the contract's own total.
  let totalsCol = 0;
  let span: RegExpExecArray | null = null;
  S.getRow(1).eachCell((c, k) => {
    const m = YEARS_RE.exec(String(c.value));
    if (m && /^Total/.test(String(c.value))) [totalsCol, span] = [k, m];
  });
  const totals: Total[] = [];
  const at = (r: number) => shown(S.getCell(r, totalsCol));
  if (totalsCol > 0 && span) {
    const v = at(totalRow.r);
    if (typeof v === 'number') totals.push({ label: 'total', from: (span as RegExpExecArray)[1], to: (span as RegExpExecArray)[2], cents: Math.round(v * 100) });
  }
  for (const x of block) {
    const m = YEARS_RE.exec(x.label);
    if (!m || !/total|over the contract/i.test(x.label)) continue;
    const row = S.getRow(x.r);
    const v = totalsCol > 0 && typeof at(x.r) === 'number' ? at(x.r) : [2, 3, 4].map((c) => shown(row.getCell(c))).find((y) => typeof y === 'number');
    if (typeof v === 'number') totals.push({ label: /over the contract/i.test(x.label) ? 'contractTotal' : x.label, from: m[1], to: m[2], cents: Math.round(v * 100) });
  }
  return { years, totals };
}

const SENTINEL = -1;
/**
 * Every formula's cached value replaced by a sentinel before LibreOffice recalculates, so a
 * figure read back is LibreOffice's, never settle's cached one (as test/xlsx.test.ts does).
 */
async function withSentinels(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => {
    if (c.type !== ExcelJS.ValueType.Formula) return;
    const v = c.value as ExcelJS.CellFormulaValue;
    c.value = { formula: v.formula, result: typeof c.result === 'string' ? 'WRONG' : SENTINEL } as ExcelJS.CellFormulaValue;
  })));
  writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
}

/**
 * Every workbook the surfaces read, written by the CLI, sentinelled, and recalculated by
 * LibreOffice in one run; read back with exceljs. Throws when LibreOffice is missing.
 */
export async function recalculatedWorkbooks(world: World, all: Example[]): Promise<Map<string, ExcelJS.Workbook>> {
  return world.once('workbooks', async () => {
    const soffice = findSoffice();
    if (!soffice) throw new Error('LibreOffice (soffice) is not installed: the spreadsheets cannot be recalculated (install libreoffice-calc-nogui)');
    const dir = join(world.tmp, 'xlsx');
    mkdirSync(dir, { recursive: true });
    const files = new Map<string, string>();
    const oneProposal = surfaces(all).find((x) => x.cli?.includes('cost xlsx'))?.only?.examples ?? all.map((e) => e.rel);
    for (const e of all.filter((x) => oneProposal.includes(x.rel))) {
      const f = join(dir, `cost-${e.folder}-${basename(e.file, '.yaml')}.xlsx`);
      await cli(world, 'cost', '--format', 'xlsx', '--out', f, '--district', world.datasetDir[e.folder], e.file);
      files.set(`cost ${e.rel}`, f);
    }
    for (const folder of ['lausd-2019', 'lausd-2023'] as const) {
      const f = join(dir, `compare-${folder}.xlsx`);
      await cli(world, 'compare', '--format', 'xlsx', '--out', f, '--district', world.datasetDir[folder], ...all.filter((x) => x.folder === folder).map((x) => x.file));
      files.set(`compare ${folder}`, f);
    }
    for (const f of files.values()) await withSentinels(f);
    const outs = recalculate(soffice, [...files.values()], join(dir, 'recalculated'));
    const books = new Map<string, ExcelJS.Workbook>();
    let k = 0;
    for (const key of files.keys()) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(readFileSync(outs[k++]) as unknown as ArrayBuffer);
      books.set(key, wb);
    }
    return books;
  });
}

// ---- THE LIST -----------------------------------------------------------------------------------

export function surfaces(all: Example[]): Surface[] {
  const id = (e: Example, w: World) => w.versionId.get(e.rel) as number;
  return [
    {
      name: 'settle cost --json', kind: 'cli', view: 'alone', precision: 'cent', totals: ['total', 'contractTotal'], cli: ['cost json'],
      read: async (e, w) => figuresOf(await w.once(`cost-json ${e.rel}`, async () => JSON.parse(await cli(w, 'cost', '--json', '--district', w.datasetDir[e.folder], e.file)))),
    },
    {
      name: 'settle compare --json (the example alone)', kind: 'cli', view: 'alone', precision: 'cent', totals: ['total', 'contractTotal'], cli: ['compare json'],
      read: async (e, w) => figuresOf(JSON.parse(await cli(w, 'compare', '--json', '--district', w.datasetDir[e.folder], e.file)).proposals[0]),
    },
    {
      name: 'settle compare --json (every example of its dataset)', kind: 'cli', view: 'together', precision: 'cent', totals: ['total', 'contractTotal'], cli: ['compare json'],
      read: async (e, w) => {
        const answer = await compareAll(e, w, all);
        const k = peers(e, all).indexOf(e);
        return figuresOf(answer.proposals[k], answer.span);
      },
    },
    {
      name: 'version page (GET /api/proposal-versions/{id})', kind: 'api', view: 'alone', precision: 'cent', totals: ['total', 'contractTotal'], routes: ['GET /api/proposal-versions/{id}'],
      read: async (e, w) => figuresOf((await w.get(e.by, `/api/proposal-versions/${id(e, w)}`)).result),
    },
    {
      name: 'editor preview (POST /api/costings)', kind: 'api', view: 'alone', precision: 'cent', totals: ['total', 'contractTotal'], routes: ['POST /api/costings'],
      read: async (e, w) => {
        const v = await w.get(e.by, `/api/proposal-versions/${id(e, w)}`);
        return figuresOf(await w.post(e.by, '/api/costings?positions=none', { yaml: e.yaml, datasetVersionId: v.datasetVersionId }));
      },
    },
    {
      name: 'proposal history (GET /api/proposals/{id})', kind: 'api', view: 'alone', precision: 'cent', totals: ['total', 'contractTotal'], routes: ['GET /api/proposals/{id}'],
      read: async (e, w) => {
        const v = await w.get(e.by, `/api/proposal-versions/${id(e, w)}`);
        const history = await w.get(e.by, `/api/proposals/${v.proposalId}`);
        return figuresOf(versionIn(history, id(e, w), 'GET /api/proposals/{id}'));
      },
    },
    {
      name: 'received proposals (GET /api/proposals, the other side)', kind: 'api', view: 'alone', precision: 'cent', totals: ['total', 'contractTotal'], routes: ['GET /api/proposals'],
      read: async (e, w) => {
        const list = await w.get(e.to, '/api/proposals');
        const hit = list.received.find((r: { id: number }) => r.id === id(e, w));
        if (!hit) throw new Error(`${e.rel}: not among the versions ${e.to} received`);
        return figuresOf(hit);
      },
    },
    {
      name: 'workspace compare (GET /api/compare)', kind: 'api', view: 'together', precision: 'cent', totals: ['total', 'contractTotal'], routes: ['GET /api/compare'],
      read: async (e, w) => {
        const ids = peers(e, all).map((x) => id(x, w)).join(',');
        const answer = await w.once(`workspace-compare ${e.folder}`, () => w.get('lausd', `/api/compare?versions=${ids}`));
        return figuresOf(versionIn(answer, id(e, w), 'GET /api/compare'), answer.span);
      },
    },
    {
      name: 'public record (GET /api/public/proposals)', kind: 'api', view: 'alone', precision: 'cent', totals: ['total', 'contractTotal'], routes: ['GET /api/public/proposals'],
      read: async (e, w) => {
        const record = await w.once('public-record', () => w.get(null, '/api/public/proposals'));
        return figuresOf(versionIn({ versions: record.proposals }, id(e, w), 'GET /api/public/proposals'));
      },
    },
    {
      name: 'public side-by-side (GET /api/public/proposals, each round\'s sides)', kind: 'api', view: 'together', precision: 'cent', totals: ['total', 'contractTotal'], routes: ['GET /api/public/proposals'],
      only: {
        examples: ['lausd-2019/utla-demands.yaml', 'lausd-2019/district-offer-2019-01-11.yaml', 'lausd-2019/settlement-2019-01-22.yaml', 'lausd-2023/seiu99-demands-2023.yaml', 'lausd-2023/seiu99-district-offer-2023-03-20.yaml', 'lausd-2023/seiu99-settlement-2023-03-24.yaml', 'lausd-2023/utla-settlement-2023-04-18.yaml'],
        why: 'a round shows side by side only each side\'s latest proposal and the agreement; the fact-finder\'s report and the earlier January 7 offer are in the history, not the side-by-side',
      },
      read: async (e, w) => {
        const record = await w.once('public-record', () => w.get(null, '/api/public/proposals'));
        const rounds = (record.tables as { rounds: { span: { from: string; to: string } | null; sides: { id: number }[] }[] }[]).flatMap((t) => t.rounds);
        const round = rounds.find((r) => r.sides.some((x) => x.id === id(e, w)));
        if (!round) throw new Error(`${e.rel}: in no round's side-by-side on the public page`);
        return figuresOf(round.sides.find((x) => x.id === id(e, w)) as Record<string, any>, round.span ?? undefined);
      },
    },
    {
      name: 'public proposal (GET /api/public/proposals/{id})', kind: 'api', view: 'alone', precision: 'cent', totals: ['total', 'contractTotal'], routes: ['GET /api/public/proposals/{id}'],
      read: async (e, w) => figuresOf(await w.get(null, `/api/public/proposals/${id(e, w)}`)),
    },
    {
      name: 'public compare (GET /api/public/compare)', kind: 'api', view: 'together', precision: 'cent', totals: ['total', 'contractTotal'], routes: ['GET /api/public/compare'],
      read: async (e, w) => {
        const ids = peers(e, all).map((x) => id(x, w)).join(',');
        const answer = await w.once(`public-compare ${e.folder}`, () => w.get(null, `/api/public/compare?versions=${ids}`));
        return figuresOf(versionIn(answer, id(e, w), 'GET /api/public/compare'), answer.span);
      },
    },
    {
      name: 'Markdown disclosure (settle disclose --format md)', kind: 'document', view: 'alone', precision: 'dollar', totals: ['total', 'contractTotal'], cli: ['disclose md'],
      read: async (e, w) => readDisclosureMd(await cli(w, 'disclose', '--format', 'md', '--district', w.datasetDir[e.folder], e.file)),
    },
    {
      name: 'spreadsheet, recalculated by LibreOffice (settle cost --format xlsx)', kind: 'document', view: 'alone', precision: 'cent', totals: ['total', 'contractTotal'], cli: ['cost xlsx'],
      only: {
        examples: ['lausd-2019/settlement-2019-01-22.yaml', 'lausd-2023/utla-settlement-2023-04-18.yaml'],
        why: 'LibreOffice recalculates a LAUSD workbook in about 35 s; each dataset\'s agreement stands for the one-proposal workbook, and every example is read from the compare workbooks',
      },
      read: async (e, w) => readWorkbook((await recalculatedWorkbooks(w, all)).get(`cost ${e.rel}`) as ExcelJS.Workbook, e.parsed.proposal.id),
    },
    {
      name: 'spreadsheet of every example of its dataset, recalculated by LibreOffice (settle compare --format xlsx)', kind: 'document', view: 'together', precision: 'cent', totals: ['total', 'contractTotal'], cli: ['compare xlsx'],
      read: async (e, w) => readWorkbook((await recalculatedWorkbooks(w, all)).get(`compare ${e.folder}`) as ExcelJS.Workbook, e.parsed.proposal.id),
    },
  ];
}

/**
 * Routes and command outputs that show figures but are not in the list, each with its reason.
 * The drift test fails on any figure-bearing route or output that is in neither.
 */
export const EXCLUDED: Record<string, string> = {
  'POST /api/proposals': 'the answer to storing a version is the version page\'s answer (schema ProposalVersion), read through GET /api/proposal-versions/{id}',
  'POST /api/proposals/{id}/versions': 'the answer to storing a later version is the version page\'s answer (schema ProposalVersion), read through GET /api/proposal-versions/{id}',
  'GET /api/proposal-versions/{id}/disclosure.pdf': 'Chromium\'s print of the HTML disclosure, built by the same code as the Markdown one (src/reports/disclosure) from the stored result',
  'GET /api/proposal-versions/{id}/disclosure.xlsx': 'the workbook of settle disclose --format xlsx (same workbookFor, kind disclose) built from the stored result',
  'GET /api/messages/unsubscribe': 'an HTML page for a member who follows an email\'s unsubscribe link: one sentence and one button, no figures',
  'POST /api/messages/unsubscribe': 'an HTML page saying the address will get no more email, no figures',
  'cost table': 'a text table for a terminal, formatting the same result object that cost --json prints',
  'compare table': 'a text table for a terminal, formatting the same result objects that compare --json prints',
  'zone json': 'a settlement-zone search: packages that fit both sides\' limits, not a proposal\'s cost by year',
  'strike-impact json': 'pay and days lost in a strike, not a proposal\'s cost by year',
  'GET /api/pickets/pay/ledger': 'strike pay owed to members for a week of strike duty (src/pickets/pay.ts), not a proposal\'s cost by year; its total equals the payout file\'s (src/server/pickets/pay.test.ts)',
  'GET /api/me/strike-pay': 'a member\'s own strike pay by week, the same ledger rows, not a proposal\'s cost by year',
  'POST /api/pickets/pay/payouts': 'a strike-pay payout\'s member count and total for one week, not a proposal\'s cost by year',
  'GET /api/sites/cost.csv': 'a district strike day\'s inputs (students attending, substitutes, shares) as a days file for settle strike-impact, not a proposal\'s cost by year; the cost of those days equals the command line\'s to the cent (test/sites-cost-cli.test.ts)',
  'GET /api/pickets/pay/payouts': 'the strike-pay payouts produced, each week\'s member count and total, not a proposal\'s cost by year',
  'GET /api/pickets/pay/payouts/{payoutId}/csv': 'the strike-pay payout file as produced, its total row checked against the ledger in src/server/pickets/pay.test.ts',
  'disclose html': 'the same disclosure document as the Markdown one (src/reports/disclosure/document.ts), rendered as HTML',
  'disclose pdf': 'Chromium\'s print of the HTML disclosure',
  'disclose xlsx': 'the workbook of cost --format xlsx with a Disclosure sheet (same workbookFor)',
};
