import { describe, expect, it } from 'vitest';
import { proposal, tiny, usd } from '../../test/helpers/tiny.ts';
import { costProposal } from '../costing/cost.ts';
import { changesBetween, type Change, type Changes } from './changes.ts';
import { changesTable } from './changes-table.ts';
import { describeTerm } from '../proposals/describe.ts';
import type { Term } from '../proposals/types.ts';
import { NOT_COSTED, provisions, termLabel } from './provisions.ts';

// Version A: 2% for unit T from 2019-07-01, and a non-cost term.
// Version B: 3% from 2019-07-01 (changed), the non-cost term dropped, 1 nurse hired at central.
const A = proposal({
  id: 'a',
  terms: [
    { id: 'raise', kind: 'raise', pct: 2, effective: '2019-07-01' },
    { id: 'testing', kind: 'non-cost', text: 'Less testing' },
  ],
});
const B = proposal({
  id: 'b',
  terms: [
    { id: 'raise', kind: 'raise', pct: 3, effective: '2019-07-01' },
    { id: 'nurse', kind: 'hire', role: 'nurse', phases: [{ from: '2019-07-01', count: 1 }] },
  ],
});

const at = (x: Change | null | undefined, fy: string) => x?.effect.find((e) => e.fy === fy)?.cents;

/** from + the header + every change = to, in every year (the rows add up to the difference exactly). */
function expectAddsUp(c: Changes): void {
  for (const y of c.toCents) {
    const from = c.fromCents.find((f) => f.fy === y.fy)?.cents ?? 0;
    const effects = [...(c.header ? [c.header] : []), ...c.changes].reduce((s, x) => s + (at(x, y.fy) ?? 0), 0);
    expect(from + effects, `${y.fy}`).toBe(y.cents);
  }
}

