/**
 * Expiry with the test server's injected clock (test/helpers/server.ts): a session ends after
 * 12 hours without use (src/server/auth/session.ts; docs/api.md), and using it keeps it alive;
 * an invitation link works for 7 days (src/server/auth/routes.ts). Run on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachDatabase } from './helpers/databases.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { changedTables, send, signIn, snapshot, type Session } from './helpers/security.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

eachDatabase('expiry', (dialect) => {
  let s: TestServer;
  let t0: number;
  const at = (ms: number) => void (s.clock.now = new Date(t0 + ms));
  const whoAmI = (who: Session) => send(s, who, 'GET', '/api/session');

  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(async () => s?.close());

  describe('sessions: 12 hours idle', () => {
    it('works one second before 12 idle hours and not at 12 hours', async () => {
      t0 = s.clock.now.getTime();
      const early = await signIn(s, 'district', 'negotiator');
      const late = await signIn(s, 'district', 'budget-analyst');
      at(12 * HOUR - 1000);
      expect((await whoAmI(early)).status).toBe(200);
      at(12 * HOUR);
      const a = await whoAmI(late);
      expect(a.status).toBe(401);
      // A change with the expired session's CSRF token is refused as not signed in, and changes nothing.
      const before = await snapshot(s.handle.db);
      const inv = await send(s, late, 'POST', '/api/invitations', { body: { email: 'late@example.org', name: 'Late', role: 'site-administrator' } });
      expect(inv.status).toBe(401);
      expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
    });

    it('is kept alive by use: 11 hours, a request, 11 more hours still works; then 12 idle hours end it', async () => {
      t0 = s.clock.now.getTime();
      const who = await signIn(s, 'teachers', 'admin');
      at(11 * HOUR);
      expect((await whoAmI(who)).status).toBe(200); // extends to 11 h + 12 h = 23 h
      at(22 * HOUR);
      expect((await whoAmI(who)).status).toBe(200); // 11 idle hours; extends to 34 h
      at(34 * HOUR);
      expect((await whoAmI(who)).status).toBe(401);
    });
  });

  describe('invitations: 7 days', () => {
    it('says when the link expires, accepts it one second before, and refuses it at 7 days without changing anything', async () => {
      t0 = s.clock.now.getTime();
      const admin = await signIn(s, 'district', 'admin');
      const invite = async (email: string) => {
        const a = await send(s, admin, 'POST', '/api/invitations', { body: { email, name: 'Invited Person', role: 'site-administrator' } });
        expect(a.status).toBe(201);
        return a.body as { token: string; expiresAt: string };
      };
      const first = await invite(`first-${dialect}@example.org`);
      const second = await invite(`second-${dialect}@example.org`);
      expect(first.expiresAt).toBe(new Date(t0 + 7 * DAY).toISOString());

      at(7 * DAY - 1000);
      const accepted = await send(s, { cookie: null, csrf: '' }, 'POST', '/api/invitations/accept', { body: { token: first.token, password: 'a long enough passphrase' } });
      expect(accepted.status).toBe(201);

      at(7 * DAY);
      const before = await snapshot(s.handle.db);
      const refused = await send(s, { cookie: null, csrf: '' }, 'POST', '/api/invitations/accept', { body: { token: second.token, password: 'a long enough passphrase' } });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('invitation.unusable');
      expect(changedTables(before, await snapshot(s.handle.db))).toEqual([]);
    });
  });
});
