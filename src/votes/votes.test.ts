import { describe, expect, it } from 'vitest';
import { eligibleAsOf, rosterAsOf, type HistoryRow } from './roll.ts';
import { moreThan, percentText, shareText } from './share.ts';
import { validateChoices, validateSetup, type VoteSetup } from './setup.ts';
import { SMALL_SITES_LINE, tally, type RollEntry } from './tally.ts';
import type { Question } from './types.ts';

const Q: Question = { key: 'authorize', text: 'Do you authorize a strike?', options: [{ key: 'yes', label: 'Yes' }, { key: 'no', label: 'No' }], pass: { option: 'yes', share: '0.5' } };
const setup: VoteSetup = { title: 'Strike authorization', kind: 'strike-authorization', questions: [Q], cutoffAt: '2027-01-10T00:00:00Z', opensAt: '2027-01-14T08:00:00Z', closesAt: '2027-01-21T20:00:00Z', channels: ['online', 'paper'], eligibleStatuses: ['active', 'leave'] };
const fields = (p: ReturnType<typeof validateSetup>) => p.map((x) => [x.where?.field, x.code]);

describe('a vote setup', () => {
  it('accepts a well-formed strike authorization', () => {
    expect(validateSetup(setup)).toEqual([]);
  });
  it('names each wrong field with a hint', () => {
    const bad = validateSetup({
      ...setup, title: 'x'.repeat(201), kind: 'poll', cutoffAt: '2027-01-15T00:00:00Z', closesAt: '2027-01-14T08:00:00Z', channels: ['online', 'fax'], eligibleStatuses: ['retired'],
      questions: [{ ...Q, options: [{ key: 'yes', label: 'Yes' }, { key: 'yes', label: 'Again' }], pass: { option: 'maybe', share: '1.5' } }],
    });
    expect(fields(bad)).toEqual([
      ['title', 'vote.title-long'], ['kind', 'vote.kind'],
      ['questions[0].options[1].key', 'vote.key-repeated'], ['questions[0].pass.option', 'vote.pass-option'], ['questions[0].pass.share', 'vote.pass-share'],
      ['cutoffAt', 'vote.cutoff-after-open'], ['closesAt', 'vote.closes-before-open'],
      ['channels[1]', 'vote.channel'], ['eligibleStatuses[0]', 'vote.status'],
    ]);
    expect(bad.every((p) => p.hint && p.message)).toBe(true);
  });
  it('refuses a time on a date that does not exist or past 23:59, where Date.parse would move it to another day', () => {
    const bad = validateSetup({ ...setup, cutoffAt: '2027-02-30T00:00:00Z', closesAt: '2027-04-31T24:00:00Z' });
    expect(fields(bad)).toEqual([['cutoffAt', 'vote.time'], ['closesAt', 'vote.time']]);
    expect(bad[0]).toMatchObject({ message: 'cutoffAt: must be a time on a date that exists, such as 2027-01-10T00:00:00Z (hours 00 to 23)', hint: '"2027-01-10T00:00:00Z"' });
    expect(bad[1].hint).toBe('"2027-01-21T20:00:00Z"');
    expect(fields(validateSetup({ ...setup, opensAt: '2027-01-14T08:60:00Z' }))).toEqual([['opensAt', 'vote.time']]);
    // February 29 of a leap year exists.
    expect(fields(validateSetup({ ...setup, cutoffAt: '2024-02-29T00:00:00Z' }))).toEqual([]);
  });
  it('refuses times before 1990 or after 2099, as every date in settle, naming the field', () => {
    const bad = validateSetup({ ...setup, cutoffAt: '1900-01-01T00:00:00Z', opensAt: '1900-01-02T00:00:00Z', closesAt: '9999-01-01T00:00:00Z' });
    expect(fields(bad)).toEqual([['cutoffAt', 'vote.time-range'], ['opensAt', 'vote.time-range'], ['closesAt', 'vote.time-range']]);
    expect(bad[2]).toMatchObject({ message: 'closesAt: must be from 1990-01-01 to 2099-12-31, got 9999-01-01', hint: '"2027-01-21T20:00:00Z"' });
  });
  it('refuses no questions, eleven questions, one option, and no channels', () => {
    expect(fields(validateSetup({ ...setup, questions: [] }))).toEqual([['questions', 'vote.questions-count']]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...Q, key: `q${i}` }));
    expect(fields(validateSetup({ ...setup, questions: eleven }))).toEqual([['questions', 'vote.questions-count']]);
    expect(fields(validateSetup({ ...setup, questions: [{ ...Q, options: [Q.options[0]] }] }))).toEqual([['questions[0].options', 'vote.options-count']]);
    expect(fields(validateSetup({ ...setup, channels: [] }))).toEqual([['channels', 'vote.channels-empty']]);
    expect(fields(validateSetup({ ...setup, opensAt: 'tomorrow' }))).toEqual([['opensAt', 'vote.time']]);
    expect(fields(validateSetup({ ...setup, questions: [{ ...Q, pass: { option: 'yes', share: '0' } }] }))).toEqual([['questions[0].pass.share', 'vote.pass-share']]);
  });
});

