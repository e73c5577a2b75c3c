/**
 * A real SMTP server on 127.0.0.1 (smtp-server) for tests: records every message it accepted,
 * and can refuse a recipient for good (550) or turn messages away for now (451) a given number
 * of times, as a real mail server would.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body), as sent. */
  raw: string;
  /** The text body, with quoted-printable soft breaks and escapes undone. */
  text: string;
}

export interface MailServer {
  url: string;
  received: ReceivedMail[];
  /** Recipients refused with 550 (no such mailbox). */
  refuse: Set<string>;
  /** The next n messages are answered 451 (try again later) after their data is sent. */
  failNext(n: number): void;
  close(): Promise<void>;
}

export function decodeQuotedPrintable(s: string): string {
  return Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
}

function textOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  return /content-transfer-encoding:\s*quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : body;
}

export async function startMailServer(options: { user?: string; pass?: string } = {}): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  let failing = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === options.user && auth.password === options.pass) cb(null, { user: auth.username });
      else cb(new Error('bad credentials'));
    },
    onRcptTo(address, _session, cb) {
      if (refuse.has(address.address)) {
        const e = Object.assign(new Error('5.1.1 no such mailbox'), { responseCode: 550 });
        cb(e);
        return;
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failing > 0) {
          failing--;
          cb(Object.assign(new Error('4.3.0 try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw, text: textOf(raw) });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const auth = options.user ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass ?? '')}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    refuse,
    failNext: (n) => void (failing = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
