/**
 * One number per question (issue 11 point 2): for every worked example on the demo dataset of
 * its year, every surface in test/helpers/surfaces.ts (the command line, the HTTP API, the
 * Markdown disclosure, the spreadsheets recalculated by LibreOffice) shows the engine's cost
 * for each fiscal year, to the cent, and every total it labels with its years is exactly the
 * sum of those years. A route of the OpenAPI or an output format of the command line that
 * shows figures but is neither in the list nor excluded with a reason fails the drift tests.
 *
 * The reference is costProposal itself on the dataset folder `settle demo` writes: an example
 * alone over its own years, and beside the other examples of its dataset over their common
 * years (through the latest `lastYear` of any of them, shapes.md "the years rule").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fyLabel } from '../src/calendar/fiscal-year.ts';
import { buildProgram } from '../src/cli/main.ts';
import { costProposal, lastYear } from '../src/costing/cost.ts';
import type { CostResult } from '../src/costing/result.ts';
import { runCli } from './helpers/cli.ts';
import { EXCLUDED, examples, openWorld, surfaces, type Example, type Figures, type Surface, type World } from './helpers/surfaces.ts';

const ALL = examples();
const SURFACES = surfaces(ALL);
const tmp = mkdtempSync(join(tmpdir(), 'settle-consistency-'));
let world: World;

beforeAll(async () => {
  world = await openWorld(tmp, ALL);
}, 300_000);
afterAll(async () => {
  await world?.close();
  rmSync(tmp, { recursive: true, force: true });
  console.log(`consistency: ${checked.years} year figures and ${checked.totals} labelled totals checked (${SURFACES.length} surfaces × their examples (${ALL.length}, fewer where a surface says why) × their years)`);
});

// ---- The reference: the engine, directly ---------------------------------------------------------

const references = new Map<string, { alone: CostResult; together: CostResult }>();
function reference(e: Example): { alone: CostResult; together: CostResult } {
  let r = references.get(e.rel);
  if (!r) {
    const dataset = world.datasets[e.folder];
    const peers = ALL.filter((x) => x.folder === e.folder);
    const through = Math.max(...peers.map((x) => lastYear(dataset, x.parsed.proposal)));
    r = {
      alone: costProposal({ dataset, proposal: e.parsed.proposal, source: e.parsed }),
      together: costProposal({ dataset, proposal: e.parsed.proposal, source: e.parsed, through }),
    };
    references.set(e.rel, r);
  }
  return r;
}

const checked = { years: 0, totals: 0 };
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
/** A figure as the surface can show it: whole dollars (half up, as the documents round) or cents. */
const at = (s: Surface, cents: number) => (s.precision === 'dollar' ? Math.round(cents / 100) * 100 : cents);

/**
 * What a surface shows for an example, against the engine: the same fiscal years, each year's
 * cost equal, each labelled total the exact sum of the years it names, the totals shapes.md
 * requires present over the right years, and a side-by-side view's span stated. Returns every
 * difference in words, with both figures.
 */
