/**
 * Email over SMTP (nodemailer). SETTLE_SMTP_URL such as smtp://user:pass@host:587 (STARTTLS
 * when the server offers it) or smtps://…:465; SETTLE_MAIL_FROM the sender address.
 *
 * A 5xx reply is permanent: on the recipient (RCPT TO) it is a bounce of that address, which
 * then gets no more mail; any other reply or a connection failure is temporary.
 */
import { createTransport } from 'nodemailer';
import { PermanentFailure, TemporaryFailure, type OutgoingMessage, type Sender } from './sender.ts';

interface SmtpError {
  responseCode?: number;
  code?: string;
  command?: string;
  rejected?: string[];
  message?: string;
}

const SECONDS = 1000;

export function smtpSender({ url, from }: { url: string; from: string }): Sender & { close(): void } {
  const transport = createTransport(url, { from });
  // Bounded waits: a stuck server must not hold a worker slot for the library's 10-minute default.
  transport.options = { ...(transport.options as object), connectionTimeout: 30 * SECONDS, greetingTimeout: 30 * SECONDS, socketTimeout: 60 * SECONDS };
  return {
    async send(m: OutgoingMessage) {
      try {
        const info = await transport.sendMail({
          to: m.to, subject: m.subject ?? '', text: m.body,
          headers: m.unsubscribeUrl ? { 'List-Unsubscribe': `<${m.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
        });
        return { providerId: String(info.messageId ?? '') };
      } catch (e) {
        throw classify(e as SmtpError);
      }
    },
    close: () => transport.close(),
  };
}

export function classify(e: SmtpError): Error {
  const message = (e.message ?? 'SMTP failure').slice(0, 500);
  const code = e.responseCode ?? 0;
  if (code >= 500 && code < 600 && code !== 503) {
    const recipient = e.command === 'RCPT TO' || (e.code === 'EENVELOPE' && (e.rejected?.length ?? 0) > 0);
    return new PermanentFailure(message, recipient ? 'bounce' : null);
  }
  return new TemporaryFailure(message);
}
