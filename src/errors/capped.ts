import type { Problem } from './problem.ts';

/**
 * At most this many problems are listed for one input; the rest are counted. A dataset with a
 * mistake on each of 300,000 rows then answers with 200 problems and a count, in a small
 * body, and the reader keeps only what it lists.
 */
export const MAX_PROBLEMS = 200;

/** The first MAX_PROBLEMS problems, and one more saying how many were not listed (`omitted` were never kept). */
export function capProblems(problems: Problem[], omitted = 0, codePrefix = 'dataset'): Problem[] {
  const more = Math.max(0, problems.length - MAX_PROBLEMS) + omitted;
  if (more === 0) return problems;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    {
      code: `${codePrefix}.more-problems`,
      message: `${more.toLocaleString('en-US')} more ${more === 1 ? 'problem is' : 'problems are'} not listed; only the first ${MAX_PROBLEMS} are`,
      hint: 'fix the problems listed (often one mistake repeated on every row) and check again to see any others',
    },
  ];
}
