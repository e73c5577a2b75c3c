/**
 * Checking a vote's setup and a ballot's choices before anything is stored. Every problem is
 * reported (not just the first), each with the field path, what is wrong and a valid example.
 */
import { EARLIEST_DATE, LATEST_DATE } from '../proposals/limits.ts';
import type { Problem } from '../errors/problem.ts';
import { isIsoDate } from '../calendar/fiscal-year.ts';
import { STATUSES } from '../roster/fields.ts';
import { isThreshold } from './share.ts';
import { CHANNELS, VOTE_KINDS, type Choices, type Question } from './types.ts';

export interface VoteSetup {
  title: string;
  kind: string;
  questions: Question[];
  cutoffAt: string;
  opensAt: string;
  closesAt: string;
  channels: string[];
  eligibleStatuses: string[];
}

export const TITLE_MAX = 200;
const KEY = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** A paper tally writes a question's blanks under this key, so no option may use it. */
export const BLANK_KEY = 'blank';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const QUESTION_EXAMPLE = '{"key": "authorize", "text": "Do you authorize a strike?", "options": [{"key": "yes", "label": "Yes"}, {"key": "no", "label": "No"}], "pass": {"option": "yes", "share": "0.5"}}';

const problem = (field: string, code: string, message: string, hint: string): Problem => ({ code: `vote.${code}`, message: `${field}: ${message}`, where: { field }, hint });

/**
 * The instant a time names, or null. The calendar date must exist and the clock read 00:00 to
 * 23:59 (Date.parse would move "2027-02-30" to March 2 and "24:00" to the next day without a word).
 */
const timeOf = (s: string): number | null => {
  if (!ISO.test(s) || !isIsoDate(s.slice(0, 10))) return null;
  const hour = Number(s.slice(11, 13));
  const minute = Number(s.slice(14, 16));
  const second = s[16] === ':' ? Number(s.slice(17, 19)) : 0;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : t;
};

/** Plain text on one line: no control characters or markup-looking angle brackets are needed in a title. */
const oddText = (s: string) => /[\u0000-\u001f\u007f]/.test(s);

