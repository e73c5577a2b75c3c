/**
 * The rules a captain's page names when two recorders disagreed about a check-in: the server
 * states them in English (src/pickets/attendance.ts); the page says each known rule in its own
 * language (web/src/components/pickets/rule-words.ts), so a Spanish page does not say it in English.
 */
import { expect, it } from 'vitest';
import * as attendance from '../src/pickets/attendance.ts';
import { ruleText } from '../web/src/components/pickets/rule-words.ts';

it('says every conflict rule the server states in Spanish, and in English as the server words it', () => {
  const rules = Object.entries(attendance).filter(([name]) => name.startsWith('RULE_')).map(([, v]) => v as string);
  expect(rules.length).toBe(3);
  for (const rule of rules) {
    expect(ruleText(rule, 'en')).toBe(rule);
    expect(ruleText(rule, 'es')).not.toBe(rule);
    expect(ruleText(rule, 'es')).toMatch(/ vale /);
  }
  // A rule the page does not know is shown as the server wrote it.
  expect(ruleText('Some other rule.', 'es')).toBe('Some other rule.');
});
