// Entry of a costing thread. Worker threads do not inherit the loader that runs settle's
// TypeScript in the main thread, so each registers it before loading the thread itself.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
