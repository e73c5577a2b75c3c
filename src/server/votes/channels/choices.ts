/**
 * A minimal check that a ballot's choices fit the vote's questions: every question answered
 * with one of its options or null (blank), nothing else. (The committee side's
 * src/votes validateChoices will replace it; the rule is the same.)
 */
import type { Choices, Question } from '../../../votes/types.ts';
import { ApiError } from '../../errors.ts';

export function checkChoices(questions: Question[], raw: Record<string, unknown>): Choices {
  const example = JSON.stringify({ choices: Object.fromEntries(questions.map((q) => [q.key, q.options[0]?.key ?? null])) });
  const bad = (field: string, message: string) => new ApiError(422, { code: 'vote.bad-choices', message, where: { field }, hint: example });
  const known = new Set(questions.map((q) => q.key));
  for (const k of Object.keys(raw)) if (!known.has(k)) throw bad(`choices.${k}`, `this vote has no question "${k}"; its questions are ${[...known].join(', ')}`);
  const choices: Choices = {};
  for (const q of questions) {
    if (!(q.key in raw)) throw bad(`choices.${q.key}`, `question "${q.key}" is not answered: choose one of ${q.options.map((o) => o.key).join(', ')}, or null to leave it blank`);
    const v = raw[q.key];
    if (v !== null && (typeof v !== 'string' || !q.options.some((o) => o.key === v))) {
      throw bad(`choices.${q.key}`, `"${String(v)}" is not an option of question "${q.key}": choose one of ${q.options.map((o) => o.key).join(', ')}, or null`);
    }
    choices[q.key] = v;
  }
  return choices;
}
