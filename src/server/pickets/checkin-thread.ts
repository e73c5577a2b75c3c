/**
 * The check-in writer's thread (started by `startCheckInThread`, src/server/pickets/checkin-writer.ts):
 * its own SQLite connection to the server's file, with the same durability settings (WAL,
 * synchronous=FULL, checked when it opens), writing batches in the order they come, every batch waiting for it in one transaction.
 * The commit's fsync then waits here, not in the thread that answers HTTP.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/connect.ts';
import { randomIds } from '../../db/ids.ts';
import { errorCode } from '../../errors/code.ts';
import { BATCH_ACTIONS, toWire, writeJobs, type ThreadReply, type ThreadRequest } from './checkin-writer.ts';

if (!parentPort) throw new Error('checkin-thread runs as a worker thread');
const port = parentPort;
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

async function whenNotBusy<T>(write: () => Promise<T>): Promise<T> {
  const until = Date.now() + BUSY_RETRY_MS;
  for (;;) {
    try {
      return await write();
    } catch (e) {
      if (!errorCode(e)?.startsWith('SQLITE_BUSY') || Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

type Write = Extract<ThreadRequest, { kind: 'write' }>;
const waiting: Write[] = [];
let writing = false;
const actionsIn = (m: Write) => m.batch.reduce((sum, job) => sum + job.actions.length, 0);
let closing = false;

/**
 * Group commit across batches: every batch that arrived while the last transaction was written
 * (up to BATCH_ACTIONS actions) is written in the next one, and each is answered after its commit.
 * A transaction that fails fails every batch in it (nothing of them was written).
 */
async function writeWaiting(): Promise<void> {
  writing = true;
  while (waiting.length > 0) {
    let n = 0;
    let actions = 0;
    while (n < waiting.length && (n === 0 || actions + actionsIn(waiting[n]) <= BATCH_ACTIONS)) actions += actionsIn(waiting[n++]);
    const taken = waiting.splice(0, n);
    try {
      const answers = await whenNotBusy(() => writeJobs(handle.db, 'sqlite', randomIds, taken.flatMap((m) => m.batch), taken[taken.length - 1].now));
      let k = 0;
      for (const m of taken) {
        port.postMessage({ kind: 'written', seq: m.seq, answers: answers.slice(k, (k += m.batch.length)).map(toWire) } satisfies ThreadReply);
      }
    } catch (e) {
      for (const m of taken) port.postMessage({ kind: 'failed', seq: m.seq, message: e instanceof Error ? e.message : String(e), code: errorCode(e) } satisfies ThreadReply);
    }
    // Let the batches that arrived during this transaction be delivered before taking the next.
    await new Promise((r) => setImmediate(r));
  }
  writing = false;
  if (closing) {
    await handle.close();
    port.close();
  }
}

port.on('message', (m: ThreadRequest) => {
  if (m.kind === 'close') closing = true;
  else waiting.push(m);
  if (!writing) void writeWaiting();
});
