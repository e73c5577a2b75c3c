import { mkdirSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetFiles } from './load.ts';

/** Writes files into a folder; each file goes to a temporary name first, then is renamed into place. */
export function writeFiles(dir: string, files: Partial<DatasetFiles> | Record<string, string>): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    if (text === undefined) continue;
    const target = join(dir, name);
    const tmp = `${target}.tmp-${process.pid}`;
    writeFileSync(tmp, text);
    renameSync(tmp, target);
    written.push(target);
  }
  return written;
}
