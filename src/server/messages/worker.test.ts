/**
 * Delivery with real parts: a real SMTP server (smtp-server on 127.0.0.1) and a local HTTP
 * server in the SMS provider's shape, on SQLite and PostgreSQL. Each test asserts exactly what
 * the servers received, and how many times.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startMailServer, type MailServer } from '../../../test/helpers/mail-server.ts';
import { startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { startSmsProvider, type SmsProvider } from '../../../test/helpers/sms-provider.ts';
import { enqueueMessage, type NewMessage } from './outbox.ts';
import { REMOVED_CODE, REMOVED_LINK, removeOldSecrets, SECRET_KEEP_MS, withoutSecret } from './secrets.ts';
import { smtpSender } from './smtp.ts';
import { smsSender } from './sms.ts';
import { readUnsubscribeToken, unsubscribeKey, unsubscribeToken } from './unsubscribe-token.ts';
import { claimDue, deliverDue, markInterrupted, startDeliveryWorker, type DeliveryOptions } from './worker.ts';

const MINUTE = 60_000;

eachDatabase('message delivery', (dialect) => {
  let s: TestServer;
  let mail: MailServer;
  let sms: SmsProvider;
  let union: number;
  let opts: DeliveryOptions;
  let smtp: ReturnType<typeof smtpSender>;
  let n = 0;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    union = s.orgId.teachers;
    mail = await startMailServer({ user: 'settle', pass: 'p@ss word' });
    sms = await startSmsProvider();
  }, 60_000);
  afterAll(async () => {
    await mail?.close();
    await sms?.close();
    await s?.close();
  });
  beforeEach(async () => {
    await s.handle.db.deleteFrom('outbox').execute();
    await s.handle.db.deleteFrom('message_opt_outs').execute();
    mail.received.length = 0;
    mail.refuse.clear();
    mail.failNext(0);
    sms.received.length = 0;
    smtp = smtpSender({ url: mail.url, from: 'Tiny Teachers <union@teachers.test>' });
    opts = {
      db: s.handle.db, dialect, ids: s.deps.ids, now: () => s.clock.now, log: () => undefined,
      senders: { email: smtp, sms: smsSender({ url: sms.url, account: 'AC123', token: 'tok', from: '+12135550100' }) },
      unsubscribe: { key: unsubscribeKey(s.deps.ballotKey), baseUrl: 'https://settle.example' },
    };
  });
  afterEach(() => smtp.close());

  const email = (to: string, extra: Partial<NewMessage> = {}): NewMessage => ({ organizationId: union, channel: 'email', to, subject: 'Your sign-in link', body: 'Hello from the union.', kind: 'invitation', dedupeKey: `k-${++n}`, ...extra });
  const text = (to: string, extra: Partial<NewMessage> = {}): NewMessage => ({ organizationId: union, channel: 'sms', to, body: 'Your code is 123456', kind: 'vote-code', dedupeKey: `k-${++n}`, ...extra });
  const queue = (m: NewMessage) => enqueueMessage(s.handle.db, s.deps.ids, m, s.clock.now);
  const rows = () => s.handle.db.selectFrom('outbox').selectAll().orderBy('created_at').execute();

  it('sends each queued email once, with the unsubscribe link at the end, and records the server\'s message id', async () => {
    expect(await queue(email('ana@example.org', { dedupeKey: 'invite-1' }))).toBe('queued');
    expect(await queue(email('ana@example.org', { dedupeKey: 'invite-1' }))).toBe('already-queued');
    expect(await queue(email('ben@example.org'))).toBe('queued');
    const first = await deliverDue(opts);
    const second = await deliverDue(opts);
    // 2 distinct keys queued → 2 claimed and sent; nothing left for the second round.
    expect(first).toMatchObject({ claimed: 2, sent: 2 });
    expect(second.claimed).toBe(0);
    expect(mail.received.map((m) => m.to).sort()).toEqual([['ana@example.org'], ['ben@example.org']]);
    const ana = mail.received.find((m) => m.to[0] === 'ana@example.org')!;
    expect(ana.raw).toMatch(/^Subject: Your sign-in link\r$/m);
    // Headers may be folded onto the next line (RFC 5322): unfold before reading.
    expect(ana.raw.replace(/\r\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe: <https:\/\/settle\.example\/api\/messages\/unsubscribe\?t=/m);
    const link = /To get no more email like this: (https:\/\/settle\.example\/api\/messages\/unsubscribe\?t=(\S+))\s*$/.exec(ana.text);
    expect(link, ana.text).not.toBeNull();
    expect(readUnsubscribeToken(unsubscribeKey(s.deps.ballotKey), decodeURIComponent(link![2]))).toEqual({ organizationId: union, address: 'ana@example.org' });
    const stored = await rows();
    expect(stored.map((r) => r.status)).toEqual(['sent', 'sent']);
    for (const r of stored) {
      expect(r.provider_id).toMatch(/^<.+@.+>$/);
      expect(Number(r.attempts)).toBe(1);
      expect(r.sent_at).toBe(s.clock.now.toISOString());
    }
  });

  it('tries again after 1 then 2 minutes when the server says "try later", and sends once', async () => {
    const start = s.clock.now;
    try {
      mail.failNext(2);
      await queue(email('cy@example.org'));
      expect(await deliverDue(opts)).toMatchObject({ claimed: 1, retrying: 1 });
      let [r] = await rows();
      // attempt 1 failed at start → due start + 1 min.
      expect([r.status, Number(r.attempts), r.next_attempt_at]).toEqual(['pending', 1, new Date(start.getTime() + MINUTE).toISOString()]);
      expect(r.last_error).toMatch(/451/);
      // Not yet due 59 s later.
      s.clock.now = new Date(start.getTime() + 59_000);
      expect((await deliverDue(opts)).claimed).toBe(0);
      s.clock.now = new Date(start.getTime() + MINUTE);
      expect(await deliverDue(opts)).toMatchObject({ claimed: 1, retrying: 1 });
      [r] = await rows();
      // attempt 2 failed at start + 1 min → due start + 1 + 2 = 3 min.
      expect(r.next_attempt_at).toBe(new Date(start.getTime() + 3 * MINUTE).toISOString());
      s.clock.now = new Date(start.getTime() + 3 * MINUTE);
      expect(await deliverDue(opts)).toMatchObject({ claimed: 1, sent: 1 });
      [r] = await rows();
      expect([r.status, Number(r.attempts), r.last_error]).toEqual(['sent', 3, null]);
      expect(mail.received).toHaveLength(1);
    } finally {
      s.clock.now = start;
    }
  });

  it('gives up after the 6th temporary failure (waits 1, 2, 4, 8, 16 minutes between)', async () => {
    const start = s.clock.now;
    try {
      mail.failNext(100);
      await queue(email('dee@example.org'));
      const waits = [1, 2, 4, 8, 16];
      let t = start.getTime();
      for (const w of waits) {
        await deliverDue(opts);
        t += w * MINUTE;
        expect((await rows())[0].next_attempt_at).toBe(new Date(t).toISOString());
        s.clock.now = new Date(t);
      }
      expect(await deliverDue(opts)).toMatchObject({ claimed: 1, failed: 1 });
      const [r] = await rows();
      expect([r.status, Number(r.attempts)]).toEqual(['failed', 6]);
      // start + (1+2+4+8+16) = start + 31 min, and nothing is due any more.
      expect(s.clock.now.getTime() - start.getTime()).toBe(31 * MINUTE);
      s.clock.now = new Date(t + 60 * MINUTE);
      expect((await deliverDue(opts)).claimed).toBe(0);
      expect(mail.received).toHaveLength(0);
    } finally {
      s.clock.now = start;
      mail.failNext(0);
    }
  });

  it('marks a 550 bounce `bounced` and stops mailing that address for that union', async () => {
    mail.refuse.add('gone@example.org');
    await queue(email('gone@example.org'));
    expect(await deliverDue(opts)).toMatchObject({ claimed: 1, bounced: 1 });
    const [r] = await rows();
    expect(r.status).toBe('bounced');
    expect(r.last_error).toMatch(/550/);
    const opt = await s.handle.db.selectFrom('message_opt_outs').selectAll().execute();
    expect(opt.map((o) => [Number(o.organization_id), o.channel, o.address, o.reason])).toEqual([[union, 'email', 'gone@example.org', 'bounce']]);
    expect(await queue(email('gone@example.org'))).toBe('opted-out');
    // Another union may still write to the address.
    expect(await queue(email('gone@example.org', { organizationId: s.orgId.classified }))).toBe('queued');
    expect(mail.received).toHaveLength(0);
  });

  it('texts through the provider with basic auth and the outbox id as idempotency key, once', async () => {
    await queue(text('+12135550143'));
    expect(await deliverDue(opts)).toMatchObject({ claimed: 1, sent: 1 });
    expect(await deliverDue(opts)).toMatchObject({ claimed: 0 });
    const [r] = await rows();
    expect(sms.received).toEqual([{
      to: '+12135550143', from: '+12135550100', body: 'Your code is 123456',
      authorization: `Basic ${Buffer.from('AC123:tok').toString('base64')}`, idempotencyKey: `outbox-${r.id}`, sid: r.provider_id,
    }]);
    expect(r.status).toBe('sent');
    // The code reached the phone; the stored copy no longer holds it (it is kept elsewhere only as a hash).
    expect(r.body).toBe(`Your code is ${REMOVED_CODE}`);
  });

  it('keeps a code or an invitation link in the stored message only until it is sent, or a week when it never is', async () => {
    const token = 'x'.repeat(43);
    const invitation = `Open this link within 7 days:\n\nhttps://settle.example/invite/${token}\n`;
    await queue(email('ana@example.org', { body: invitation }));
    // A code for a union whose texts are not configured here waits: no sender, never sent.
    const waiting = text('+12135550143', { organizationId: s.orgId.classified, body: 'Tiny Teachers: your sign-in code is 654321 (invitation 5809444707801081), valid 15 minutes.', kind: 'invitation-code' });
    await queue(waiting);
    await deliverDue({ ...opts, senders: { email: opts.senders.email } });
    expect(mail.received[0].text).toContain(`/invite/${token}`);
    const stored = async () => Object.fromEntries((await rows()).map((r) => [r.channel, r.body]));
    expect((await stored()).email).toBe(`Open this link within 7 days:\n\nhttps://settle.example${REMOVED_LINK}\n`);
    expect((await stored()).sms).toContain('654321');
    // Fourteen minutes on, still kept (it works 15 and may yet be sent); sixteen minutes on, the code leaves the stored copy, the 16-digit invitation id stays.
    expect(await removeOldSecrets(s.handle.db, new Date(s.clock.now.getTime() + 14 * MINUTE))).toBe(0);
    expect(await removeOldSecrets(s.handle.db, new Date(s.clock.now.getTime() + SECRET_KEEP_MS['invitation-code'] + MINUTE))).toBe(1);
    expect((await stored()).sms).toBe(`Tiny Teachers: your sign-in code is ${REMOVED_CODE} (invitation 5809444707801081), valid 15 minutes.`);
    // A message of another kind keeps its words (an at-risk note's 6-digit number is not a secret).
    expect(withoutSecret('picket-late', 'call 555012 if late')).toBe('call 555012 if late');
    // Nor is a number in a vote's title: only the code after "is".
    expect(withoutSecret('vote-code', 'Your code to vote in "Ratify TA 240517" is 305561. It works for 10 minutes.')).toBe(`Your code to vote in "Ratify TA 240517" is ${REMOVED_CODE}. It works for 10 minutes.`);
  });

  it('records an opt-out when the provider says the number unsubscribed (21610), and retries on a 500', async () => {
    sms.answerNext({ status: 500, body: { message: 'down' } }, { status: 400, body: { code: 21610, message: 'Attempt to send to unsubscribed recipient' } });
    await queue(text('+12135550199'));
    expect(await deliverDue(opts)).toMatchObject({ retrying: 1 });
    s.clock.now = new Date(s.clock.now.getTime() + MINUTE);
    try {
      expect(await deliverDue(opts)).toMatchObject({ bounced: 1 });
    } finally {
      s.clock.now = new Date(s.clock.now.getTime() - MINUTE);
    }
    const [r] = await rows();
    expect([r.status, r.last_error]).toEqual(['bounced', 'SMS provider answered 400 (code 21610): Attempt to send to unsubscribed recipient']);
    const opt = await s.handle.db.selectFrom('message_opt_outs').select(['channel', 'address', 'reason']).execute();
    expect(opt).toEqual([{ channel: 'sms', address: '+12135550199', reason: 'provider' }]);
    expect(await queue(text('+12135550199'))).toBe('opted-out');
    expect(sms.received).toHaveLength(0);
  });

  it('never resends what a stopped process was sending: it becomes `uncertain`', async () => {
    await queue(email('eve@example.org'));
    // A process claims the row and dies before recording the answer.
    const claimed = await claimDue(s.handle.db, dialect, s.clock.now, ['email'], 10);
    expect(claimed).toHaveLength(1);
    // The next start comes 5 minutes later (on PostgreSQL a row claimed less long ago may be another live process's).
    s.clock.now = new Date(s.clock.now.getTime() + 5 * 60_000);
    const worker = await startDeliveryWorker({ ...opts, pollMs: 10 });
    await new Promise((r) => setTimeout(r, 100));
    await worker.stop();
    const [r] = await rows();
    expect(r.status).toBe('uncertain');
    expect(mail.received).toHaveLength(0);
    expect(await markInterrupted(s.handle.db, { dialect, now: s.clock.now })).toBe(0);
  });

  it('leaves alone, at a start, a message another process is sending right now (PostgreSQL: several processes share the outbox)', async () => {
    await queue(email('fay@example.org'));
    // Another process claimed it a minute ago and is still talking to the mail server.
    expect(await claimDue(s.handle.db, dialect, s.clock.now, ['email'], 10)).toHaveLength(1);
    s.clock.now = new Date(s.clock.now.getTime() + 60_000);
    const worker = await startDeliveryWorker({ ...opts, pollMs: 10 });
    await new Promise((r) => setTimeout(r, 100));
    await worker.stop();
    const [r] = (await rows()).filter((x) => x.recipient === 'fay@example.org');
    // SQLite is served by one process: what was `sending` at a start was interrupted.
    expect(r.status).toBe(dialect === 'postgres' ? 'sending' : 'uncertain');
    expect(mail.received.filter((m) => JSON.stringify(m).includes('fay@example.org'))).toHaveLength(0);
  });

  it('gives each message to one worker only when two run at once', async () => {
    for (let i = 0; i < 30; i++) await queue(email(`p${i}@example.org`));
    const a = { ...opts, batchSize: 7 };
    const rounds = await Promise.all([deliverDue(a), deliverDue(a), deliverDue(a), deliverDue(a), deliverDue(a)]);
    // 5 rounds × at most 7 = 35 ≥ 30. A round that finds rows another holds skips them (SKIP
    // LOCKED; on SQLite it waits for the write lock), so under PostgreSQL's read committed a round
    // may take fewer than it could: what is left waits for the next round, never for a second
    // worker. Rounds until one finds nothing, then every message has been claimed exactly once.
    const concurrent = rounds.reduce((t, c) => t + c.claimed, 0);
    expect(concurrent).toBeGreaterThan(0);
    expect(concurrent).toBeLessThanOrEqual(30);
    let later = 0;
    for (let c = await deliverDue(a); c.claimed > 0; c = await deliverDue(a)) later += c.claimed;
    expect(concurrent + later).toBe(30);
    const to = mail.received.map((m) => m.to[0]).sort();
    expect(to).toHaveLength(30);
    expect(new Set(to).size).toBe(30);
  });

  it('leaves messages of a channel with no server configured `pending`', async () => {
    await queue(text('+12135550111'));
    await queue(email('fay@example.org'));
    const c = await deliverDue({ ...opts, senders: { email: smtp } });
    expect(c).toMatchObject({ claimed: 1, sent: 1 });
    const byChannel = Object.fromEntries((await rows()).map((r) => [r.channel, r.status]));
    expect(byChannel).toEqual({ email: 'sent', sms: 'pending' });
    expect(sms.received).toHaveLength(0);
  });

  it('does not send a queued message whose address opted out after it was queued', async () => {
    await queue(email('gil@example.org'));
    await s.handle.db.insertInto('message_opt_outs').values({ id: s.deps.ids.next(union), organization_id: union, channel: 'email', address: 'gil@example.org', reason: 'unsubscribe-link', at: s.clock.now.toISOString() }).execute();
    expect(await deliverDue(opts)).toMatchObject({ claimed: 1, optedOut: 1, sent: 0 });
    expect((await rows())[0].status).toBe('opted-out');
    expect(mail.received).toHaveLength(0);
  });
});

describe('unsubscribe tokens', () => {
  it('reads back its own token and refuses one signed with another key or changed by a character', () => {
    const k1 = unsubscribeKey(Buffer.alloc(32, 1));
    const k2 = unsubscribeKey(Buffer.alloc(32, 2));
    const t = unsubscribeToken(k1, { organizationId: 7, address: 'a@b.c' });
    expect(readUnsubscribeToken(k1, t)).toEqual({ organizationId: 7, address: 'a@b.c' });
    expect(readUnsubscribeToken(k2, t)).toBeNull();
    const flipped = t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A');
    expect(readUnsubscribeToken(k1, flipped)).toBeNull();
    const forged = `${Buffer.from(JSON.stringify([8, 'a@b.c'])).toString('base64url')}.${t.split('.')[1]}`;
    expect(readUnsubscribeToken(k1, forged)).toBeNull();
  });
});