function differences(s: Surface, e: Example, f: Figures): string[] {
  const { alone, together } = reference(e);
  const r = s.view === 'alone' ? alone : together;
  const out: string[] = [];
  const want = new Map(r.years.map((y) => [y.fy, y.totalCents]));
  const got = f.years.map((y) => y.fy);
  if (got.join() !== r.years.map((y) => y.fy).join()) out.push(`years shown ${got.join(', ') || 'none'}; the engine costs ${r.years.map((y) => y.fy).join(', ')}`);
  for (const y of f.years) {
    const w = want.get(y.fy);
    if (w === undefined) continue;
    checked.years++;
    if (y.cents !== at(s, w)) out.push(`${y.fy}: shows ${usd(y.cents)}, the engine ${usd(at(s, w))} (difference ${usd(y.cents - at(s, w))})`);
    // Beside other proposals, a year costs what it costs alone (cost --json) wherever both cost it.
    const a = alone.years.find((x) => x.fy === y.fy);
    if (s.view === 'together' && a && y.cents !== at(s, a.totalCents)) out.push(`${y.fy}: shows ${usd(y.cents)} beside the other examples, ${usd(at(s, a.totalCents))} alone (cost --json)`);
  }
  for (const t of f.totals) {
    checked.totals++;
    const years = r.years.filter((y) => y.fy >= t.from && y.fy <= t.to);
    const sum = at(s, years.reduce((n, y) => n + y.totalCents, 0));
    if (years.length === 0) out.push(`total "${t.label}" names ${t.from} to ${t.to}, none of the years costed (${r.years[0].fy} to ${r.years[r.years.length - 1].fy})`);
    else if (t.cents !== sum) out.push(`total "${t.label}" (${t.from} to ${t.to}): shows ${usd(t.cents)}, the sum of those years is ${usd(sum)} (difference ${usd(t.cents - sum)})`);
  }
  const named = (label: string) => f.totals.find((t) => t.label === label);
  const first = r.years[0].fy;
  const last = r.years[r.years.length - 1].fy;
  if (s.totals.includes('total')) {
    const t = named('total');
    if (!t) out.push(`no labelled total over the years of the view (${first} to ${last})`);
    else if (t.from !== first || t.to !== last) out.push(`"total" names ${t.from} to ${t.to}; the view's years are ${first} to ${last}`);
  }
  if (s.totals.includes('contractTotal')) {
    const t = named('contractTotal');
    if (!t) out.push(`no labelled total over the contract's own years (${r.contractTotal.from} to ${r.contractTotal.to})`);
    else if (t.from !== r.contractTotal.from || t.to !== r.contractTotal.to) out.push(`"contractTotal" names ${t.from} to ${t.to}; the contract's years costed are ${r.contractTotal.from} to ${r.contractTotal.to}`);
  }
  if (s.view === 'together' && s.kind !== 'document') {
    if (!f.span) out.push(`no span: the answer does not state the years every proposal is costed over (${first} to ${last})`);
    else if (f.span.from !== first || f.span.to !== last) out.push(`span ${f.span.from} to ${f.span.to}; the common years are ${first} to ${last}`);
  }
  return out;
}

