/**
 * Vitest global setup: builds the web app once per test run (about a second) into a folder of
 * its own, so the browser tests serve exactly what `npm start` serves and a second test run
 * (or `npm start`) in the same checkout cannot swap the files under them. Tests read the
 * folder with `inject('webRoot')`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    webRoot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const outDir = mkdtempSync(join(tmpdir(), 'settle-web-build-'));
  await build({ configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  project.provide('webRoot', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
