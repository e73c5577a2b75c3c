import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UncertainFailure, TemporaryFailure } from './sender.ts';
import { smtpSender } from './smtp.ts';

/**
 * A mail server that reads the whole message and never answers: the message may well have been
 * delivered, so sending it again could deliver it twice. The sender says "uncertain" (the worker
 * then never sends it again by itself); a server that cannot be reached at all is "try later".
 */
describe('an SMTP answer lost after the message was sent', () => {
  let server: SMTPServer;
  let port = 0;
  let received = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'],
      onData(stream) {
        stream.on('data', () => undefined);
        stream.on('end', () => void received++); // and no answer: the callback is never called
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is uncertain once the body was sent, and temporary when nothing could be sent', async () => {
    const message = { id: 1, channel: 'email' as const, to: 'member@members.test', subject: 'Your code', body: 'Your code is 123456.' };
    const silent = smtpSender({ url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, from: 'union@union.test', socketTimeoutMs: 1000 });
    const lost = await silent.send(message).then(() => null, (e: unknown) => e);
    expect(received).toBe(1);
    expect(lost).toBeInstanceOf(UncertainFailure);
    silent.close();
    // Nothing listens on port 9 here: refused before any of the message was sent.
    const down = smtpSender({ url: 'smtp://127.0.0.1:9/?ignoreTLS=true', from: 'union@union.test', socketTimeoutMs: 1000 });
    expect(await down.send(message).then(() => null, (e: unknown) => e)).toBeInstanceOf(TemporaryFailure);
    down.close();
  }, 30_000);
});
