// Entry of the check-in writer's thread. Worker threads do not inherit the loader that runs
// settle's TypeScript in the main thread, so it registers it before loading the thread itself.
import { register } from 'tsx/esm/api';

register();
await import('./checkin-thread.ts');
