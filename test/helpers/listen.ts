/** A Node HTTP server on a free loopback port running `listener`, for the fast paths' tests. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export async function listenOnLoopback(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; base: string; close: () => Promise<void> }> {
  const server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  return { server, base: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`, close: () => new Promise((r) => server.close(() => r())) };
}
