/**
 * Text messages through a provider's HTTP API (Twilio's shape): POST {base}/Messages with form
 * fields To, From, Body, HTTP basic auth with the account and token, and an Idempotency-Key
 * (the outbox id) so a retry after a lost answer is not sent twice by the provider.
 * Config: SETTLE_SMS_URL, SETTLE_SMS_ACCOUNT, SETTLE_SMS_TOKEN, SETTLE_SMS_FROM.
 *
 * Answers: 2xx → the provider's `sid`; 429 or 5xx or no answer → temporary; other 4xx →
 * permanent, and the provider's "unsubscribed" (21610) or "not a mobile/invalid number"
 * codes record an opt-out for the number.
 */
import { PermanentFailure, TemporaryFailure, type OutgoingMessage, type Sender } from './sender.ts';

/** Provider error codes that mean the number itself will not take messages (21610: replied STOP). */
const NUMBER_REFUSED = new Set([21610, 21211, 21614]);

export interface SmsConfig {
  url: string;
  account: string;
  token: string;
  from: string;
  /** Per request (default 15 s). */
  timeoutMs?: number;
}

export function smsSender(c: SmsConfig): Sender {
  const auth = `Basic ${Buffer.from(`${c.account}:${c.token}`).toString('base64')}`;
  const endpoint = `${c.url.replace(/\/+$/, '')}/Messages`;
  return {
    async send(m: OutgoingMessage) {
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': `outbox-${m.id}` },
          body: new URLSearchParams({ To: m.to, From: c.from, Body: m.body }).toString(),
          signal: AbortSignal.timeout(c.timeoutMs ?? 15_000),
        });
      } catch (e) {
        throw new TemporaryFailure(`the SMS provider did not answer: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500));
      }
      const text = await res.text().catch(() => '');
      let body: { sid?: unknown; code?: unknown; message?: unknown } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // not JSON: the status decides
      }
      // Accepted without an id is still accepted: sending again could text the member twice.
      if (res.ok) return { providerId: typeof body.sid === 'string' ? body.sid : '' };
      const what = `SMS provider answered ${res.status}${typeof body.code === 'number' ? ` (code ${body.code})` : ''}${typeof body.message === 'string' ? `: ${body.message}` : ''}`.slice(0, 500);
      if (res.status === 429 || res.status >= 500) throw new TemporaryFailure(what);
      throw new PermanentFailure(what, typeof body.code === 'number' && NUMBER_REFUSED.has(body.code) ? 'provider' : null);
    },
  };
}
