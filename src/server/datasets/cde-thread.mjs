// Entry of the thread a CDE import runs on. Worker threads do not inherit the loader that runs
// settle's TypeScript in the main thread, so it registers it before loading the thread itself.
import { register } from 'tsx/esm/api';

register();
await import('./cde-thread.ts');
