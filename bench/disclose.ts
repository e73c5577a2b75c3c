// Benchmark: the public disclosure of the LAUSD 2019 settlement at LAUSD scale (the demo
// dataset, generated in memory): Markdown, HTML (with its two charts), PDF (with and without
// the browser launch) and the spreadsheet. Prints figures; never fails on time.
// Run: npx tsx bench/disclose.ts
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { costProposal } from '../src/costing/cost.ts';
import { lausdSpec } from '../src/district/demo/lausd.ts';
import { generateDistrict } from '../src/district/generate/generate.ts';
import { parseProposal } from '../src/proposals/parse.ts';
import { costChartsSvg } from '../src/reports/charts.ts';
import { buildDisclosure, disclosureHtml, disclosureMarkdown } from '../src/reports/disclosure/index.ts';
import { openPrinter } from '../src/reports/pdf.ts';
import { workbookFor } from '../src/reports/xlsx/index.ts';

const SETTLEMENT = fileURLToPath(new URL('../examples/lausd-2019/settlement-2019-01-22.yaml', import.meta.url));

async function time<T>(fn: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}
async function repeat(n: number, fn: () => unknown): Promise<{ median: number; first: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) ms.push((await time(fn)).ms);
  const first = ms[0];
  const rest = ms.slice(1).sort((a, b) => a - b);
  return { median: rest.length ? rest[Math.floor(rest.length / 2)] : first, first };
}
const f1 = (x: number) => x.toFixed(1);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const line = (what: string, text: string) => console.log(`  ${what.padEnd(38)} ${text}`);

console.log(`settle disclosure benchmark — Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'}`);
const generated = await time(() => generateDistrict(lausdSpec()));
const dataset = generated.value;
const proposal = parseProposal(readFileSync(SETTLEMENT, 'utf8'), SETTLEMENT).proposal;
const costed = await time(() => costProposal({ dataset, proposal }));
const result = costed.value;
const input = { dataset, proposal, result };
console.log(`\nLAUSD demo: ${dataset.schools.length} schools, ${dataset.staff.reduce((s, r) => s + r.count, 0).toLocaleString('en-US')} employees; ${proposal.id}, ${result.years.length} years`);
line('generate dataset (context)', `${f1(generated.ms)} ms`);
line('cost the settlement (context)', `${f1(costed.ms)} ms`);

const model = await repeat(10, () => buildDisclosure(input));
line('disclosure model', `median ${f1(model.median)} ms, first ${f1(model.first)} ms (10 runs)`);
const md = await repeat(10, () => disclosureMarkdown(input));
line('Markdown (model + text)', `median ${f1(md.median)} ms, first ${f1(md.first)} ms (10 runs; ${kb(disclosureMarkdown(input).length)})`);
const charts = await repeat(10, () => costChartsSvg(result));
line('two charts (SVG, server-side)', `median ${f1(charts.median)} ms, first ${f1(charts.first)} ms (10 runs)`);
const html = disclosureHtml(input);
const htmlTimes = await repeat(10, () => disclosureHtml(input));
line('HTML (model + charts + page)', `median ${f1(htmlTimes.median)} ms (10 runs; ${kb(html.length)})`);

try {
  const launch = await time(() => openPrinter());
  const printer = launch.value;
  try {
    const first = await time(() => printer.print(html));
    const again = await repeat(5, () => printer.print(html));
    const closeT = await time(() => printer.close());
    line('PDF: launch Chromium', `${f1(launch.ms)} ms`);
    line('PDF: print step alone', `first ${f1(first.ms)} ms, then median ${f1(again.median)} ms (5 runs; ${kb(first.value.length)})`);
    line('PDF: close Chromium', `${f1(closeT.ms)} ms`);
  } catch (e) {
    await printer.close();
    throw e;
  }
  const whole = await time(async () => {
    const p = await openPrinter();
    try {
      return await p.print(disclosureHtml(input));
    } finally {
      await p.close();
    }
  });
  line('PDF: whole (HTML + launch + print)', `${f1(whole.ms)} ms`);
} catch (e) {
  line('PDF', `not measured: ${e instanceof Error ? e.message : String(e)}`);
}

try {
  const xlsx = await time(() => workbookFor({ kind: 'disclose', dataset, proposals: [proposal], results: [result] }));
  line('xlsx (workbookFor)', `${f1(xlsx.ms)} ms (${kb(xlsx.value.length)})`);
} catch (e) {
  line('xlsx (workbookFor)', `not available yet (${e instanceof Error ? e.message : String(e)})`);
}
