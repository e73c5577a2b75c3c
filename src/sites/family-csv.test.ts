/**
 * The meal and partner sites CSV (docs/sites.md): a clean file reads as its sites; each
 * validation error has its own small file below and must be reported on its line and column,
 * with what is wrong and a valid example, and the row left out.
 */
import { describe, expect, it } from 'vitest';
import { readFamilySitesCsv } from './family-csv.ts';

const HEADER = 'kind,name,address,latitude,longitude,opens,closes,dates,meals_per_child,partner_kind,offers,languages';
const MEAL = 'meal,Roosevelt High School,"456 S Mathews St, Los Angeles, CA 90033",34.0409,-118.2127,07:30,13:30,2023-03-22;2023-03-21,2,,Breakfast and lunch to go,English;Spanish';
const LIBRARY = 'partner,Central Library,"630 W 5th St, Los Angeles, CA 90071",34.0504,-118.2551,10:00,17:30,,,Library,"Supervision, computers",English;Spanish; Korean';
/** A good row with one cell replaced (columns numbered from 1, as in the header above). */
const withCell = (row: string, col: number, value: string) => {
  const cells = row.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '')).slice(0, 12);
  cells[col - 1] = value;
  return cells.join(',');
};

describe('reading meal and partner sites', () => {
  it('reads a meal site and a partner site: dates in order, kinds lowercased, languages trimmed', () => {
    const r = readFamilySitesCsv({ text: `${HEADER}\n${MEAL}\n${LIBRARY}\n` });
    expect(r.problems).toEqual([]);
    expect(r.rows).toBe(2);
    expect(r.sites.map((s) => s.line)).toEqual([2, 3]);
    expect(r.sites[0].site).toEqual({
      kind: 'meal', partnerKind: null, name: 'Roosevelt High School', address: '456 S Mathews St, Los Angeles, CA 90033', latitude: 34.0409, longitude: -118.2127,
      opens: '07:30', closes: '13:30', dates: ['2023-03-21', '2023-03-22'], mealsPerChild: 2, offers: 'Breakfast and lunch to go', languages: ['English', 'Spanish'],
    });
    expect(r.sites[1].site).toMatchObject({ kind: 'partner', partnerKind: 'library', dates: [], mealsPerChild: null, offers: 'Supervision, computers', languages: ['English', 'Spanish', 'Korean'] });
  });

  it('reads the same file saved with semicolons (a spreadsheet in a Spanish locale), its lists quoted', () => {
    const semi = [HEADER.replaceAll(',', ';'),
      'meal;Roosevelt High School;"456 S Mathews St, Los Angeles, CA 90033";34.0409;-118.2127;07:30;13:30;"2023-03-22;2023-03-21";2;;Breakfast and lunch to go;"English;Spanish"',
      'partner;Central Library;"630 W 5th St, Los Angeles, CA 90071";34.0504;-118.2551;10:00;17:30;;;Library;"Supervision, computers";"English;Spanish; Korean"'].join('\r\n');
    const r = readFamilySitesCsv({ text: `${semi}\r\n` });
    const c = readFamilySitesCsv({ text: `${HEADER}\n${MEAL}\n${LIBRARY}\n` });
    expect(r.problems).toEqual([]);
    expect(r.sites.map((x) => x.site)).toEqual(c.sites.map((x) => x.site));
  });

  it('reads times as a spreadsheet writes them: 8am, 8:30 a.m., 5 PM, 12pm (noon), 7:30', () => {
    // [written, read]: 12 pm is noon, 12 am midnight; a one-digit hour without am/pm is a 24-hour time.
    const cases = [['8am', '08:00'], ['8:30 a.m.', '08:30'], ['5 PM', '17:00'], ['12pm', '12:00'], ['12am', '00:00'], ['7:30', '07:30'], ['07:30', '07:30']];
    for (const [written, read] of cases) {
      const r = readFamilySitesCsv({ text: `${HEADER}\n${withCell(withCell(MEAL, 6, written), 7, '11pm')}\n` });
      expect([written, r.problems, r.sites[0]?.site.opens, r.sites[0]?.site.closes]).toEqual([written, [], read, '23:00']);
    }
  });

  it('takes a file with only the required columns (the others empty)', () => {
    const r = readFamilySitesCsv({ text: 'kind,name,address,latitude,longitude,opens,closes,partner_kind\npartner,Echo Park,"1632 Bellevue Ave, Los Angeles, CA 90026",34.0726,-118.2606,08:00,18:00,park\n' });
    expect(r.problems).toEqual([]);
    expect(r.sites[0].site).toMatchObject({ partnerKind: 'park', dates: [], languages: [], offers: '' });
  });

  // One file per validation error: [what, the file, code, line, column (from 1; 0: none), column name].
  const CASES: [string, string, string, number, number, string | undefined][] = [
    ['an unclosed quote', `${HEADER}\nmeal,"Roosevelt,x\n`, 'sites.csv-syntax', 2, 2, undefined],
    ['an empty file', '', 'sites.csv-empty', 1, 0, undefined],
    ['a missing required column', 'kind,name,address,latitude,longitude,opens\n', 'sites.csv-missing-column', 1, 0, 'closes'],
    ['an unknown column', `${HEADER},notes\n`, 'sites.csv-unknown-column', 1, 13, 'notes'],
    ['a row with too few cells', `${HEADER}\nmeal,Roosevelt High School\n`, 'sites.csv-cell-count', 2, 0, undefined],
    ['a header and no sites', `${HEADER}\n`, 'sites.no-rows', 2, 0, undefined],
    ['an unknown kind', `${HEADER}\n${withCell(MEAL, 1, 'school')}\n`, 'sites.bad-kind', 2, 1, 'kind'],
    ['an empty name', `${HEADER}\n${withCell(MEAL, 2, '')}\n`, 'sites.empty', 2, 2, 'name'],
    ['a name over 200 characters', `${HEADER}\n${withCell(MEAL, 2, 'x'.repeat(201))}\n`, 'sites.too-long', 2, 2, 'name'],
    ['markup is text, but a control character is refused', `${HEADER}\n${withCell(MEAL, 2, '<b>Roosevelt</b>\u0007')}\n`, 'sites.control-character', 2, 2, 'name'],
    // The record spans lines 2 and 3; src/text/csv.ts names the line where it starts, as an editor numbers it.
    ['a line break inside a quoted address', `${HEADER}\n${withCell(MEAL, 3, '"456 S Mathews St\nLos Angeles"')}\n`, 'sites.line-break', 2, 3, 'address'],
    ['a latitude that is not a number', `${HEADER}\n${withCell(MEAL, 4, '34°N')}\n`, 'sites.bad-coordinate', 2, 4, 'latitude'],
    ['a longitude past 180', `${HEADER}\n${withCell(MEAL, 5, '-218.2127')}\n`, 'sites.bad-coordinate', 2, 5, 'longitude'],
    ['a 12-hour time past 12', `${HEADER}\n${withCell(MEAL, 6, '13:30pm')}\n`, 'sites.bad-time', 2, 6, 'opens'],
    ['a time in words', `${HEADER}\n${withCell(MEAL, 6, 'morning')}\n`, 'sites.bad-time', 2, 6, 'opens'],
    ['closing before opening', `${HEADER}\n${withCell(MEAL, 7, '07:00')}\n`, 'sites.closes-before-opens', 2, 7, 'closes'],
    ['a date not on the calendar', `${HEADER}\n${withCell(MEAL, 8, '2023-02-30')}\n`, 'sites.bad-date', 2, 8, 'dates'],
    ['a date listed twice', `${HEADER}\n${withCell(MEAL, 8, '2023-03-21;2023-03-21')}\n`, 'sites.repeated-date', 2, 8, 'dates'],
    ['more than 366 dates', `${HEADER}\n${withCell(MEAL, 8, Array.from({ length: 367 }, (_, i) => new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)).join(';'))}\n`, 'sites.too-many-dates', 2, 8, 'dates'],
    ['half a meal', `${HEADER}\n${withCell(MEAL, 9, '1.5')}\n`, 'sites.bad-meals-per-child', 2, 9, 'meals_per_child'],
    ['a meal site without meals per child', `${HEADER}\n${withCell(MEAL, 9, '')}\n`, 'sites.meals-per-child-missing', 2, 9, 'meals_per_child'],
    ['a meal site with a partner kind', `${HEADER}\n${withCell(MEAL, 10, 'park')}\n`, 'sites.partner-kind-on-meal-site', 2, 10, 'partner_kind'],
    ['a partner site without its kind', `${HEADER}\n${withCell(LIBRARY, 10, '')}\n`, 'sites.partner-kind-missing', 2, 10, 'partner_kind'],
    ['an unknown partner kind', `${HEADER}\n${withCell(LIBRARY, 10, 'museum')}\n`, 'sites.bad-partner-kind', 2, 10, 'partner_kind'],
    ['a partner site handing out meals', `${HEADER}\n${withCell(LIBRARY, 9, '1')}\n`, 'sites.meals-on-partner-site', 2, 9, 'meals_per_child'],
    ['offers over 500 characters', `${HEADER}\n${withCell(LIBRARY, 11, 'y'.repeat(501))}\n`, 'sites.too-long', 2, 11, 'offers'],
    ['a language over 40 characters', `${HEADER}\n${withCell(LIBRARY, 12, `English;${'z'.repeat(41)}`)}\n`, 'sites.too-long', 2, 12, 'languages'],
    ['more than 20 languages', `${HEADER}\n${withCell(LIBRARY, 12, Array.from({ length: 21 }, (_, i) => `L${i}`).join(';'))}\n`, 'sites.too-many-languages', 2, 12, 'languages'],
    ['the same site twice (name and address, case and spacing aside)', `${HEADER}\n${MEAL}\n${LIBRARY}\n${withCell(MEAL, 2, 'ROOSEVELT  high school')}\n`, 'sites.duplicate', 4, 2, 'name'],
  ];
  for (const [what, text, code, line, col, field] of CASES) {
    it(`reports ${what} (${code}) on line ${line}${col ? `, column ${col}` : ''}, with an example, and leaves the row out`, () => {
      const r = readFamilySitesCsv({ text, file: 'sites.csv' });
      expect(r.problems.map((p) => p.code)).toEqual([code]);
      const [p] = r.problems;
      expect(p.where?.line).toBe(line);
      if (col) expect(p.where?.col).toBe(col);
      if (field) expect(p.where?.field).toBe(field);
      expect(p.message.length).toBeGreaterThan(10);
      expect(p.hint ?? '').not.toBe('');
      expect(r.sites.some((s) => s.line === line)).toBe(false);
    });
  }

  it('names both lines of a duplicate', () => {
    const r = readFamilySitesCsv({ text: `${HEADER}\n${MEAL}\n${LIBRARY}\n${MEAL}\n` });
    expect(r.problems[0].message).toContain('lines 2 and 4');
    // Lines 2 and 3 still read: the report lists what a fixed file would add.
    expect(r.sites.map((s) => s.line)).toEqual([2, 3]);
  });

  it('takes the same site written with a zero-width space or a direction control in its name as a duplicate (pages show names without them)', () => {
    const hidden = withCell(LIBRARY, 2, 'Central\u200B Library');
    const marked = withCell(LIBRARY, 2, '\u2066Central Library\u2069');
    const r = readFamilySitesCsv({ text: `${HEADER}\n${LIBRARY}\n${hidden}\n${marked}\n` });
    expect(r.problems.map((p) => [p.code, p.message.includes('lines 2 and 3') || p.message.includes('lines 2 and 4')])).toEqual([['sites.duplicate', true], ['sites.duplicate', true]]);
    expect(r.sites.map((s) => s.line)).toEqual([2]);
  });

  it('refuses a cell with U+FFFD (a file not saved as UTF-8, read by the browser), naming the cell and how to save it', () => {
    // Windows-1252 bytes of "Biblioteca Pública" decoded as UTF-8 by the page: ú became U+FFFD.
    const r = readFamilySitesCsv({ text: `${HEADER}\n${withCell(LIBRARY, 2, 'Biblioteca P\uFFFDblica')}\n` });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ code: 'sites.not-utf8', where: { line: 2, col: 2, field: 'name' } });
    expect(r.problems[0].message).toContain('not saved as UTF-8');
    expect(r.problems[0].hint).toContain('CSV UTF-8');
  });

  it('takes coordinates with as many decimals as a GIS or a spreadsheet formula writes (34.052234999999996), and says the limit past 20', () => {
    const r = readFamilySitesCsv({ text: `${HEADER}\n${withCell(withCell(LIBRARY, 4, '34.052234999999996'), 5, '-118.24368299999999')}\n` });
    expect(r.problems).toEqual([]);
    expect([r.sites[0].site.latitude, r.sites[0].site.longitude]).toEqual([34.052234999999996, -118.24368299999999]);
    const long = readFamilySitesCsv({ text: `${HEADER}\n${withCell(LIBRARY, 4, '34.000000000000000000001')}\n` });
    expect(long.problems.map((p) => [p.code, p.message])).toEqual([['sites.bad-coordinate', 'latitude "34.000000000000000000001" has 21 decimals; the most is 20']]);
  });

  it('refuses a name or address of nothing but zero-width or direction characters, as entering one site does; drops such a language', () => {
    const r = readFamilySitesCsv({ text: `${HEADER}\n${withCell(withCell(LIBRARY, 2, '\u200B\u200B'), 3, '\u2066\u2069')}\n${withCell(MEAL, 12, 'English;\u200B')}\n` });
    expect(r.problems.map((p) => [p.code, p.where?.field])).toEqual([['sites.empty', 'name'], ['sites.empty', 'address']]);
    expect(r.problems[0].message).toContain('no visible text');
    expect(r.sites.map((s) => [s.line, s.site.languages])).toEqual([[3, ['English']]]);
  });

  it('lists every problem of a row at once: a bad date and hours that close before they open; a bad time and the same site twice', () => {
    const badDateAndHours = withCell(withCell(withCell(LIBRARY, 8, '2023-02-30'), 6, '10:00'), 7, '09:00');
    const badTime = withCell(MEAL, 6, '7:75');
    const r = readFamilySitesCsv({ text: `${HEADER}\n${badDateAndHours}\n${badTime}\n${MEAL}\n` });
    // Line 2: the date (column 8) and the closing time (column 7); line 3: the time (column 6); line 4: the same site as line 3.
    expect(r.problems.map((p) => [p.where?.line, p.where?.col, p.code])).toEqual([
      [2, 8, expect.any(String)], [2, 7, 'sites.closes-before-opens'], [3, 6, expect.any(String)], [4, 2, 'sites.duplicate'],
    ]);
    expect(r.sites).toEqual([]);
  });

  it('refuses more than 5,000 sites in one file, on the 5,001st', () => {
    const rows = Array.from({ length: 5001 }, (_, i) => withCell(MEAL, 2, `Site ${i + 1}`));
    const r = readFamilySitesCsv({ text: `${HEADER}\n${rows.join('\n')}\n` });
    expect(r.problems.map((p) => p.code)).toEqual(['sites.too-many-rows']);
    // Line 1 is the header, so the 5,001st site is on line 5,002.
    expect(r.problems[0].where?.line).toBe(5002);
  });

  it('lists the first 200 problems of a file with a mistake on every row, and counts the rest', () => {
    const rows = Array.from({ length: 300 }, (_, i) => withCell(withCell(MEAL, 2, `Site ${i + 1}`), 6, '25:00'));
    const r = readFamilySitesCsv({ text: `${HEADER}\n${rows.join('\n')}\n` });
    // 300 rows, one problem each: 200 listed, then one saying 100 more.
    expect(r.problems).toHaveLength(201);
    expect(r.problems[200]).toMatchObject({ code: 'sites.more-problems' });
    expect(r.problems[200].message).toContain('100 more problems');
    expect(r.sites).toEqual([]);
    expect(r.rows).toBe(300);
  });
});
