import { main } from '../../src/cli/main.ts';

/** Runs the `settle` command line in-process, capturing what it prints and its exit code. */
export async function runCli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => void (out += t), err: (t) => void (err += t), interactive: false });
  return { code, out, err };
}
