/**
 * How hard a new password is to guess: zxcvbn-ts with its common dictionary (the most used
 * passwords from public breaches, common names and words, keyboard patterns, repeats,
 * sequences and dates), not a hand list. A password must score at least MIN_SCORE of 4
 * (about 10^8 guesses or more: "safely unguessable" against an online attack and slow against
 * an offline one); the person's email and name and the workspace's name count as known words.
 *
 * Only the first STRENGTH_LENGTH characters are judged (zxcvbn's time grows quickly with length;
 * at 64 the worst case measured here is about 150 ms), and the dictionaries (about 1 MB) load
 * once, on the first password set.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { Problem } from '../../errors/problem.ts';

export const MIN_SCORE = 3;
export const STRENGTH_LENGTH = 64;

const WARNINGS: Record<string, string> = {
  straightRow: 'straight rows of keys are easy to guess',
  keyPattern: 'short keyboard patterns are easy to guess',
  simpleRepeat: 'repeated characters like "aaa" are easy to guess',
  extendedRepeat: 'repeated patterns like "abcabcabc" are easy to guess',
  sequences: 'sequences like "abc" or "6543" are easy to guess',
  recentYears: 'recent years are easy to guess',
  dates: 'dates are easy to guess',
  topTen: 'it is one of the ten most used passwords',
  topHundred: 'it is one of the hundred most used passwords',
  common: 'it is a commonly used password',
  similarToCommon: 'it is close to a commonly used password',
  wordByItself: 'a single word is easy to guess',
  namesByThemselves: 'single names or surnames are easy to guess',
  commonNames: 'common names and surnames are easy to guess',
  userInputs: 'it contains your email, your name or the workspace\'s name',
  pwned: 'it appeared in a data breach',
};

const SUGGESTIONS: Record<string, string> = {
  l33t: 'avoid predictable substitutions like "@" for "a"',
  reverseWords: 'avoid common words spelled backwards',
  allUppercase: 'capitalize some, not all, letters',
  capitalization: 'capitalize more than the first letter',
  dates: 'avoid dates and years that are linked to you',
  recentYears: 'avoid recent years',
  associatedYears: 'avoid years that are linked to you',
  sequences: 'avoid common sequences',
  repeated: 'avoid repeated words and characters',
  longerKeyboardPattern: 'use longer keyboard patterns that change direction',
  anotherWord: 'add more words that are less common',
  useWords: 'use several words, but not a common phrase',
  noNeed: 'symbols, digits and capitals are not needed: length is',
  pwned: 'do not use a password that is used elsewhere',
};

let factory: Promise<ZxcvbnFactory> | null = null;

function zxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    return new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs, maxLength: STRENGTH_LENGTH, l33tMaxSubstitutions: 16 });
  })();
  return factory;
}

export interface Strength {
  score: number;
  warning: string | null;
  suggestions: string[];
}

export async function strengthOf(password: string, knownWords: string[] = []): Promise<Strength> {
  const words = knownWords.flatMap((w) => [w, ...w.split(/[^\p{L}\p{N}]+/u)]).filter((w) => w.length >= 3);
  const r = (await zxcvbn()).check(password, words);
  return {
    score: r.score,
    warning: r.feedback.warning ? (WARNINGS[r.feedback.warning] ?? r.feedback.warning) : null,
    suggestions: r.feedback.suggestions.map((s) => SUGGESTIONS[s] ?? s),
  };
}

/** The problem with a new password (for the field `field`), or null when it is strong enough. */
export async function weakPassword(password: string, knownWords: string[], field = 'password'): Promise<Problem | null> {
  const s = await strengthOf(password, knownWords);
  if (s.score >= MIN_SCORE) return null;
  const why = s.warning ?? 'it would be guessed too quickly';
  const advice = [...s.suggestions, 'use four or more unrelated words, such as "lantern orbit velvet canyon" (not this one)'];
  return {
    code: 'password.weak',
    message: `body ${field}: too easy to guess: ${why} (strength ${s.score} of 4; at least ${MIN_SCORE} is needed)`,
    where: { field },
    hint: advice.join('; '),
  };
}
