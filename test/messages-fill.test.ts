/**
 * How the pages fill a message's {placeholders} (web/src/text.ts `fill`): one pass, values kept
 * as written, and a value that ends with its own period (Spanish clock times) not followed by a
 * second one.
 */
import { expect, it } from 'vitest';
import { fill } from '../web/src/text.ts';

// The public sites page's line (web/src/pages/public/sites-messages.ts 'day.published').
const PUBLISHED = { en: 'Published by {district}. Status (open, filling, full) as of {time}.', es: 'Publicado por {district}. Estado (abierto, llenándose, lleno) a las {time}.' };

it('writes "5:00 p.m." once at the end of a Spanish sentence, and keeps the period after a value without one', () => {
  // es-US writes 17:00 as "5:00 p.m." (with its own final period); en-US as "5:00 PM".
  const es = new Intl.DateTimeFormat('es-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date('2023-03-23T17:00:00Z'));
  const en = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date('2023-03-23T17:00:00Z'));
  expect(es.endsWith('.')).toBe(true);
  expect(fill(PUBLISHED.es, { district: 'LAUSD', time: es })).toBe(`Publicado por LAUSD. Estado (abierto, llenándose, lleno) a las ${es}`);
  expect(fill(PUBLISHED.en, { district: 'LAUSD', time: en })).toBe(`Published by LAUSD. Status (open, filling, full) as of ${en}.`);
});

it('fills in one pass: a value holding a placeholder or periods mid-message stays as written', () => {
  expect(fill('{a} and {b}.', { a: '{b}', b: 'x' })).toBe('{b} and x.');
  expect(fill('{name}: open', { name: 'St. Mary.' })).toBe('St. Mary.: open');
  expect(fill('At {when}. Then {next}.', { when: '6:30 a.m.', next: 'home' })).toBe('At 6:30 a.m. Then home.');
  expect(fill('{v}.5', { v: '1.' })).toBe('1..5'); // not a sentence's end: kept
  expect(fill('no {missing}.', { other: 1 })).toBe('no {missing}.');
});