export function validateSetup(s: VoteSetup): Problem[] {
  const out: Problem[] = [];
  const title = s.title.trim();
  if (title === '') out.push(problem('title', 'title-empty', 'a vote needs a title', '"Strike authorization, January 2027"'));
  if (title.length > TITLE_MAX) out.push(problem('title', 'title-long', `at most ${TITLE_MAX} characters, got ${title.length}`, '"Strike authorization, January 2027"'));
  if (oddText(s.title)) out.push(problem('title', 'title-text', 'plain text on one line, without control characters', '"Contract ratification"'));
  if (!(VOTE_KINDS as readonly string[]).includes(s.kind)) out.push(problem('kind', 'kind', `"${s.kind.slice(0, 40)}" is not a kind of vote`, VOTE_KINDS.join(', ')));

  if (s.questions.length < 1 || s.questions.length > 10) out.push(problem('questions', 'questions-count', `a vote has 1 to 10 questions, got ${s.questions.length}`, `[${QUESTION_EXAMPLE}]`));
  const questionKeys = new Set<string>();
  s.questions.forEach((q, i) => {
    const at = `questions[${i}]`;
    if (!KEY.test(q.key)) out.push(problem(`${at}.key`, 'key', `"${q.key.slice(0, 40)}" is not a key: lower-case letters, digits and hyphens, up to 40`, '"authorize"'));
    else if (questionKeys.has(q.key)) out.push(problem(`${at}.key`, 'key-repeated', `the key "${q.key}" is used by an earlier question`, '"authorize-2"'));
    questionKeys.add(q.key);
    if (q.text.trim() === '' || q.text.length > 1000) out.push(problem(`${at}.text`, 'question-text', 'the question, 1 to 1000 characters', '"Do you authorize a strike?"'));
    if (q.options.length < 2 || q.options.length > 10) out.push(problem(`${at}.options`, 'options-count', `a question has 2 to 10 options, got ${q.options.length}`, '[{"key": "yes", "label": "Yes"}, {"key": "no", "label": "No"}]'));
    const optionKeys = new Set<string>();
    q.options.forEach((o, j) => {
      const ot = `${at}.options[${j}]`;
      if (!KEY.test(o.key) || o.key === BLANK_KEY) out.push(problem(`${ot}.key`, 'key', `"${o.key.slice(0, 40)}" is not an option key: lower-case letters, digits and hyphens, up to 40 (and not "${BLANK_KEY}")`, '"yes"'));
      else if (optionKeys.has(o.key)) out.push(problem(`${ot}.key`, 'key-repeated', `the option key "${o.key}" is used twice in this question`, '"no"'));
      optionKeys.add(o.key);
      if (o.label.trim() === '' || o.label.length > 200) out.push(problem(`${ot}.label`, 'option-label', 'the option as voters read it, 1 to 200 characters', '"Yes"'));
    });
    if (!optionKeys.has(q.pass.option)) out.push(problem(`${at}.pass.option`, 'pass-option', `"${q.pass.option.slice(0, 40)}" is not one of this question's options`, `"${q.options.find((o) => o.key !== BLANK_KEY)?.key ?? 'yes'}"`));
    if (!isThreshold(q.pass.share)) out.push(problem(`${at}.pass.share`, 'pass-share', `"${q.pass.share.slice(0, 40)}" is not a share between 0 and 1 written as a decimal`, '"0.5" for a majority, "0.6667" for two thirds'));
  });

  const cutoff = timeOf(s.cutoffAt);
  const opens = timeOf(s.opensAt);
  const closes = timeOf(s.closesAt);
  const badTime = (field: string, example: string) => problem(field, 'time', `must be a time on a date that exists, such as ${example} (hours 00 to 23)`, `"${example}"`);
  // Dates a vote may name, as everywhere in settle (src/proposals/limits.ts): not 1900, not 9999.
  const inRange = (t: number | null, field: string, example: string) => {
    if (t === null) return t;
    const day = new Date(t).toISOString().slice(0, 10);
    if (day >= EARLIEST_DATE && day <= LATEST_DATE) return t;
    out.push(problem(field, 'time-range', `must be from ${EARLIEST_DATE} to ${LATEST_DATE}, got ${day}`, `"${example}"`));
    return null;
  };
  if (cutoff === null) out.push(badTime('cutoffAt', '2027-01-10T00:00:00Z'));
  if (opens === null) out.push(badTime('opensAt', '2027-01-14T08:00:00Z'));
  if (closes === null) out.push(badTime('closesAt', '2027-01-21T20:00:00Z'));
  const [cutoffIn, opensIn, closesIn] = [inRange(cutoff, 'cutoffAt', '2027-01-10T00:00:00Z'), inRange(opens, 'opensAt', '2027-01-14T08:00:00Z'), inRange(closes, 'closesAt', '2027-01-21T20:00:00Z')];
  if (cutoffIn !== null && opensIn !== null && cutoffIn > opensIn) out.push(problem('cutoffAt', 'cutoff-after-open', 'the eligibility cutoff must be at or before the vote opens', `a cutoffAt at or before ${s.opensAt}`));
  if (opensIn !== null && closesIn !== null && opensIn >= closesIn) out.push(problem('closesAt', 'closes-before-open', 'the vote must close after it opens', `a closesAt after ${s.opensAt}`));

  if (s.channels.length === 0) out.push(problem('channels', 'channels-empty', 'name at least one way to vote', '["online", "kiosk"]'));
  s.channels.forEach((ch, i) => {
    if (!(CHANNELS as readonly string[]).includes(ch)) out.push(problem(`channels[${i}]`, 'channel', `"${ch.slice(0, 40)}" is not a channel`, CHANNELS.join(', ')));
    else if (s.channels.indexOf(ch) !== i) out.push(problem(`channels[${i}]`, 'channel-repeated', `"${ch}" is named twice`, '["online", "paper"]'));
  });
  if (s.eligibleStatuses.length === 0) out.push(problem('eligibleStatuses', 'statuses-empty', 'name at least one roster status that may vote', '["active", "leave"]'));
  s.eligibleStatuses.forEach((st, i) => {
    if (!(STATUSES as readonly string[]).includes(st)) out.push(problem(`eligibleStatuses[${i}]`, 'status', `"${st.slice(0, 40)}" is not a roster status`, STATUSES.join(', ')));
    else if (s.eligibleStatuses.indexOf(st) !== i) out.push(problem(`eligibleStatuses[${i}]`, 'status-repeated', `"${st}" is named twice`, '["active", "leave"]'));
  });
  return out;
}

/** Does a ballot fit the questions: every question answered by one of its options or left blank (null), nothing else. */
export function validateChoices(questions: readonly Question[], choices: Choices): Problem[] {
  const out: Problem[] = [];
  const example = JSON.stringify(Object.fromEntries(questions.map((q) => [q.key, q.options[0]?.key ?? null])));
  for (const q of questions) {
    if (!Object.hasOwn(choices, q.key)) {
      out.push(problem(`choices.${q.key}`, 'choice-missing', `answer "${q.key}" with one of ${q.options.map((o) => `"${o.key}"`).join(', ')}, or null to leave it blank`, example));
      continue;
    }
    const c = choices[q.key];
    if (c !== null && !q.options.some((o) => o.key === c)) out.push(problem(`choices.${q.key}`, 'choice-unknown', `"${String(c).slice(0, 40)}" is not an option of this question`, example));
  }
  for (const k of Object.keys(choices)) {
    if (!questions.some((q) => q.key === k)) out.push(problem(`choices.${k.slice(0, 40)}`, 'choice-extra', `this vote has no question "${k.slice(0, 40)}"`, example));
  }
  return out;
}
