/**
 * The check-in writer's thread (started by `startCheckInThread`, src/server/pickets/checkin-writer.ts):
 * its own SQLite connection to the server's file, with the same durability settings (WAL,
 * synchronous=FULL, checked when it opens), writing one batch at a time in the order they come.
 * The commit's fsync then waits here, not in the thread that answers HTTP.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/connect.ts';
import { randomIds } from '../../db/ids.ts';
import { toWire, writeJobs, type ThreadReply, type ThreadRequest } from './checkin-writer.ts';

const port = parentPort;
if (!port) throw new Error('checkin-thread runs as a worker thread');
const { file } = workerData as { file: string };

let opened: Awaited<ReturnType<typeof openDatabase>>;
try {
  // openDatabase opens the connection and checks its settings; one read checks the file has the server's tables.
  opened = await openDatabase({ file });
  await opened.db.selectFrom('strike_days').select('id').limit(1).execute();
  port.postMessage({ kind: 'ready' } satisfies ThreadReply);
} catch (e) {
  port.postMessage({ kind: 'unusable', message: e instanceof Error ? e.message : String(e) } satisfies ThreadReply);
  throw e;
}
const handle = opened;

/**
 * The batch's transaction begins IMMEDIATE: when another connection holds the file's write lock
 * (a long transaction of the server's, another `settle` process) past the busy timeout, it fails
 * at its start, having written nothing, and is tried again, for up to a minute in all.
 */
const BUSY_RETRY_MS = 60_000;

/** The SQLite error code of a failure (better-sqlite3's `code`, e.g. SQLITE_BUSY), if it has one. */
const codeOf = (e: unknown): string | undefined => (e !== null && typeof e === 'object' && 'code' in e ? String((e as { code: unknown }).code) : undefined);

async function whenNotBusy<T>(write: () => Promise<T>): Promise<T> {
  const until = Date.now() + BUSY_RETRY_MS;
  for (;;) {
    try {
      return await write();
    } catch (e) {
      if (!codeOf(e)?.startsWith('SQLITE_BUSY') || Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

// Messages are handled one after another: a batch is written and answered before the next starts.
let chain: Promise<unknown> = Promise.resolve();
port.on('message', (m: ThreadRequest) => {
  chain = chain.then(async () => {
    if (m.kind === 'close') {
      await handle.close();
      port.close();
      return;
    }
    try {
      const answers = await whenNotBusy(() => writeJobs(handle.db, 'sqlite', randomIds, m.batch, m.now));
      port.postMessage({ kind: 'written', seq: m.seq, answers: answers.map(toWire) } satisfies ThreadReply);
    } catch (e) {
      port.postMessage({ kind: 'failed', seq: m.seq, message: e instanceof Error ? e.message : String(e), code: codeOf(e) } satisfies ThreadReply);
    }
  });
});
