/**
 * Messages that carry a secret: a one-time voting code, an invitation link, an invitation's
 * sign-in code. The outbox must hold the secret until the message is sent, and no longer: the
 * secret itself is stored elsewhere only as a hash (docs/votes.md, docs/api.md), so a copy of the
 * database must not give it back through the message that carried it. Once a message is sent
 * (or bounced, or its address opted out) its stored body loses the secret; a message never sent
 * loses it when the longest-lived of them, an invitation link, has expired (7 days).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const SECRET_KINDS: ReadonlySet<string> = new Set(['vote-code', 'invitation', 'invitation-code']);

/** An invitation link's life (INVITATION_DAYS): past it no message's secret is of use to anyone. */
export const SECRET_KEEP_MS = 7 * 24 * 3600_000;

const LINK = /\/invite\/[A-Za-z0-9_-]{16,}/g;
/** A six-digit code: not six digits inside a longer number (an invitation's id). */
const CODE = /(?<!\d)\d{6}(?!\d)/g;

export const REMOVED_LINK = '/invite/(link removed from the stored copy)';
export const REMOVED_CODE = '(code removed from the stored copy)';

/** The body as it is kept once its secret is no longer needed (unchanged for other kinds). */
export function withoutSecret(kind: string, body: string): string {
  if (!SECRET_KINDS.has(kind)) return body;
  return body.replace(LINK, REMOVED_LINK).replace(CODE, REMOVED_CODE);
}

/**
 * Removes the secret from messages queued more than SECRET_KEEP_MS before `now` and still
 * holding it (never sent: no channel configured, failed, uncertain). A message being sent is
 * left alone. Returns how many were changed.
 */
export async function removeOldSecrets(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SECRET_KEEP_MS).toISOString();
  let changed = 0;
  let after: number | null = null;
  for (;;) {
    let q = db.selectFrom('outbox').select(['id', 'kind', 'body'])
      .where('kind', 'in', [...SECRET_KINDS]).where('created_at', '<', before).where('status', '!=', 'sending')
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
