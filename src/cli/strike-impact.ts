import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidInput, formatProblem, type Problem } from '../errors/problem.ts';
import { parseDollars, ungroup } from '../money/cents.ts';
import type { StrikeDefaults } from '../strike/days.ts';
import { UsageError, type Io } from './io.ts';
import { requireOption } from './options.ts';

interface Options {
  district?: string;
  days?: string;
  proposal?: string;
  json?: boolean;
  striking: string[];
  substitutes?: string;
  substituteRate?: string;
}

/**
 * `settle strike-impact`: what each strike day costs the district (attendance-based revenue
 * lost, pay not paid, substitutes, other costs, net, running totals) and a striking member
 * (pay lost; with --proposal, months of its raise that repay it). Method: docs/costing.md.
 */
export function registerStrikeImpact(program: Command, io: Io): void {
  program
    .command('strike-impact')
    .description('what each strike day costs the district and a striking member (docs/costing.md, "Strike days")')
    .option('--district <dir>', 'dataset folder (see docs/dataset.md)')
    .option('--days <file>', 'strike days (CSV): date, students_attending, optional strike_share_<UNIT>, substitutes, substitute_day_rate, other_costs, note')
    .option('--proposal <file>', 'a proposal (YAML): how many months of its raise repay a striking member\'s lost pay')
    .option('--json', 'print the full result as JSON')
    .option('--striking <unit=share>', 'share of a unit on strike (0-1) on days whose strike_share_<UNIT> cell is missing or empty; repeat for more units', (v: string, all: string[]) => [...all, ...v.split(',')], [] as string[])
    .option('--substitutes <n>', 'substitutes a day, where the substitutes cell is missing or empty (default 0)')
    .option('--substitute-rate <dollars>', 'pay of a substitute for a day, where substitute_day_rate is missing or empty')
    .action(async (opts: Options) => {
      const dir = requireOption(opts.district, '--district', 'demo/lausd-2018-19');
      const daysFile = requireOption(opts.days, '--days', 'strike-days.csv');
      const defaults = optionDefaults(opts);
      const problems: Problem[] = [];
      if (!existsSync(daysFile)) problems.push({ code: 'strike.missing-file', message: 'no such strike-days file', where: { file: daysFile }, hint: 'strike-days.csv with the columns date,students_attending' });
      // The costing code loads only when a command runs it, so `settle --help` starts at once.
      const [{ readInputs, readTextFile }, { readStrikeDays }, { strikeImpact }, { strikeTable }] = await Promise.all([
        import('./inputs.ts'), import('../strike/days.ts'), import('../strike/impact.ts'), import('../strike/table.ts'),
      ]);
      let inputs: ReturnType<typeof readInputs> | null = null;
      try {
        inputs = readInputs(dir, opts.proposal ? [opts.proposal] : [], io);
      } catch (e) {
        if (e instanceof InvalidInput) problems.push(...e.problems);
        else throw e;
      }
      if (problems.length > 0 || !inputs) throw new InvalidInput(problems);
      const { dataset, proposals } = inputs;
      const units = dataset.units.map((u) => u.id);
      for (const unit of Object.keys(defaults.shares)) {
        if (!units.includes(unit)) throw new UsageError(`--striking ${unit}=…: the dataset has no bargaining unit "${unit}" (its units: ${units.join(', ')})`);
      }
      const text = readTextFile(daysFile, { prefix: 'days', what: 'strike days', example: 'a CSV with a header row: date,students_attending (see docs/costing.md, "Strike days")', maxBytes: 16 * 1024 * 1024 });
      // --substitutes with no rate anywhere: the option is what is missing, not a cell of each line.
      if (defaults.substitutes > 0 && defaults.substituteRateCents === null && !/(^|[,\t"])substitute_day_rate([,\t"]|$)/.test(text.split(/\r?\n/, 1)[0] ?? '')) {
        throw new UsageError(`--substitutes ${defaults.substitutes} needs their day rate: ${daysFile} has no substitute_day_rate column, so add --substitute-rate, such as --substitute-rate 300`);
      }
      const days = readStrikeDays({ text, file: daysFile, dataset, defaults });
      const parsed = proposals[0];
      const result = strikeImpact({ dataset, days, proposal: parsed ? { proposal: parsed.proposal, source: parsed } : undefined });
      for (const w of result.warnings) io.err(`settle: warning: ${formatProblem(w)}\n`);
      io.out(opts.json ? JSON.stringify(result, null, 2) + '\n' : strikeTable(result));
    });
}

/** Defaults for missing cells, from --striking, --substitutes and --substitute-rate; a bad value is a usage error. */
function optionDefaults(opts: Options): StrikeDefaults {
  const shares: Record<string, number> = {};
  for (const item of opts.striking.filter((s) => s.trim() !== '')) {
    const m = /^([^=\s]+)=(.+)$/.exec(item.trim());
    const raw = m?.[2].trim() ?? '';
    const share = raw.endsWith('%') ? Number(raw.slice(0, -1)) / 100 : Number(raw);
    if (!m || raw === '' || !Number.isFinite(share) || share < 0 || share > 1) {
      throw new UsageError(`--striking takes UNIT=SHARE with a share from 0 to 1, got ${JSON.stringify(item)}; for example --striking UTLA=0.9`);
    }
    shares[m[1]] = share;
  }
  let substitutes = 0;
  if (opts.substitutes !== undefined) {
    substitutes = Number(ungroup(opts.substitutes) ?? NaN);
    if (opts.substitutes.trim() === '' || !Number.isInteger(substitutes) || substitutes < 0) throw new UsageError(`--substitutes takes a whole number from 0, got ${JSON.stringify(opts.substitutes)}; for example --substitutes 400`);
  }
  let substituteRateCents: number | null = null;
  if (opts.substituteRate !== undefined) {
    substituteRateCents = parseDollars(opts.substituteRate);
    if (substituteRateCents === null || substituteRateCents < 0) throw new UsageError(`--substitute-rate takes dollars a day, got ${JSON.stringify(opts.substituteRate)}; for example --substitute-rate 300`);
  }
  return { shares, substitutes, substituteRateCents };
}
