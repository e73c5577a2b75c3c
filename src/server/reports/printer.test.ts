/**
 * The printer's gate (printer.ts, FairGate): at most `limit` pages at once; the waiting are
 * served an organization at a time, in turn, so one side's 30 PDFs do not make the other's
 * wait for all of them; past the waiting bound, 429 pdf.busy.
 */
import { expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { FairGate } from './printer.ts';

it('lets `limit` in at once and serves the waiting in turn, one key after another', async () => {
  const gate = new FairGate(2, 10);
  const started: string[] = [];
  const go = (key: string, tag: string) => gate.enter(key).then(() => void started.push(tag));
  const all = [go('district', 'd1'), go('district', 'd2'), go('district', 'd3'), go('district', 'd4'), go('district', 'd5'), go('union', 'u1')];
  await new Promise((r) => setTimeout(r, 5));
  expect(started).toEqual(['d1', 'd2']);
  gate.leave();
  await new Promise((r) => setTimeout(r, 5));
  expect(started).toEqual(['d1', 'd2', 'd3']);
  // The union's one print is next, before the district's fourth and fifth.
  gate.leave();
  gate.leave();
  await new Promise((r) => setTimeout(r, 5));
  expect(started).toEqual(['d1', 'd2', 'd3', 'u1', 'd4']);
  gate.leave();
  await Promise.all(all);
  expect(started).toEqual(['d1', 'd2', 'd3', 'u1', 'd4', 'd5']);
  // d4 and d5 end: both places are free again, so two go in at once and a third waits.
  gate.leave();
  gate.leave();
  await gate.enter('union');
  await gate.enter('union');
  let third = false;
  void gate.enter('union').then(() => (third = true));
  await new Promise((r) => setTimeout(r, 5));
  expect(third).toBe(false);
});

it('refuses with 429 pdf.busy past the waiting bound, and takes more once the waiting are served', async () => {
  const gate = new FairGate(1, 2);
  await gate.enter('a');
  const w1 = gate.enter('a');
  const w2 = gate.enter('b');
  const refused = await gate.enter('c').catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ApiError);
  expect([(refused as ApiError).status, (refused as ApiError).body.code]).toEqual([429, 'pdf.busy']);
  gate.leave();
  await w1;
  gate.leave();
  await w2;
  const later = gate.enter('c');
  gate.leave();
  await later;
});
