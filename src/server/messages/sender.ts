/**
 * One interface for every channel: the delivery worker hands a message to a Sender and reads
 * back the provider's id, or a typed failure that says whether trying again could help.
 */
import type { MessageChannel } from './outbox.ts';

export interface OutgoingMessage {
  /** The outbox row's id: the SMS provider dedupes on it (Idempotency-Key). */
  id: number;
  channel: MessageChannel;
  to: string;
  subject: string | null;
  body: string;
  /** Email only: where the recipient can stop further mail (List-Unsubscribe). */
  unsubscribeUrl?: string;
}

export interface Sender {
  send(m: OutgoingMessage): Promise<{ providerId: string }>;
}

/** Worth trying again later: the server was down, busy, or said "try later" (SMTP 4xx, HTTP 5xx/429). */
export class TemporaryFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemporaryFailure';
  }
}

/**
 * Refused for good (SMTP 5xx, provider 4xx). `optOut`: the address itself is refused (a bounce,
 * or the provider says the number unsubscribed), so nothing more is sent to it.
 */
export class PermanentFailure extends Error {
  readonly optOut: 'bounce' | 'provider' | null;
  constructor(message: string, optOut: 'bounce' | 'provider' | null) {
    super(message);
    this.name = 'PermanentFailure';
    this.optOut = optOut;
  }
}

/**
 * The message may have been delivered: the connection failed after the message itself was sent
 * and before the server answered. Never sent again by itself (nothing is sent twice): the row
 * becomes `uncertain`, and an organizer can choose to resend it.
 */
export class UncertainFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UncertainFailure';
  }
}