describe('every surface shows the engine\'s figures for every worked example', () => {
  it('has the nine worked examples, on both demo datasets', () => {
    expect(ALL.map((e) => e.rel)).toEqual([
      'lausd-2019/district-offer-2019-01-07.yaml', 'lausd-2019/district-offer-2019-01-11.yaml', 'lausd-2019/fact-finder-2018-12-18.yaml',
      'lausd-2019/settlement-2019-01-22.yaml', 'lausd-2019/utla-demands.yaml',
      'lausd-2023/seiu99-demands-2023.yaml', 'lausd-2023/seiu99-district-offer-2023-03-20.yaml', 'lausd-2023/seiu99-settlement-2023-03-24.yaml',
      'lausd-2023/utla-settlement-2023-04-18.yaml',
    ]);
    // Each on the data of its own year.
    expect(fyLabel(world.datasets['lausd-2019'].district.baseFiscalYear)).toBe('2018-19');
    expect(fyLabel(world.datasets['lausd-2023'].district.baseFiscalYear)).toBe('2022-23');
  });

  for (const s of SURFACES) {
    describe(s.name, () => {
      for (const e of ALL.filter((x) => !s.only || s.only.examples.includes(x.rel))) {
        it(e.rel, async () => {
          const f = await s.read(e, world);
          expect(f.years.length, `${s.name} shows no year for ${e.rel}`).toBeGreaterThan(0);
          expect(differences(s, e, f), `${s.name}, ${e.rel}`).toEqual([]);
        }, 300_000);
      }
    });
  }

  it('catches a wrong figure: one cent off in one year, or a total over other years than it names', () => {
    // The check itself can fail: the reference's own figures pass, a cent off does not.
    const s = SURFACES[0];
    const e = ALL[0];
    const { alone } = reference(e);
    const right: Figures = { years: alone.years.map((y) => ({ fy: y.fy, cents: y.totalCents })), totals: [{ label: 'total', ...alone.total }, { label: 'contractTotal', ...alone.contractTotal }] };
    expect(differences(s, e, right)).toEqual([]);
    const off = structuredClone(right);
    off.years[1].cents += 1;
    expect(differences(s, e, off)).toEqual([expect.stringContaining(`${alone.years[1].fy}: shows`)]);
    const misnamed = structuredClone(right);
    misnamed.totals[0].to = alone.years[alone.years.length - 2].fy;
    expect(differences(s, e, misnamed).join('\n')).toMatch(/"total" names .* the view's years are/);
  });
});

// ---- "What changed" in the side-by-side answers: over exactly the years of the table above it ----

describe('"what changed" adds up over the same years as the side-by-side table', () => {
  const views = [['workspace compare', 'lausd'], ['public compare', null]] as const;
  for (const [view, who] of views) {
    for (const folder of ['lausd-2019', 'lausd-2023'] as const) {
      it(`${view}, ${folder}: each pair's before and after are the versions' own figures over the span, and the rows add up to the difference`, async () => {
        const peers = ALL.filter((e) => e.folder === folder);
        const ids = peers.map((e) => world.versionId.get(e.rel) as number);
        const path = `${view === 'public compare' ? '/api/public/compare' : '/api/compare'}?versions=${ids.join(',')}`;
        const answer = await world.once(`${view} ${folder}`, () => world.get(who, path));
        const byId = new Map(peers.map((e, k) => [ids[k], e]));
        const problems: string[] = [];
        for (const pair of answer.changes as { from: number; to: number; sameDataset: boolean; span?: { from: string; to: string }; header: { effect: { fy: string; cents: number }[] } | null; changes: { effect: { fy: string; cents: number }[] }[]; fromCents: { fy: string; cents: number }[]; toCents: { fy: string; cents: number }[] }[]) {
          if (!pair.sameDataset) continue;
          const [a, b] = [reference(byId.get(pair.from) as Example).together, reference(byId.get(pair.to) as Example).together];
          const where = `${byId.get(pair.from)?.rel} → ${byId.get(pair.to)?.rel}`;
          const span = { from: a.years[0].fy, to: a.years[a.years.length - 1].fy };
          if (!pair.span) problems.push(`${where}: no span stated (the table's years are ${span.from} to ${span.to})`);
          else if (pair.span.from !== span.from || pair.span.to !== span.to) problems.push(`${where}: span ${pair.span.from} to ${pair.span.to}, the table's years are ${span.from} to ${span.to}`);
          for (const [label, got, want] of [['before', pair.fromCents, a], ['after', pair.toCents, b]] as const) {
            const shown = got.map((y) => y.fy).join(', ');
            if (shown !== want.years.map((y) => y.fy).join(', ')) problems.push(`${where}: "${label}" is over ${shown}, the table's years are ${want.years.map((y) => y.fy).join(', ')}`);
            for (const y of got) {
              const w = want.years.find((x) => x.fy === y.fy);
              checked.years++;
              if (w && w.totalCents !== y.cents) problems.push(`${where}: "${label}" ${y.fy} is ${usd(y.cents)}, the version costs ${usd(w.totalCents)} that year`);
            }
          }
          for (const y of pair.toCents) {
            const from = pair.fromCents.find((x) => x.fy === y.fy)?.cents ?? 0;
            const rows = [...(pair.header ? [pair.header] : []), ...pair.changes].reduce((n, c) => n + (c.effect.find((e) => e.fy === y.fy)?.cents ?? 0), 0);
            if (rows !== y.cents - from) problems.push(`${where}: ${y.fy} rows add up to ${usd(rows)}, the difference is ${usd(y.cents - from)}`);
          }
        }
        expect(problems).toEqual([]);
      }, 120_000);
    }
  }
});

describe('settle compare --changes --json', () => {
  for (const folder of ['lausd-2019', 'lausd-2023'] as const) {
    it(`${folder}: from one version to the next, before and after are each version's cost over the two versions' common years`, async () => {
      const [a, b] = ALL.filter((e) => e.folder === folder).slice(0, 2);
      const r = await runCli('compare', '--changes', '--json', '--district', world.datasetDir[folder], a.file, b.file);
      expect(r.code, r.err).toBe(0);
      const c = JSON.parse(r.out) as { span?: { from: string; to: string }; fromCents: { fy: string; cents: number }[]; toCents: { fy: string; cents: number }[] };
      const dataset = world.datasets[folder];
      const through = Math.max(lastYear(dataset, a.parsed.proposal), lastYear(dataset, b.parsed.proposal));
      const [ra, rb] = [a, b].map((e) => costProposal({ dataset, proposal: e.parsed.proposal, source: e.parsed, through }));
      checked.years += c.fromCents.length + c.toCents.length;
      expect(c.fromCents).toEqual(ra.years.map((y) => ({ fy: y.fy, cents: y.totalCents })));
      expect(c.toCents).toEqual(rb.years.map((y) => ({ fy: y.fy, cents: y.totalCents })));
      expect(c.span, 'Changes.span (shapes.md)').toEqual({ from: ra.years[0].fy, to: ra.years[ra.years.length - 1].fy });
    }, 120_000);
  }
});

// ---- Drift: a surface that shows figures but is not in the list fails ---------------------------

type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; additionalProperties?: Schema | boolean; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; description?: string };
const FIGURE_KEYS = new Set(['totalCents', 'cents', 'years', 'fromCents', 'toCents']);

