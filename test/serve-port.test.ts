// `settle serve` on a port another program holds: a clear usage error (exit 2) naming the port and
// what to do, not an internal error with a stack trace; and the server's threads and database are
// closed, so the command ends.
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCli } from './helpers/cli.ts';

it('says a port already in use is in use, and how to choose another', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as AddressInfo).port;
  try {
    const r = await runCli('serve', '--port', String(port), '--db', join(mkdtempSync(join(tmpdir(), 'settle-port-')), 'x.sqlite'));
    expect(r.code).toBe(2);
    expect(r.err).toContain(`port ${port} on 127.0.0.1 is already in use (another settle serve, or another program): stop it, or choose a free port, such as --port 8080`);
    expect(r.err).not.toContain('internal error');
    expect(r.err).not.toContain('settle is serving');
  } finally {
    holder.close();
  }
}, 60_000);
