/**
 * A refusal as a member reads it: the server's refusals members meet most (already voted,
 * closed, a wrong code) in the page's own words and language; any other in the server's words,
 * without a hint that only a programmer could use (one naming an API route).
 */
import { ApiError } from '../../api.ts';
import { refusal, type Said } from './parts.tsx';

const KNOWN = ['vote.already-voted', 'vote.closed', 'vote.not-open', 'vote.struck', 'vote.voter-token', 'vote.code-wrong', 'vote.attest-password', 'vote.other-worksite', 'auth.throttled'] as const;
type Known = (typeof KNOWN)[number];

export function plainRefusal(e: unknown, say: (key: `refused.${Known}`) => string): Said {
  if (e instanceof ApiError && (KNOWN as readonly string[]).includes(e.problem.code)) return { ok: false, text: say(`refused.${e.problem.code as Known}`) };
  const said = refusal(e);
  return said.hint && /\/api\/|[{}]/.test(said.hint) ? { ok: false, text: said.text } : said;
}
