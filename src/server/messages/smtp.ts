/**
 * Email over SMTP (nodemailer). SETTLE_SMTP_URL such as smtp://user:pass@host:587 (STARTTLS
 * when the server offers it) or smtps://…:465; SETTLE_MAIL_FROM the sender address.
 *
 * A 5xx reply is permanent: on the recipient (RCPT TO) it is a bounce of that address, which
 * then gets no more mail. A connection lost or timed out after the message was sent (DATA) and
 * before the server's answer is uncertain: the server may have accepted it, so it is not sent
 * again by itself. Any other reply or a connection failure is temporary.
 */
import { Readable } from 'node:stream';
import { createTransport } from 'nodemailer';
import { PermanentFailure, TemporaryFailure, UncertainFailure, type OutgoingMessage, type Sender } from './sender.ts';

interface SmtpError {
  responseCode?: number;
  code?: string;
  command?: string;
  rejected?: string[];
  message?: string;
}

const SECONDS = 1000;

export function smtpSender({ url, from, socketTimeoutMs = 60 * SECONDS }: { url: string; from: string; socketTimeoutMs?: number }): Sender & { close(): void } {
  // Bounded waits: a stuck server must not hold a worker slot for the library's 10-minute default.
  const transport = createTransport({ url, connectionTimeout: 30 * SECONDS, greetingTimeout: 30 * SECONDS, socketTimeout: socketTimeoutMs }, { from });
  return {
    async send(m: OutgoingMessage) {
      // Once the body has been read into the connection, the server may have the whole message:
      // a failure without an answer after that is uncertain, not a reason to send it again.
      let bodyRead = false;
      const text = Readable.from([m.body]);
      text.once('end', () => void (bodyRead = true));
      try {
        const info = await transport.sendMail({
          to: m.to, subject: m.subject ?? '', text,
          headers: m.unsubscribeUrl ? { 'List-Unsubscribe': `<${m.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
        });
        return { providerId: String(info.messageId ?? '') };
      } catch (e) {
        throw classify(e as SmtpError, bodyRead);
      }
    },
    close: () => transport.close(),
  };
}

export function classify(e: SmtpError, bodyRead = false): Error {
  const message = (e.message ?? 'SMTP failure').slice(0, 500);
  const code = e.responseCode ?? 0;
  if (code >= 500 && code < 600 && code !== 503) {
    const recipient = e.command === 'RCPT TO' || (e.code === 'EENVELOPE' && (e.rejected?.length ?? 0) > 0);
    return new PermanentFailure(message, recipient ? 'bounce' : null);
  }
  if (code === 0 && bodyRead) return new UncertainFailure(message);
  return new TemporaryFailure(message);
}
