/**
 * Messages that carry a secret: a one-time voting code, an invitation link, an invitation's
 * sign-in code. The outbox must hold the secret until the message is sent, and no longer: the
 * secret itself is stored elsewhere only as a hash (docs/votes.md, docs/api.md), so a copy of the
 * database must not give it back through the message that carried it. Once a message is sent
 * (or bounced, or its address opted out, or resent as a new message) its stored body loses the
 * secret; a message never sent loses it once the secret has expired (SECRET_KEEP_MS).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { INVITATION_DAYS } from '../auth/routes.ts';
import { CODE_MINUTES } from '../people/member-invitations.ts';
import { CODE_TTL_MS } from '../votes/channels/codes.ts';

/**
 * How long each kind's secret works, so how long a message never sent keeps it: a voting code 10
 * minutes (CODE_TTL_MS), an invitation's sign-in code 15 (CODE_MINUTES), an invitation link 7
 * days (INVITATION_DAYS).
 */
export const SECRET_KEEP_MS: Readonly<Record<string, number>> = { 'vote-code': CODE_TTL_MS, 'invitation-code': CODE_MINUTES * 60_000, invitation: INVITATION_DAYS * 24 * 3600_000 };
export const SECRET_KINDS: ReadonlySet<string> = new Set(Object.keys(SECRET_KEEP_MS));

const LINK = /\/invite\/[A-Za-z0-9_-]{16,}/g;
/** A six-digit code as the messages write it ("your code … is 305561"): not other numbers (a vote's title, an invitation's id). */
const CODE = /(?<=\bis )\d{6}(?!\d)/g;

export const REMOVED_LINK = '/invite/(link removed from the stored copy)';
export const REMOVED_CODE = '(code removed from the stored copy)';

/** The body as it is kept once its secret is no longer needed (unchanged for other kinds). */
export function withoutSecret(kind: string, body: string): string {
  if (!SECRET_KINDS.has(kind)) return body;
  return body.replace(LINK, REMOVED_LINK).replace(CODE, REMOVED_CODE);
}

/**
 * Removes the secret from messages queued longer ago than their kind's secret works and still
 * holding it (never sent: no channel configured, failed, uncertain). A message being sent is
 * left alone. Returns how many were changed.
 */
export async function removeOldSecrets(db: Kysely<Database>, now: Date): Promise<number> {
  let changed = 0;
  for (const [kind, keep] of Object.entries(SECRET_KEEP_MS)) changed += await removeOldOfKind(db, kind, new Date(now.getTime() - keep).toISOString());
  return changed;
}

async function removeOldOfKind(db: Kysely<Database>, kind: string, before: string): Promise<number> {
  let changed = 0;
  let after: number | null = null;
  for (;;) {
    let q = db.selectFrom('outbox').select(['id', 'kind', 'body'])
      .where('kind', '=', kind).where('created_at', '<', before).where('status', '!=', 'sending')
      .where((eb) => eb.and([eb('body', 'not like', `%${REMOVED_LINK}%`), eb('body', 'not like', `%${REMOVED_CODE}%`)]));
    if (after !== null) q = q.where('id', '>', after);
    const rows = await q.orderBy('id').limit(500).execute();
    for (const r of rows) {
      const kept = withoutSecret(r.kind, r.body);
      if (kept === r.body) continue;
      await db.updateTable('outbox').set({ body: kept }).where('id', '=', r.id).execute();
      changed++;
    }
    if (rows.length < 500) return changed;
    after = Number(rows[rows.length - 1].id);
  }
}
