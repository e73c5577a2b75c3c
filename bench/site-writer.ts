/**
 * A site administrator's phone for bench/public-sites.ts, in a process of its own (as another
 * server process would be): every 100 ms it turns one of the day's first 40 sites full (100
 * children of 100) or back to open (0), through its own database handle, and prints one line per
 * change, `<school id> <full|open> <epoch ms>`, once it committed. In the benchmark's own process
 * a SQLite commit (its fsync) stopped the load generator for milliseconds ten times a second, and
 * the generator counted that as the server's latency.
 *
 *   node --import tsx bench/site-writer.ts '<OpenOptions as JSON>' <day id> <school id>…
 */
import { performance } from 'node:perf_hooks';
import { openDatabase, type OpenOptions } from '../src/db/connect.ts';

const [options, day, ...schools] = process.argv.slice(2);
const handle = await openDatabase(JSON.parse(options) as OpenOptions);
const dayId = Number(day);
let running = true;
process.on('SIGTERM', () => (running = false));
for (let i = 0; running; i++) {
  const school = schools[i % schools.length];
  const full = Math.floor(i / schools.length) % 2 === 0;
  await handle.db.updateTable('site_statuses').set({ children_present: full ? 100 : 0, counted_at: new Date().toISOString() }).where('day_id', '=', dayId).where('school_id', '=', school).execute();
  process.stdout.write(`${school} ${full ? 'full' : 'open'} ${performance.timeOrigin + performance.now()}\n`);
  await new Promise((r) => setTimeout(r, 100));
}
await handle.close();
