/**
 * The vote pages' pure parts, without a browser: the set-up form's body (option keys from their
 * labels, the pass option, local times to UTC), the server's field paths in one form, shares
 * rounded by the server's rule, and where a vote stands.
 */
import { describe, expect, it } from 'vitest';
import { emptyDraft, fieldKey, toBody, toIso } from '../web/src/components/votes/draft.ts';
import { percent, shareOf, thresholdPercent, verdictPercent } from '../web/src/components/votes/shares.ts';
import { stateOf } from '../web/src/components/votes/state.ts';
import { when } from '../web/src/components/votes/when.ts';

describe('the set-up form', () => {
  it('makes option keys from labels, and the pass option from its position', () => {
    const d = { ...emptyDraft(), title: '  Ratification  ', questions: [{ text: 'Ratify the tentative agreement?', options: 'Sí\n\nNo\nNo\n¿?', passOption: 0, share: '0.6667' }] };
    const body = toBody(d);
    expect(body.title).toBe('Ratification');
    // "Sí" → "si" (accent dropped); the second "No" repeats a key → its position, option-3; "¿?" has no letters → option-4.
    expect(body.questions[0].options).toEqual([{ key: 'si', label: 'Sí' }, { key: 'no', label: 'No' }, { key: 'option-3', label: 'No' }, { key: 'option-4', label: '¿?' }]);
    expect(body.questions[0]).toMatchObject({ key: 'q1', pass: { option: 'si', share: '0.6667' } });
    expect(body.eligibleStatuses).toEqual(['active', 'leave']);
  });

  it('sends a local time as UTC, and an empty or bad one as typed, for the server to name', () => {
    const local = '2027-01-14T08:00';
    expect(toIso(local)).toBe(new Date(local).toISOString());
    expect(toIso('')).toBe('');
    expect(toIso('soon')).toBe('soon');
  });

  it('reads the server\'s field paths in one form', () => {
    expect(fieldKey('questions[0].options[1].label')).toBe('questions.0.options.1.label');
    expect(fieldKey('body.title')).toBe('title');
    expect(fieldKey('cutoffAt')).toBe('cutoffAt');
  });
});

describe('times on the vote pages', () => {
  it('name their time zone', () => {
    // "Aug 22, 2018, 2:00 PM UTC" here (or PDT, GMT+1…, wherever the tests run): never a bare time.
    expect(when('2018-08-22T14:00:00Z', 'en')).toMatch(/^Aug 2[12], 2018, \d{1,2}:00 [AP]M (UTC|GMT([+-]\d{1,2}(:\d\d)?)?|[A-Z]{2,5})$/);
    expect(when('2018-08-22T14:00:00Z', 'es')).toMatch(/ (UTC|GMT([+-]\d{1,2}(:\d\d)?)?|[A-Z]{2,5})$/);
  });
});

describe('the share beside the verdict and the threshold', () => {
  it('never read against the verdict', () => {
    // Two thirds set as 0.6667; 10 yes of 15 is 66.666…%, not more than 66.67%: did not pass. At one
    // decimal it read "66.7%" beside "needs more than 66.6%"; now 66.66% (down, as it failed) and 66.67%.
    expect(thresholdPercent('0.6667', 'en')).toBe('66.67%');
    expect(verdictPercent(10, 15, '0.6667', false, 'en')).toBe('66.66%');
    // 2,001 of 3,000 is 66.7%: passed; rounded up it stays above the threshold.
    expect(verdictPercent(2001, 3000, '0.6667', true, 'en')).toBe('66.70%');
    // A simple majority: "50%", and one vote over half of 1,000,001 (50.00005%) reads 50.1%, above 50%, as it passed.
    expect(thresholdPercent('0.5', 'es')).toBe('50%');
    expect(verdictPercent(500_001, 1_000_001, '0.5', true, 'en')).toBe('50.1%');
    expect(verdictPercent(1, 2, '0.5', false, 'en')).toBe('50.0%');
    expect(thresholdPercent('0.125', 'en')).toBe('12.5%');
  });
});

describe('shares', () => {
  it('rounds half up to a thousandth, in whole numbers', () => {
    expect(shareOf(2, 3)).toBe('0.667'); // 0.6666… → 0.667
    expect(shareOf(1, 3)).toBe('0.333'); // 0.3333… → 0.333
    expect(shareOf(1, 8)).toBe('0.125'); // exact
    expect(shareOf(1, 16)).toBe('0.063'); // 0.0625: half → up
    expect(shareOf(3, 7)).toBe('0.429'); // 0.42857… → 0.429
    expect(shareOf(7, 7)).toBe('1.000');
    expect(shareOf(0, 0)).toBe('0.000');
  });

  it('writes a share as a percentage to one decimal place', () => {
    expect(percent('0.980', 'en')).toBe('98.0%');
    expect(percent('0.810', 'es')).toBe('81.0%');
    expect(percent('0.429', 'en')).toBe('42.9%');
    expect(percent('1.000', 'en')).toBe('100.0%');
    expect(percent('0.5', 'en')).toBe('50.0%'); // a threshold as the committee wrote it
  });
});

describe('where a vote stands', () => {
  const v = { state: 'frozen' as const, open: false, opensAt: '2027-01-14T08:00:00.000Z', publishedAt: null };
  const at = (iso: string) => Date.parse(iso);
  it('says open when the server does, not yet open before the window, closed after', () => {
    expect(stateOf({ ...v, open: true }, at('2027-01-15T00:00:00Z'))).toBe('open');
    expect(stateOf(v, at('2027-01-13T00:00:00Z'))).toBe('frozen');
    expect(stateOf(v, at('2027-01-30T00:00:00Z'))).toBe('closed');
  });
  it('says published once a certified vote is', () => {
    expect(stateOf({ ...v, state: 'certified', publishedAt: '2027-01-31T00:00:00Z' }, 0)).toBe('published');
    expect(stateOf({ ...v, state: 'certified' }, 0)).toBe('certified');
    expect(stateOf({ ...v, state: 'draft' }, 0)).toBe('draft');
  });
});
