/**
 * A local HTTP server standing in for the SMS provider (Twilio's shape): POST /Messages with
 * form fields To, From, Body and basic auth. Records what it accepted; can answer an error
 * (a 21610 "unsubscribed" 400, a 500) for the next requests, as the real provider would.
 */
import { createServer, type IncomingMessage } from 'node:http';

export interface ReceivedSms {
  to: string;
  from: string;
  body: string;
  authorization: string;
  idempotencyKey: string;
  sid: string;
}

export interface SmsProvider {
  url: string;
  received: ReceivedSms[];
  /** Answers for the next requests, in order (then 201 again). */
  answerNext(...answers: { status: number; body: unknown }[]): void;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export async function startSmsProvider(): Promise<SmsProvider> {
  const received: ReceivedSms[] = [];
  const queue: { status: number; body: unknown }[] = [];
  let n = 0;
  const server = createServer(async (req, res) => {
    const text = await read(req);
    const answer = queue.shift();
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'POST' || req.url !== '/Messages') {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 20404, message: 'not found' }));
      return;
    }
    if (answer) {
      res.statusCode = answer.status;
      res.end(JSON.stringify(answer.body));
      return;
    }
    const form = new URLSearchParams(text);
    const sid = `SM${String(++n).padStart(32, '0')}`;
    received.push({ to: form.get('To') ?? '', from: form.get('From') ?? '', body: form.get('Body') ?? '', authorization: req.headers.authorization ?? '', idempotencyKey: String(req.headers['idempotency-key'] ?? ''), sid });
    res.statusCode = 201;
    res.end(JSON.stringify({ sid, status: 'queued' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerNext: (...answers) => void queue.push(...answers),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
