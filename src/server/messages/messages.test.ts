/**
 * The organizer view of messages, resending, the unsubscribe link and the STOP webhook, in
 * process on SQLite and PostgreSQL. The district must find none of it (404 as if absent).
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { eachDatabase } from '../../../test/helpers/databases.ts';
import { startTestServer, type Client, type TestServer } from '../../../test/helpers/server.ts';
import { DISTRICT_ROLES } from '../authz.ts';
import { REMOVED_LINK } from './secrets.ts';
import { enqueueMessage } from './outbox.ts';
import { unsubscribeKey, unsubscribeToken } from './unsubscribe-token.ts';

eachDatabase('messages routes', (dialect) => {
  let s: TestServer;
  let organizer: Client;
  let n = 0;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    organizer = await s.as('teachers', 'organizer');
  }, 60_000);
  afterAll(async () => s?.close());
  beforeEach(async () => {
    await s.handle.db.deleteFrom('outbox').execute();
    await s.handle.db.deleteFrom('message_opt_outs').execute();
    s.deps.messaging = undefined;
  });

  const queue = (org: 'teachers' | 'classified' | 'otherTeachers', channel: 'email' | 'sms', to: string) =>
    enqueueMessage(s.handle.db, s.deps.ids, { organizationId: s.orgId[org], channel, to, subject: 's', body: 'b', kind: 'invitation', dedupeKey: `m-${++n}` }, s.clock.now);
  const only = async () => (await s.handle.db.selectFrom('outbox').selectAll().execute());
  const addMember = async (org: 'teachers' | 'classified' | 'otherTeachers', mobile: string) => {
    const at = s.clock.now.toISOString();
    await s.handle.db.insertInto('roster_members').values({ id: s.deps.ids.next(s.orgId[org]), organization_id: s.orgId[org], member_id: `M${++n}`, name: `Member ${n}`, employee_id: null, email: null, mobile, worksite_id: null, job_class: null, status: 'active', created_at: at, updated_at: at, removed_at: null }).execute();
  };

  it('lists the union\'s messages with masked recipients and says which channels have no server', async () => {
    await queue('teachers', 'email', 'jane@example.org');
    await queue('teachers', 'sms', '+12135550143');
    await queue('classified', 'email', 'other@example.org');
    await s.handle.db.updateTable('outbox').set({ status: 'bounced', last_error: '550 5.1.1 <jane@example.org> no such mailbox' }).where('recipient', '=', 'jane@example.org').execute();
    const a = await organizer.request('GET', '/api/messages');
    expect(a.status).toBe(200);
    expect(a.body.total).toBe(2);
    expect(a.body.messages.map((m: { recipient: string }) => m.recipient).sort()).toEqual(['+1•••••0143', 'j***@example.org']);
    const jane = a.body.messages.find((m: { channel: string }) => m.channel === 'email');
    expect(jane).toMatchObject({ status: 'bounced', attempts: 0, kind: 'invitation', lastError: '550 5.1.1 <j***@example.org> no such mailbox', sentAt: null });
    expect(JSON.stringify(a.body)).not.toContain('jane@');
    expect(JSON.stringify(a.body)).not.toContain('5550143');
    expect(a.body.channels).toEqual([
      { channel: 'email', configured: false, notice: expect.stringMatching(/^no email server configured/) },
      { channel: 'sms', configured: false, notice: expect.stringMatching(/^no SMS provider configured/) },
    ]);
    const bounced = await organizer.request('GET', '/api/messages?status=bounced');
    expect(bounced.body.messages).toHaveLength(1);
    const bad = await organizer.request('GET', '/api/messages?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.where).toEqual({ field: 'status' });
  });

  it('answers the district 404 on every messages route, as if they did not exist, and changes nothing', async () => {
    await queue('teachers', 'email', 'kim@example.org');
    const [row] = await only();
    await s.handle.db.updateTable('outbox').set({ status: 'uncertain' }).where('id', '=', row.id).execute();
    for (const role of DISTRICT_ROLES) {
      const d = await s.as('district', role);
      for (const [method, path] of [['GET', '/api/messages'], ['POST', `/api/messages/${row.id}/resend`]] as const) {
        const a = await d.request(method, path);
        expect([role, method, a.status, a.body.code]).toEqual([role, method, 404, 'not-found']);
        expect(a.body.message).toBe(`there is no route ${method} ${path}`);
      }
    }
    expect((await only()).map((r) => r.status)).toEqual(['uncertain']);
    expect((await (await s.as('teachers', 'bargaining-team')).request('GET', '/api/messages')).status).toBe(403);
    expect((await s.anonymous().request('GET', '/api/messages')).status).toBe(401);
    // Another union's message: 404 for Tiny Classified's admin.
    const other = await (await s.as('classified', 'admin')).request('POST', `/api/messages/${row.id}/resend`);
    expect(other.status).toBe(404);
    expect((await only())).toHaveLength(1);
  });

  it('resends an uncertain message once, as a new message, audited; a sent one cannot be', async () => {
    await queue('teachers', 'email', 'lee@example.org');
    await queue('teachers', 'email', 'mo@example.org');
    const rows = await only();
    const lee = rows.find((r) => r.recipient === 'lee@example.org')!;
    const mo = rows.find((r) => r.recipient === 'mo@example.org')!;
    const link = `https://settle.example/invite/${'k'.repeat(43)}`;
    await s.handle.db.updateTable('outbox').set({ status: 'uncertain', body: `Open this link: ${link}` }).where('id', '=', lee.id).execute();
    await s.handle.db.updateTable('outbox').set({ status: 'sent' }).where('id', '=', mo.id).execute();
    const a = await organizer.request('POST', `/api/messages/${lee.id}/resend`);
    expect(a.status).toBe(201);
    expect(a.body.message).toMatchObject({ recipient: 'l***@example.org', status: 'pending', attempts: 0 });
    const again = await organizer.request('POST', `/api/messages/${lee.id}/resend`);
    expect([again.status, again.body.code]).toEqual([409, 'messages.already-resent']);
    // The new message carries the invitation link; the one resent no longer keeps it.
    const bodies = Object.fromEntries((await only()).map((r) => [String(r.id), r.body]));
    expect(bodies[String(a.body.message.id)]).toBe(`Open this link: ${link}`);
    expect(bodies[String(lee.id)]).toBe(`Open this link: https://settle.example${REMOVED_LINK}`);
    const sent = await organizer.request('POST', `/api/messages/${mo.id}/resend`);
    expect([sent.status, sent.body.code]).toEqual([409, 'messages.not-resendable']);
    // 2 queued + 1 resend = 3 rows.
    expect(await only()).toHaveLength(3);
    const audits = await s.handle.db.selectFrom('audit_log').select(['action', 'subject']).where('action', '=', 'message.resend').execute();
    expect(audits).toEqual([{ action: 'message.resend', subject: `messages/${lee.id}` }]);
  });

  it('shows a page on GET of the unsubscribe link (no change), and stops that union\'s email on POST', async () => {
    await queue('teachers', 'email', 'nia@example.org');
    await s.handle.db.updateTable('organizations').set({ name: 'Tiny <b>Teachers</b>' }).where('id', '=', s.orgId.teachers).execute();
    try {
      const t = unsubscribeToken(unsubscribeKey(s.deps.ballotKey), { organizationId: s.orgId.teachers, address: 'nia@example.org' });
      const page = await s.anonymous().request('GET', `/api/messages/unsubscribe?t=${encodeURIComponent(t)}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.body).toContain('Tiny &#60;b&#62;Teachers&#60;/b&#62;');
      expect(page.body).not.toContain('<b>');
      expect(await s.handle.db.selectFrom('message_opt_outs').selectAll().execute()).toEqual([]);
      // A signed-in organizer clicking the button in the same browser: no CSRF header, still works.
      const done = await organizer.request('POST', `/api/messages/unsubscribe?t=${encodeURIComponent(t)}`, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': '' });
      expect(done.status).toBe(200);
      const opt = await s.handle.db.selectFrom('message_opt_outs').select(['organization_id', 'address', 'reason']).execute();
      expect(opt.map((o) => [Number(o.organization_id), o.address, o.reason])).toEqual([[s.orgId.teachers, 'nia@example.org', 'unsubscribe-link']]);
      expect((await only())[0].status).toBe('opted-out');
      expect(await queue('teachers', 'email', 'nia@example.org')).toBe('opted-out');
      // The same link followed again and again (anyone it was forwarded to): the same answer, and
      // one opt-out with one audit entry, not one a request.
      const audited = () => s.handle.db.selectFrom('audit_log').select('id').where('organization_id', '=', s.orgId.teachers).where('action', '=', 'message.opt-out:unsubscribe-link').execute();
      expect(await audited()).toHaveLength(1);
      for (let i = 0; i < 5; i++) expect((await s.anonymous().request('POST', `/api/messages/unsubscribe?t=${encodeURIComponent(t)}`)).status).toBe(200);
      expect(await audited()).toHaveLength(1);
      expect(await s.handle.db.selectFrom('message_opt_outs').select('id').execute()).toHaveLength(1);
      const forged = await s.anonymous().request('POST', `/api/messages/unsubscribe?t=${encodeURIComponent(t.slice(0, -2))}xx`);
      expect([forged.status, forged.body.code]).toEqual([404, 'messages.unsubscribe-link']);
    } finally {
      await s.handle.db.updateTable('organizations').set({ name: 'Tiny Teachers' }).where('id', '=', s.orgId.teachers).execute();
    }
  });

  it('opts a number out of every union that has it on a roster on STOP, and back in on START; the secret is required', async () => {
    const webhook = (body: string, secret: string | null = 'hook-secret') =>
      s.anonymous().request('POST', '/api/messages/sms-inbound', body, { 'content-type': 'application/x-www-form-urlencoded', ...(secret === null ? {} : { 'x-settle-webhook-secret': secret }) });
    const stop = 'From=%2B12135550177&Body=Stop+please&MessageSid=SM1';
    // Not configured: the route is absent.
    expect((await webhook(stop)).status).toBe(404);
    s.deps.messaging = { channels: { email: false, sms: true }, publicUrl: 'https://settle.example', smsWebhookSecret: 'hook-secret' };
    await addMember('teachers', '+12135550177');
    await addMember('otherTeachers', '+12135550177');
    await addMember('classified', '+12135550100');
    await queue('teachers', 'sms', '+12135550177');
    expect((await webhook(stop, 'wrong')).status).toBe(401);
    expect((await webhook(stop, null)).status).toBe(401);
    expect(await s.handle.db.selectFrom('message_opt_outs').selectAll().execute()).toEqual([]);
    const a = await webhook(stop);
    expect(a.status).toBe(200);
    // Tiny Teachers and Other Teachers have the number; Tiny Classified does not.
    expect(a.body).toEqual({ action: 'opted-out', unions: 2 });
    const opted = (await s.handle.db.selectFrom('message_opt_outs').select(['organization_id', 'reason']).execute()).map((o) => [Number(o.organization_id), o.reason]);
    expect(opted.sort()).toEqual([[s.orgId.teachers, 'stop-reply'], [s.orgId.otherTeachers, 'stop-reply']].sort());
    expect((await only())[0].status).toBe('opted-out');
    expect(await queue('teachers', 'sms', '+12135550177')).toBe('opted-out');
    expect((await webhook('From=%2B12135550177&Body=hello')).body).toEqual({ action: 'ignored', unions: 0 });
    expect((await webhook('From=%2B12135550177&Body=START')).body).toEqual({ action: 'opted-in', unions: 2 });
    expect(await queue('teachers', 'sms', '+12135550177')).toBe('queued');
    const bad = await webhook('From=12345&Body=STOP');
    expect([bad.status, bad.body.where]).toEqual([400, { field: 'From' }]);
  });
});
