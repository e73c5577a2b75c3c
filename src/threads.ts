/**
 * The file a worker thread starts from, beside the module that starts it. Compiled (dist/), that
 * is the thread's own `.js`. Run from the TypeScript sources, it is the `.mjs` shim beside it:
 * worker threads do not inherit the loader that runs TypeScript, so the shim registers it first.
 */
export function threadEntry(name: string): string {
  return import.meta.url.endsWith('.ts') ? `./${name}.mjs` : `./${name}.js`;
}