describe('what changed between two versions', () => {
  const c = changesBetween(tiny(), A, B);

  it('finds the removed, changed and added terms', () => {
    expect(c.header).toBeNull();
    expect(c.changes.map((x) => [x.type, x.term])).toEqual([
      ['removed', 'testing'],
      ['modified', 'raise'],
      ['added', 'nurse'],
    ]);
    expect(c.changes[1].before).toBe('2% raise from 2019-07-01');
    expect(c.changes[1].after).toBe('3% raise from 2019-07-01');
  });

  it('costs each term by the difference of its own lines between the versions', () => {
    // Removing a non-cost term costs nothing.
    expect(c.changes[0].totalCents).toBe(0);
    // The raise's row is its own lines in B less its lines in A. In 2019-20: one more percent of
    // T pay 4,022,000 = 40,220.00, plus statutory 18.5% (STRS 17 + Medicare 1.5) = 7,440.70;
    // and 3% on the nurse B adds (80,000 × 3% = 2,400.00, statutory 18.5% 444.00), which is on
    // the raise's line "on added positions": 40,220 + 7,440.70 + 2,400 + 444 = 50,504.70.
    expect(at(c.changes[1], '2019-20')).toBe(usd(50_504.7));
    // The nurse's row is the nurse's own lines: 80,000.00 salary at step 1, 18.5% statutory
    // 14,800.00, health 11,000.00: 105,800.00 (the raise on it is on the raise's row).
    expect(at(c.changes[2], '2019-20')).toBe(usd(105_800));
  });

  it('adds up, year by year, to the difference between the versions, over the years it names', () => {
    expectAddsUp(c);
    // Both versions are costed 2018-19 to 2022-23 (the contract's end; the budget ends 2021-22).
    expect(c.span).toEqual({ from: '2018-19', to: '2022-23' });
    expect(c.fromCents.map((y) => y.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22', '2022-23']);
    expect(c.toCents.map((y) => y.fy)).toEqual(c.fromCents.map((y) => y.fy));
  });

  it('reports a new date or contract term as its own change, first', () => {
    const later = { ...B, date: '2019-05-01', term: { start: '2019-07-01', end: '2024-06-30' } };
    const d = changesBetween(tiny(), B, later);
    expect(d.header?.before).toBe('dated 2019-03-01, term 2019-07-01 to 2023-06-30');
    expect(d.header?.title).toBe('Date and contract term');
    expect(d.changes).toEqual([]);
    // Both are costed over the same years (through 2023-24, the end of the later term, past the budget's 2021-22),
    // so the longer term by itself costs nothing more.
    expect(d.fromCents.map((y) => y.fy)).toEqual(d.toCents.map((y) => y.fy));
    expect(d.span).toEqual({ from: '2018-19', to: '2023-24' });
    expect(d.header?.totalCents).toBe(0);
    expectAddsUp(d);
  });

  it('moves back pay with a new date, and still adds up', () => {
    // A 2% raise from 2018-07-01 (the base year) in a proposal dated 2019-03-01 is paid in
    // 2018-19; dated 2019-08-01 it is paid in 2019-20 as one-time back pay. The header row holds
    // that move; the raise itself is unchanged in words and, with the new date, in cost.
    const early = proposal({ id: 'e', terms: [{ id: 'raise', kind: 'raise', pct: 2, effective: '2018-07-01' }] });
    const late = { ...early, id: 'l', date: '2019-08-01' };
    const d = changesBetween(tiny(), early, late, { allowOtherYear: true });
    // 2018-19: 2% of T pay 3,940,000 = 78,800.00 + 17.5% statutory 13,790.00 = 92,590.00 leaves 2018-19 ...
    expect(at(d.header, '2018-19')).toBe(-usd(92_590));
    // ... and is paid in 2019-20 instead, at that year's statutory rates (18.5%): 78,800 + 14,578 = 93,378.00.
    expect(at(d.header, '2019-20')).toBe(usd(93_378));
    expect(d.changes).toEqual([]);
    expect(d.unchanged).toEqual(['raise']);
    expectAddsUp(d);
  });
});

describe('a raise, then added positions: the interaction rule', () => {
  // Version A: a 3% raise for unit T from 2019-07-01. Version B: the same raise and one nurse
  // hired at central from 2019-07-01. The raise is written the same, but in B it reaches the
  // nurse too: that cost is on the raise's own line "on added positions" (docs/costing.md,
  // "Interactions"), so the raise gets a 'moved' row and the nurse's row is the nurse's own lines.
  const RA = proposal({ id: 'ra', terms: [{ id: 'raise', kind: 'raise', pct: 3, effective: '2019-07-01' }] });
  const RB = proposal({
    id: 'rb',
    terms: [
      { id: 'raise', kind: 'raise', pct: 3, effective: '2019-07-01' },
      { id: 'nurse', kind: 'hire', role: 'nurse', phases: [{ from: '2019-07-01', count: 1 }] },
    ],
  });
  const d = changesBetween(tiny(), RA, RB);
  const later = costProposal({ dataset: tiny(), proposal: RB });

  it('lists the nurse as added and the raise as unchanged in words but moved in cost', () => {
    expect(d.header).toBeNull();
    expect(d.changes.map((x) => [x.type, x.term, x.title])).toEqual([['added', 'nurse', 'nurse'], ['moved', 'raise', 'raise']]);
    expect(d.changes[1].before).toBe('3% raise from 2019-07-01');
    expect(d.changes[1].after).toBe('3% raise from 2019-07-01');
    expect(d.unchanged).toEqual([]);
  });

  it('puts the raise on the added nurse on the raise\'s row, to the cent', () => {
    const added = d.changes.find((x) => x.type === 'added');
    const moved = d.changes.find((x) => x.type === 'moved');
    // 2019-20. Nurse: 80,000.00 (step 1) + 18.5% statutory 14,800.00 + health 11,000.00 = 105,800.00.
    expect(at(added, '2019-20')).toBe(usd(105_800));
    // Raise on the nurse: 80,000 × 3% = 2,400.00, statutory 18.5% = 444.00: 2,844.00.
    expect(at(moved, '2019-20')).toBe(usd(2_844));
    // 2020-21. The nurse moves to step 2: 82,000.00 + 15,170.00 (18.5%) + 11,000.00 = 108,170.00;
    // the raise on it 2,460.00 + 455.10 = 2,915.10.
    expect(at(added, '2020-21')).toBe(usd(108_170));
    expect(at(moved, '2020-21')).toBe(usd(2_915.1));
    // In every year, the nurse's row is the nurse's own lines on B's cost result, and the raise's
    // row is B's raise lines on added positions (A has no added positions; the raise on current
    // staff is the same in both).
    for (const y of later.years) {
      const raiseOnAdded = y.lines.filter((l) => l.term === 'raise' && l.population === 'added');
      expect(at(added, y.fy)).toBe(y.lines.filter((l) => l.term === 'nurse').reduce((s, l) => s + l.cents, 0));
      expect(at(moved, y.fy)).toBe(raiseOnAdded.reduce((s, l) => s + l.cents, 0));
      expect(raiseOnAdded.every((l) => l.label.includes('on added positions'))).toBe(true);
    }
  });

  it('adds up to the difference in every year', () => {
    expectAddsUp(d);
  });

  it('costs both versions through a view\'s last year when given one, and says so in span', () => {
    // A view whose latest proposal runs to 2024-25 passes through = 2024: the rows then cover
    // 2018-19 to 2024-25, and still add up.
    const v = changesBetween(tiny(), RA, RB, { through: 2024 });
    expect(v.span).toEqual({ from: '2018-19', to: '2024-25' });
    expect(v.toCents.map((y) => y.fy)).toEqual(['2018-19', '2019-20', '2020-21', '2021-22', '2022-23', '2023-24', '2024-25']);
    expectAddsUp(v);
  });

  it('prints the moved row in plain words and names the years of its check', () => {
    const text = changesTable(d);
    expect(text).toContain('Unchanged, but its cost moved with the changes above: raise (3% raise from 2019-07-01)');
    expect(text).toContain('Total, 2018-19 to 2022-23');
    expect(text).toContain('over exactly 2018-19 to 2022-23');
    expect(text).not.toMatch(/\bra\b|\brb\b/);
    // Told that 2022-23 is past the budget, the table stars it and says what the star means.
    const starred = changesTable(d, ['2022-23']);
    expect(starred).toContain('2022-23*');
    expect(starred).toContain('* extrapolated');
  });
});

describe('a changed term\'s row is named in a few plain words', () => {
  // A term written without a title gets its description as its title (parse.ts); a row whose
  // before and after already say that is named by the provision instead.
  const untitled = (t: Omit<Term, 'title'>) => ({ ...t, title: describeTerm({ ...t, title: '' } as Term) }) as Term;
  const hire = untitled({ id: 'h', kind: 'hire', unit: 'UTLA', role: 'nurse', phases: [{ from: '2019-07-01', count: 150 }] } as Omit<Term, 'title'>);
  const caps = untitled({ id: 'c', kind: 'class-size', unit: 'UTLA', caps: [{ grades: ['4', '5', '6'], from: '2019-07-01', cap: 35 }] } as Omit<Term, 'title'>);
  const raise = untitled({ id: 'r', kind: 'raise', unit: 'UTLA', pct: 3, effective: '2019-07-01' } as Omit<Term, 'title'>);
  const note = { id: 'n', kind: 'non-cost', unit: 'UTLA', text: 'A working group on charter school issues.', title: 'A working group on charter school issues.' } as Term;

  it('by the provision it speaks to when it has no title of its own, never by its id', () => {
    expect(termLabel(hire)).toBe('Nurse positions (UTLA)');
    expect(termLabel(caps)).toBe('Class size');
    expect(termLabel(raise)).toBe('UTLA salary schedule raises');
    expect(termLabel(note)).toBe(NOT_COSTED);
    expect(NOT_COSTED).toBe('Other term (not costed)');
  });

  it('by its own title when it has one', () => {
    expect(termLabel({ ...hire, title: 'Nurses at every school' })).toBe('Nurses at every school');
    expect(termLabel({ ...note, title: 'Charter schools' })).toBe('Charter schools');
  });

  it('and the changes list uses it, with the words in before and after', () => {
    const A = proposal({ id: 'a', terms: [] });
    const B = proposal({ id: 'b', terms: [] });
    A.terms = [{ ...note, unit: 'T' } as Term];
    B.terms = [{ ...hire, unit: 'T' } as Term];
    const c = changesBetween(tiny(), A, B);
    expect(c.changes.map((x) => [x.type, x.title])).toEqual([['removed', NOT_COSTED], ['added', 'Nurse positions (T)']]);
    expect(c.changes[0].before).toBe('A working group on charter school issues.');
    // The text table tells the terms of no title apart by their words.
    expect(changesTable(c)).toContain('removed: Other term (not costed): A working group on charter school …');
  });
});

describe('provisions side by side', () => {
  it('puts the current contract beside each proposal', () => {
    const p = provisions(tiny(), [
      proposal({ terms: [{ id: 'floor', kind: 'wage-floor', unit: 'C', hourly: 17.5, effective: '2019-07-01' }] }),
      proposal({ terms: [{ id: 'caps', kind: 'class-size', caps: [{ grades: ['4', '5'], from: '2019-07-01', cap: 28 }] }] }),
    ]);
    const floor = p.find((x) => x.key === 'floor|C');
    // The lowest hourly rate on unit C's schedule is the assistant's step 1, $16.00.
    expect(floor).toMatchObject({ baseline: 'lowest rate on the schedule $16', values: ['$17.50 from 2019-07-01', ''] });
    const caps = p.find((x) => x.key === 'class-size|4-5');
    expect(caps).toMatchObject({ baseline: 'maximum 30', values: ['', '28 from 2019-07-01'] });
  });
});
