import { fileURLToPath } from 'node:url';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { availableParallelism } from 'node:os';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import type { Found } from '../zone/evaluate.ts';
import type { Limits } from '../zone/limits.ts';
import type { Space } from '../zone/space.ts';
import { UsageError, type Io } from './io.ts';
import { requireOption } from './options.ts';
import { MAX_PROPOSAL_CHARS } from '../proposals/limits.ts';
import { checkOutFile, emit } from './output.ts';

interface Options {
  district?: string;
  space?: string;
  union?: string;
  districtLimits?: string;
  json?: boolean;
  blind?: boolean;
  threads?: string;
  frontier?: string;
  out?: string;
}

/**
 * `settle zone`: every package over a space of terms that keeps the reserve and meets both
 * sides' limits; the frontier of cost against each union priority; the package nearest each
 * side's latest proposal; why the rest fails (docs/zone.md). Ctrl-C stops the scan and prints
 * what was found so far.
 */
export function registerZone(program: Command, io: Io): void {
  program
    .command('zone')
    .description('the settlement zone: every package over ranges of terms that both sides\' limits and the reserve allow (docs/zone.md)')
    .option('--district <dir>', 'dataset folder (see docs/dataset.md)')
    .option('--space <file>', 'the space (YAML): base proposal, dimensions with ranges and steps')
    .option('--union <file>', 'the union\'s limits (YAML): floors such as atLeast: { pay: 6 }')
    .option('--district-limits <file>', 'the district\'s limits (YAML): ceilings such as maxCost: { perYear: 400000000 }')
    .option('--json', 'print the full result as JSON (cents)')
    .option('--blind', 'show only the overlap: nothing that reveals either side\'s limits')
    .option('--threads <n>', `worker threads for the scan (default: all ${availableParallelism()} cores; 1 scans on this thread)`)
    .option('--frontier <n>', 'at most this many points of each frontier (default 30)')
    .option('--out <file>', 'write the result to this file instead of the screen')
    .action(async (opts: Options) => {
      checkOutFile(opts.out, '--out', 'zone.txt');
      const dir = requireOption(opts.district, '--district', 'demo/lausd-2018-19');
      const spaceFile = requireOption(opts.space, '--space', 'examples/zone/space-2019.yaml');
      // The costing and zone code load only when the command runs, so `settle --help` starts at once.
      const [{ readInputs, readTextFile }, { costProposal }, { parseLimits }, { parseSpace }, { zoneTable }, { finishZone, planZone, scanInline }, { defaultThreads, newStopFlag, scanParallel }] = await Promise.all([
        import('./inputs.ts'), import('../costing/cost.ts'), import('../zone/limits.ts'), import('../zone/space.ts'), import('../zone/table.ts'), import('../zone/zone.ts'), import('../zone/workers/pool.ts'),
      ]);
      const threads = opts.threads === undefined ? defaultThreads() : Number(opts.threads);
      if (!Number.isInteger(threads) || threads < 1) throw new UsageError(`--threads must be a whole number from 1, got ${JSON.stringify(opts.threads)}`);
      const frontier = opts.frontier === undefined ? 30 : Number(opts.frontier);
      if (!Number.isInteger(frontier) || frontier < 1) throw new UsageError(`--frontier must be a whole number from 1, got ${JSON.stringify(opts.frontier)}`);

      const problems: Problem[] = [];
      const collect = <T>(f: () => T): T | undefined => {
        try {
          return f();
        } catch (e) {
          if (e instanceof InvalidInput) problems.push(...e.problems);
          else throw e;
          return undefined;
        }
      };
      // The example named in full: settle's own examples/zone/ folder, wherever the command runs.
      const example = (what: string) => fileURLToPath(new URL(`../../examples/zone/${what === 'space' ? 'space' : what.startsWith('union') ? 'union-limits' : 'district-limits'}-2019.yaml`, import.meta.url));
      const read = (file: string, what: string) => collect(() => readTextFile(file, { prefix: 'zone', what, example: example(what), maxBytes: MAX_PROPOSAL_CHARS }));
      const spaceText = read(spaceFile, 'space');
      const space: Space | undefined = spaceText === undefined ? undefined : collect(() => parseSpace(spaceText, spaceFile));
      const limits: { union?: Limits; district?: Limits } = {};
      for (const [party, file] of [['union', opts.union], ['district', opts.districtLimits]] as const) {
        if (!file) continue;
        const text = read(file, `${party} limits`);
        if (text !== undefined) limits[party] = collect(() => parseLimits(text, file, party));
      }
      if (!space || problems.length > 0) throw new InvalidInput(problems);
      const near = (p: string) => (isAbsolute(p) ? p : join(dirname(spaceFile), p));
      const files = [near(space.base), ...(['union', 'district'] as const).flatMap((s) => (space.latest[s] ? [near(space.latest[s] as string)] : []))];
      const inputs = collect(() => readInputs(dir, files, io));
      if (!inputs || problems.length > 0) throw new InvalidInput(problems);
      const [baseParsed, ...rest] = inputs.proposals;
      const latest: { union?: typeof baseParsed.proposal; district?: typeof baseParsed.proposal } = {};
      for (const s of ['union', 'district'] as const) if (space.latest[s]) latest[s] = (rest.shift() as typeof baseParsed).proposal;
      // The base proposal must cost on the dataset as it is (its errors point into its own file).
      for (const parsed of inputs.proposals) collect(() => costProposal({ dataset: inputs.dataset, proposal: parsed.proposal, source: parsed }));
      if (problems.length > 0) throw new InvalidInput(problems);

      const input = { dataset: inputs.dataset, space, base: baseParsed.proposal, limits, latest };
      const shown = (f: string) => relative(process.cwd(), f) || f;
      const progress = new Progress(io);
      const built = planZone({ ...input, onStep: (what, done, of) => progress.step(`Working out ${what}`, done, of) });
      progress.done();

      const stop = newStopFlag();
      const onInt = () => {
        Atomics.store(stop, 0, 1);
        io.err('\nStopping: finishing the packages in hand…\n');
      };
      process.once('SIGINT', onInt);
      const parallel = threads > 1 && space.size >= 200_000;
      if (!io.interactive && space.size >= 1_000_000) {
        io.err(`settle zone: scanning ${space.size.toLocaleString('en-US')} packages on ${parallel ? `${threads} threads` : 'one thread'}; Ctrl-C stops and prints what was found so far\n`);
      }
      let found: Found;
      const t0 = performance.now();
      const onProgress = (n: number) => progress.scan(n, space.size, t0);
      try {
        found = parallel
          ? await scanParallel(built.plan, { threads, stop, onProgress })
          : await scanInline(built.plan, { stop, onProgress, chunk: 250_000, pause: () => new Promise((r) => setImmediate(r)) });
      } finally {
        process.removeListener('SIGINT', onInt);
      }
      progress.done();
      if (io.interactive) {
        const s = (performance.now() - t0) / 1000;
        io.err(`Scanned ${found.examined.toLocaleString('en-US')} packages in ${s.toFixed(1)} s (${rate(found.examined / Math.max(s, 1e-9))}/s)\n`);
      }
      const result = finishZone(input, built, found, {
        blind: opts.blind === true, frontierPoints: frontier,
        baseFile: shown(near(space.base)),
        latestFiles: { union: space.latest.union && shown(near(space.latest.union)), district: space.latest.district && shown(near(space.latest.district)) },
        onStep: (what, done) => progress.step(`${what} (${done + 1})`, 0, 0),
      });
      progress.done();
      const text = opts.json ? JSON.stringify(result, null, 2) + '\n' : zoneTable(result);
      emit(io, opts.out, text);
      const mismatched = result.exactness.reportedPackages - result.exactness.reportedMatching;
      if (mismatched > 0) io.err(`settle: warning: the fast figures of ${mismatched} reported packages differ from the full costing; the figures shown are the full costing's\n`);
    });
}

