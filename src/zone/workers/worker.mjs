// Entry of a zone worker thread. Worker threads do not inherit the loader that runs settle's
// TypeScript in the main thread, so each registers it before loading the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
