/**
 * A ballot's choices checked against the vote's questions by the core's one rule
 * (src/votes/setup.ts validateChoices): every question answered with one of its options or
 * null (blank), nothing else. The first problem answers 422 `vote.bad-choices` with its field.
 */
import { validateChoices } from '../../../votes/setup.ts';
import type { Choices, Question } from '../../../votes/types.ts';
import { ApiError } from '../../errors.ts';

export function checkChoices(questions: Question[], raw: Record<string, unknown>): Choices {
  const problems = validateChoices(questions, raw as Choices);
  if (problems.length > 0) {
    const p = problems[0];
    throw new ApiError(422, { code: 'vote.bad-choices', message: p.message, where: p.where, hint: `{"choices": ${p.hint ?? '{}'}}` });
  }
  const choices: Choices = {};
  for (const q of questions) choices[q.key] = raw[q.key] as string | null;
  return choices;
}
