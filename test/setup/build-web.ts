/**
 * Vitest global setup: builds the web app once per test run (about a second), so the browser
 * tests serve exactly what `npm start` serves.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export default async function setup(): Promise<void> {
  await build({ configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)), logLevel: 'warn' });
}
