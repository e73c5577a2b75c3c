/**
 * Which channels this server can send on, read from the environment:
 *   SETTLE_SMTP_URL (smtp://user:pass@host:587), SETTLE_MAIL_FROM;
 *   SETTLE_SMS_URL, SETTLE_SMS_ACCOUNT, SETTLE_SMS_TOKEN, SETTLE_SMS_FROM;
 *   SETTLE_SMS_WEBHOOK_SECRET (the provider's STOP/START webhook);
 *   SETTLE_PUBLIC_URL (https://settle.example.org: links in messages).
 * A channel missing any of its settings is not configured: its messages wait `pending`.
 */
import type { MessageChannel } from './outbox.ts';
import type { Sender } from './sender.ts';
import { smsSender } from './sms.ts';
import { smtpSender } from './smtp.ts';

/** What the routes need to know (Deps.messaging). */
export interface MessagingInfo {
  channels: Record<MessageChannel, boolean>;
  /** Where links in messages point (the server as members reach it). */
  publicUrl: string;
  /** The shared secret the SMS provider's webhook sends; null: the webhook answers 404. */
  smsWebhookSecret: string | null;
  /** Wake the delivery worker (a message was just queued). */
  poke?: () => void;
}

export interface MessagingSetup {
  info: MessagingInfo;
  senders: Partial<Record<MessageChannel, Sender>>;
  close(): void;
}

type Env = Record<string, string | undefined>;

export const NOT_CONFIGURED: Record<MessageChannel, string> = {
  email: 'no email server configured: email waits until SETTLE_SMTP_URL and SETTLE_MAIL_FROM are set',
  sms: 'no SMS provider configured: text messages wait until SETTLE_SMS_URL, SETTLE_SMS_ACCOUNT, SETTLE_SMS_TOKEN and SETTLE_SMS_FROM are set',
};

export function messagingFromEnv(env: Env, fallbackUrl: string): MessagingSetup {
  const set = (k: string) => (env[k] ?? '').trim() || null;
  const senders: Partial<Record<MessageChannel, Sender>> = {};
  let closeSmtp = () => undefined as void;
  const smtpUrl = set('SETTLE_SMTP_URL');
  const from = set('SETTLE_MAIL_FROM');
  if (smtpUrl && from) {
    const smtp = smtpSender({ url: smtpUrl, from });
    senders.email = smtp;
    closeSmtp = () => smtp.close();
  }
  const [url, account, token, smsFrom] = ['SETTLE_SMS_URL', 'SETTLE_SMS_ACCOUNT', 'SETTLE_SMS_TOKEN', 'SETTLE_SMS_FROM'].map(set);
  if (url && account && token && smsFrom) senders.sms = smsSender({ url, account, token, from: smsFrom });
  return {
    senders,
    info: { channels: { email: !!senders.email, sms: !!senders.sms }, publicUrl: set('SETTLE_PUBLIC_URL') ?? fallbackUrl, smsWebhookSecret: set('SETTLE_SMS_WEBHOOK_SECRET') },
    close: closeSmtp,
  };
}
