import { Command, CommanderError } from 'commander';
import { asksJson, EXIT, jsonError, reportError, type Io } from './io.ts';
import { registerCost } from './cost.ts';
import { registerCompare } from './compare.ts';
import { registerDemo } from './demo.ts';
import { registerGenerate } from './generate.ts';
import { registerImport } from './import-cde.ts';
import { registerDisclose } from './disclose.ts';
import { registerStrikeImpact } from './strike-impact.ts';
import { registerZone } from './zone.ts';
import { registerServe } from './serve.ts';
import { registerOrg } from './org.ts';

export const defaultIo: Io = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  interactive: Boolean(process.stderr.isTTY),
};

export function buildProgram(io: Io): Command {
  const program = new Command('settle')
    .description('Cost public-school contract proposals against a district\'s data, year by year.')
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride()
    .showHelpAfterError('(run `settle --help` for usage)');
  registerDemo(program, io);
  registerGenerate(program, io);
  registerImport(program, io);
  registerCost(program, io);
  registerCompare(program, io);
  registerDisclose(program, io);
  registerStrikeImpact(program, io);
  registerZone(program, io);
  registerServe(program, io);
  registerOrg(program, io);
  program.addHelpText('after', '\nExit codes: 0 ok, 1 internal error, 2 usage, 3 invalid input.\nDocs: docs/dataset.md, docs/proposals.md, docs/costing.md, docs/zone.md, docs/api.md');
  return program;
}

/** Runs the command line and returns the exit code (0 ok, 2 usage, 3 invalid input, 1 internal error). */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return EXIT.ok;
      if (asksJson(argv)) jsonError(io, 'usage', EXIT.usage, e.message.replace(/^error: /, ''));
      return EXIT.usage;
    }
    return reportError(e, io, { json: asksJson(argv) });
  }
}
