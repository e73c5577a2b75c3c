import { writeFileSync, renameSync } from 'node:fs';
import { UsageError } from './io.ts';

export type Format = 'table' | 'json' | 'xlsx';

/** Reads `--format`/`--json` into one format, checking that binary formats have somewhere to go. */
export function formatOf(opts: { format?: string; json?: boolean; out?: string }, allowed: Format[]): Format {
  const f = (opts.json ? 'json' : (opts.format ?? 'table')) as Format;
  if (!allowed.includes(f)) throw new UsageError(`--format must be one of ${allowed.join(', ')}, got ${JSON.stringify(opts.format)}`);
  if (f === 'xlsx' && !opts.out) throw new UsageError('--format xlsx writes a file: add --out FILE.xlsx');
  return f;
}

/** Writes a file whole or not at all (temporary name, then rename). */
export function writeWhole(path: string, data: string | Buffer): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}