/** Whether a response schema carries cost figures: a property named like one, or a costing result. */
function carriesFigures(s: Schema | boolean | undefined, components: Record<string, Schema>, seen = new Set<string>()): boolean {
  if (!s || typeof s !== 'object') return false;
  if (s.$ref) {
    const name = s.$ref.split('/').pop() as string;
    if (seen.has(name)) return false;
    seen.add(name);
    return carriesFigures(components[name], components, seen);
  }
  if (/costing result/i.test(s.description ?? '')) return true;
  for (const [k, v] of Object.entries(s.properties ?? {})) if (FIGURE_KEYS.has(k) || carriesFigures(v, components, seen)) return true;
  return [s.items, s.additionalProperties, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].some((x) => carriesFigures(x, components, seen));
}

/** Every route whose successful answer shows figures: JSON with cost figures, or a PDF or spreadsheet. */
async function figureRoutes(): Promise<string[]> {
  const res = await world.server.app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>; components: { schemas: Record<string, Schema> } };
  const out: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const ok = Object.entries(op.responses ?? {}).filter(([code]) => code.startsWith('2'));
      const shows = ok.some(([, r]) => Object.entries(r.content ?? {}).some(([type, c]) => /pdf|spreadsheet|excel|csv|html|markdown/.test(type) || carriesFigures(c.schema, doc.components.schemas)));
      if (shows) out.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return out;
}

/** Every output of the command line that can carry figures: `--json`, and each `--format` its help names. */
function figureOutputs(): string[] {
  const program = buildProgram({ out: () => undefined, err: () => undefined, interactive: false });
  return program.commands.flatMap((c) => c.options.flatMap((o) => {
    if (o.long === '--json') return [`${c.name()} json`];
    if (o.long === '--format') return [...new Set(o.description.match(/\b(table|json|xlsx|md|html|pdf|csv|svg)\b/g) ?? [])].map((f) => `${c.name()} ${f}`);
    return [];
  }));
}

describe('the list of surfaces is complete', () => {
  const listedRoutes = new Set(SURFACES.flatMap((s) => s.routes ?? []));
  const listedOutputs = new Set(SURFACES.flatMap((s) => s.cli ?? []));

  it('every route of the OpenAPI that shows figures is in the list or excluded with a reason', async () => {
    const routes = await figureRoutes();
    // The detection finds what it must: the version page and both compare answers.
    expect(routes).toEqual(expect.arrayContaining(['GET /api/proposal-versions/{id}', 'GET /api/compare', 'GET /api/public/compare']));
    expect(routes.filter((r) => !listedRoutes.has(r) && !(r in EXCLUDED)), 'routes that show figures but are neither in test/helpers/surfaces.ts nor in EXCLUDED').toEqual([]);
    // And nothing listed is stale.
    const outputs = figureOutputs();
    const known = new Set([...routes, ...outputs]);
    expect([...listedRoutes, ...Object.keys(EXCLUDED)].filter((r) => /^[A-Z]+ \//.test(r) && !known.has(r)), 'listed routes that the OpenAPI no longer has (or that show no figures)').toEqual([]);
  });

  it('every output of the command line that shows figures is in the list or excluded with a reason', () => {
    const outputs = figureOutputs();
    expect(outputs).toEqual(expect.arrayContaining(['cost json', 'cost xlsx', 'compare json', 'disclose md']));
    expect(outputs.filter((o) => !listedOutputs.has(o) && !(o in EXCLUDED)), 'command outputs that show figures but are neither in test/helpers/surfaces.ts nor in EXCLUDED').toEqual([]);
    expect([...listedOutputs, ...Object.keys(EXCLUDED).filter((k) => !/^[A-Z]+ \//.test(k))].filter((o) => !outputs.includes(o)), 'listed outputs the command line no longer has').toEqual([]);
  });

  it('every exclusion, and every surface read for some examples only, gives a reason', () => {
    for (const [what, why] of Object.entries(EXCLUDED)) expect(why.length, what).toBeGreaterThan(20);
    for (const s of SURFACES.filter((x) => x.only)) {
      expect(s.only?.why.length, s.name).toBeGreaterThan(20);
      expect(s.only?.examples.every((rel) => ALL.some((e) => e.rel === rel)), `${s.name}: examples that exist`).toBe(true);
    }
  });
});