describe('a ballot\'s choices', () => {
  const q2: Question = { ...Q, key: 'dues' };
  it('fit when every question has an option or null', () => {
    expect(validateChoices([Q, q2], { authorize: 'yes', dues: null })).toEqual([]);
  });
  it('do not fit when a question is missing, an option unknown or a key extra', () => {
    expect(validateChoices([Q, q2], { authorize: 'perhaps', other: 'yes' }).map((p) => [p.where?.field, p.code])).toEqual([
      ['choices.authorize', 'vote.choice-unknown'], ['choices.dues', 'vote.choice-missing'], ['choices.other', 'vote.choice-extra'],
    ]);
  });
});

describe('the roster as of the cutoff', () => {
  const row = (memberRowId: number, action: string, changedAt: string, after: { status: string; worksite: string | null } | null): HistoryRow => ({ memberRowId, action, changedAt, after: after && JSON.stringify(after) });
  const history = [
    row(1, 'add', '2027-01-01T00:00:00.000Z', { status: 'active', worksite: 'Alder' }),
    row(2, 'add', '2027-01-01T00:00:00.000Z', { status: 'active', worksite: 'Birch' }),
    row(3, 'add', '2027-01-01T00:00:00.000Z', { status: 'active', worksite: 'Alder' }),
    row(4, 'add', '2027-01-01T00:00:00.000Z', { status: 'inactive', worksite: 'Alder' }),
    row(5, 'add', '2027-01-12T00:00:00.000Z', { status: 'active', worksite: 'Alder' }), // added after the cutoff
    row(2, 'remove', '2027-01-12T00:00:00.000Z', null), // removed after the cutoff
    row(3, 'change', '2027-01-12T00:00:00.000Z', { status: 'inactive', worksite: 'Birch' }), // changed after
    row(1, 'change', '2027-01-10T00:00:00.000Z', { status: 'leave', worksite: 'Birch' }), // at the cutoff: counts
  ];
  it('is the last change at or before the cutoff', () => {
    expect(rosterAsOf(history, '2027-01-10T00:00:00Z')).toEqual([
      { memberRowId: 1, status: 'leave', worksite: 'Birch' },
      { memberRowId: 2, status: 'active', worksite: 'Birch' },
      { memberRowId: 3, status: 'active', worksite: 'Alder' },
      { memberRowId: 4, status: 'inactive', worksite: 'Alder' },
    ]);
  });
  it('keeps those whose status then could vote', () => {
    expect(eligibleAsOf(history, '2027-01-10T00:00:00Z', ['active', 'leave']).map((m) => m.memberRowId)).toEqual([1, 2, 3]);
    // After all the changes: 1 leave, 3 inactive, 4 inactive, 5 active; 2 removed → 1 and 5.
    expect(eligibleAsOf(history, '2027-02-01T00:00:00Z', ['active', 'leave']).map((m) => m.memberRowId)).toEqual([1, 5]);
  });
});

describe('the share beside the verdict', () => {
  it('is at the threshold\'s precision and rounded toward the verdict', async () => {
    const { thresholdPercentDigits, verdictPercentDigits } = await import('./share.ts');
    // 10 of 15 is 66.666…% against 0.6667: not passed, so down to 66.66, below 66.67.
    expect([verdictPercentDigits(10, 15, '0.6667', false).text, thresholdPercentDigits('0.6667').text]).toEqual(['66.66', '66.67']);
    // 3 of 5 against 0.5: 60.0, passed.
    expect(verdictPercentDigits(3, 5, '0.5', true)).toEqual({ text: '60.0', digits: 1 });
    expect(thresholdPercentDigits('0.5')).toEqual({ text: '50', digits: 0 });
  });
});