function rate(perSecond: number): string {
  return perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(2)} M packages` : `${Math.round(perSecond).toLocaleString('en-US')} packages`;
}

/** One line of progress on stderr, redrawn in place (only on a terminal). */
class Progress {
  private last = 0;
  private drawn = false;
  constructor(private readonly io: Io) {}

  private draw(text: string): void {
    const now = performance.now();
    if (now - this.last < 150) return;
    this.last = now;
    this.drawn = true;
    this.io.err(`\r${text.padEnd(100).slice(0, 100)}`);
  }

  step(what: string, done: number, of: number): void {
    if (!this.io.interactive) return;
    this.draw(of > 0 ? `${what}: ${done.toLocaleString('en-US')} of ${of.toLocaleString('en-US')}` : what);
  }

  scan(examined: number, total: number, t0: number): void {
    if (!this.io.interactive) return;
    const s = (performance.now() - t0) / 1000;
    const perSecond = examined / Math.max(s, 1e-9);
    const left = perSecond > 0 ? (total - examined) / perSecond : Infinity;
    const bar = '#'.repeat(Math.round((examined / total) * 20)).padEnd(20, '.');
    this.draw(`Scanning [${bar}] ${((examined / total) * 100).toFixed(0)}% ${examined.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} · ${rate(perSecond)}/s · ${Number.isFinite(left) ? `${Math.ceil(left)} s left` : ''}`);
  }

  done(): void {
    if (this.drawn) this.io.err('\r' + ' '.repeat(100) + '\r');
    this.drawn = false;
    this.last = 0;
  }
}