describe('shares', () => {
  it('round once, half up, to 0.1%', () => {
    expect(shareText(98, 100)).toBe('0.980');
    expect(shareText(1, 3)).toBe('0.333'); // 0.3333… → 0.333
    expect(shareText(2, 3)).toBe('0.667'); // 0.6666… → 0.667
    expect(shareText(1, 8)).toBe('0.125'); // exact
    expect(shareText(1, 16)).toBe('0.063'); // 0.0625 → half up → 0.063
    expect(shareText(5, 5)).toBe('1.000');
    expect(shareText(0, 0)).toBe('0.000');
    expect(percentText('0.980')).toBe('98.0%');
    expect(percentText('0.063')).toBe('6.3%');
  });
  it('decide passing exactly, not on the rounded share', () => {
    expect(moreThan(1, 2, '0.5')).toBe(false); // exactly half is not more than half
    expect(moreThan(2, 3, '0.6667')).toBe(false); // 0.66666… < 0.6667 though it rounds to 0.667
    expect(moreThan(6667, 10000, '0.6666')).toBe(true);
    expect(moreThan(0, 0, '0.5')).toBe(false);
  });
});

describe('the tally', () => {
  const roll = (site: string, voters: number, voted: number, channel: 'online' | 'kiosk' | 'paper'): RollEntry[] =>
    Array.from({ length: voters }, (_, i) => ({ worksite: site, voted: i < voted, channel: i < voted ? channel : null }));
  it('adds ballots and paper, counts turnout by channel and merges small sites', () => {
    const ballots = [{ authorize: 'yes' }, { authorize: 'yes' }, { authorize: 'no' }, { authorize: null }, { authorize: 'yes' }, { authorize: 'yes' }];
    const paper = [{ ballots: 5, spoiled: 1, answers: { authorize: { yes: 3, no: 0, blank: 1 } } }];
    const r = tally({
      questions: [Q], ballots, paper,
      roll: [...roll('Alder', 8, 6, 'online'), ...roll('Birch', 6, 4, 'paper'), ...roll('Cedar', 2, 1, 'kiosk')],
    });
    // yes: 4 online + 3 paper = 7; no: 1; blank: 1 online + 1 paper = 2; answered 7 + 1 = 8; share 7/8 = 0.875 > 0.5.
    expect(r.questions).toEqual([{ key: 'authorize', text: Q.text, counts: { yes: 7, no: 1 }, blank: 2, answered: 8, passOption: 'yes', threshold: '0.5', share: '0.875', passed: true }]);
    // eligible 8 + 6 + 2 = 16; voted 6 + 4 + 1 = 11; 11/16 = 0.6875 → 0.688 (half up).
    expect([r.eligible, r.voted, r.turnout]).toEqual([16, 11, '0.688']);
    expect(r.byChannel).toEqual({ online: 6, kiosk: 1, paper: 4 });
    expect(r.ballots).toEqual({ opened: 6, paper: 5, spoiled: 1 });
    // Alder: 6 voted (shown); Birch 4 and Cedar 1 voted (< 5): one line, 6 + 2 = 8 eligible, 4 + 1 = 5 voted, 2 sites.
    expect(r.sites).toEqual([{ name: 'Alder', eligible: 8, voted: 6 }, { name: SMALL_SITES_LINE, eligible: 8, voted: 5, sites: 2 }]);
  });
  it('never shows one small site on a line of its own: the next smallest joins it', () => {
    // Big 8 of 10, Mid 6 of 7, Tiny 1 of 2: Tiny alone would be "1 of 2"; Mid (fewest voters of the others) joins it: 7 + 2 = 9 eligible, 6 + 1 = 7 voted.
    const r = tally({ questions: [Q], ballots: [], paper: [], roll: [...roll('Big', 10, 8, 'online'), ...roll('Mid', 7, 6, 'online'), ...roll('Tiny', 2, 1, 'online')] });
    expect(r.sites).toEqual([{ name: 'Big', eligible: 10, voted: 8 }, { name: SMALL_SITES_LINE, eligible: 9, voted: 7, sites: 2 }]);
    // Only one site in all: its line is the union's whole turnout, shown anyway as the total.
    expect(tally({ questions: [Q], ballots: [], paper: [], roll: roll('Tiny', 2, 1, 'online') }).sites).toEqual([{ name: SMALL_SITES_LINE, eligible: 2, voted: 1, sites: 1 }]);
  });
  it('a two-thirds question fails at exactly two thirds', () => {
    const q: Question = { ...Q, pass: { option: 'yes', share: '0.6667' } };
    const r = tally({ questions: [q], ballots: [{ authorize: 'yes' }, { authorize: 'yes' }, { authorize: 'no' }], paper: [], roll: [] });
    // 2/3 = 0.6666… is not more than 0.6667; shown rounded as 0.667.
    expect([r.questions[0].share, r.questions[0].passed, r.turnout, r.sites]).toEqual(['0.667', false, '0.000', []]);
  });
});
