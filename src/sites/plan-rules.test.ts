/** The site plan's rules: hours, the children-per-adult flag, the live status, bulk selection and its preview. */
import { describe, expect, it } from 'vitest';
import { diff, sitesFromCsv, transitions } from './bulk-select.ts';
import { childrenPerAdult, effectiveSet, isFlagged, isHHMM, likelyChildrenLimit, settle, siteProblems, type SiteFields } from './plan-rules.ts';

const SITE: SiteFields = { status: 'instruction', opens: null, closes: null, capacity: null, administrators: 0, substitutes: 0, volunteers: 0, studentsAttending: null, offers: '', languages: [] };

describe('hours', () => {
  it('reads 24-hour HH:MM only', () => {
    expect(['00:00', '08:00', '23:59'].map(isHHMM)).toEqual([true, true, true]);
    expect(['8:00', '24:00', '12:60', '08:00:00', ' 08:00', ''].map(isHHMM)).toEqual([false, false, false, false, false, false]);
  });
  it('names the field of backwards, half and closed-with hours', () => {
    expect(siteProblems({ ...SITE, opens: '18:00', closes: '08:00' }, 'set.')[0].where?.field).toBe('set.closes');
    expect(siteProblems({ ...SITE, opens: '08:00', closes: '08:00' })[0].code).toBe('sites.hours-backwards');
    expect(siteProblems({ ...SITE, opens: '08:00' })[0]).toMatchObject({ code: 'sites.half-hours', where: { field: 'closes' } });
    expect(siteProblems({ ...SITE, status: 'closed', opens: '08:00', closes: '09:00' })[0].code).toBe('sites.closed-with-hours');
    expect(siteProblems({ ...SITE, opens: '7:00', closes: '09:00' })[0]).toMatchObject({ code: 'sites.bad-time', where: { field: 'opens' } });
    expect(siteProblems({ ...SITE, status: 'supervision', opens: '08:00', closes: '18:00' })).toEqual([]);
  });
  it('clears the hours of a site being closed, unless the change names hours (then they are refused)', () => {
    const open = { ...SITE, opens: '08:00', closes: '18:00' };
    expect(settle(open, { status: 'closed' })).toMatchObject({ status: 'closed', opens: null, closes: null });
    expect(siteProblems(settle(open, { status: 'closed', opens: '09:00' }))[0].code).toBe('sites.closed-with-hours');
    expect(settle(open, { capacity: 40 })).toMatchObject({ opens: '08:00', closes: '18:00', capacity: 40 });
  });
});

describe('a closed site\'s planned adults', () => {
  it('clears administrators, substitutes and volunteers when a site closes, as its hours', () => {
    const staffed = { ...SITE, status: 'instruction' as const, opens: '08:00', closes: '15:00', administrators: 2, substitutes: 3, volunteers: 1 };
    const closed = settle(staffed, { status: 'closed' });
    expect(closed).toMatchObject({ status: 'closed', opens: null, closes: null, administrators: 0, substitutes: 0, volunteers: 0 });
    expect(siteProblems(closed)).toEqual([]);
    expect(effectiveSet({ status: 'closed' })).toEqual({ status: 'closed', opens: null, closes: null, administrators: 0, substitutes: 0, volunteers: 0 });
    expect(effectiveSet({ status: 'supervision' })).toEqual({ status: 'supervision' });
  });
  it('refuses adults named on a closed site, by field (prefixed for a bulk change)', () => {
    const closed = { ...SITE, status: 'closed' as const };
    const p = siteProblems(settle(closed, { substitutes: 50 }));
    expect(p.map((x) => [x.code, x.where?.field])).toEqual([['sites.closed-with-adults', 'substitutes']]);
    expect(p[0].message).toContain('substitutes must be 0 or left out');
    expect(siteProblems(settle(SITE, { status: 'closed', administrators: 2, volunteers: 1 }), 'set.').map((x) => x.where?.field)).toEqual(['set.administrators', 'set.volunteers']);
    expect(siteProblems(settle(closed, { substitutes: 0, offers: 'none' }))).toEqual([]);
  });
  it('refuses students attending a closed site (the attendance file\'s rule), and keeps a recorded count rather than clearing it', () => {
    const closed = { ...SITE, status: 'closed' as const };
    const p = siteProblems(settle(closed, { studentsAttending: 250 }));
    expect(p.map((x) => [x.code, x.where?.field])).toEqual([['sites.closed-with-students', 'studentsAttending']]);
    expect(p[0].message).toContain('got 250');
    // Closing a site where 40 students were counted: refused, not cleared; with the count cleared, or 0, it closes.
    const counted = { ...SITE, status: 'instruction' as const, opens: '08:00', closes: '15:00', studentsAttending: 40 };
    expect(siteProblems(settle(counted, { status: 'closed' }), 'set.').map((x) => [x.code, x.where?.field])).toEqual([['sites.closed-with-students', 'set.studentsAttending']]);
    expect(siteProblems(settle(counted, { status: 'closed', studentsAttending: null }))).toEqual([]);
    expect(siteProblems(settle(closed, { studentsAttending: 0 }))).toEqual([]);
  });
});

describe('an open site\'s capacity', () => {
  it('refuses capacity 0 at an open site (the public page would say full all day), and allows it at a closed one, or none given', () => {
    const open = { ...SITE, status: 'supervision' as const, opens: '08:00', closes: '18:00' };
    const p = siteProblems(settle(open, { capacity: 0 }), 'set.');
    expect(p.map((x) => [x.code, x.where?.field])).toEqual([['sites.open-without-room', 'set.capacity']]);
    expect(p[0].message).toContain('open site (supervision) with capacity 0');
    // Opening a closed site that kept capacity 0: refused the same way, naming the capacity.
    expect(siteProblems(settle({ ...SITE, status: 'closed', capacity: 0 }, { status: 'meals', opens: '08:00', closes: '12:00' })).map((x) => x.code)).toEqual(['sites.open-without-room']);
    expect(siteProblems(settle(open, { status: 'closed', capacity: 0, opens: null, closes: null }))).toEqual([]);
    expect(siteProblems(settle(open, { capacity: null }))).toEqual([]);
    expect(siteProblems(settle(open, { capacity: 1 }))).toEqual([]);
  });
});

describe('a count of children to ask again', () => {
  it('is above three times the capacity or the enrollment, whichever is larger; unknown without either', () => {
    // Capacity 100 → 300; enrollment 650 → 650: the larger, 650. Capacity 400 → 1,200 > 650.
    expect([likelyChildrenLimit(100, 650), likelyChildrenLimit(400, 650), likelyChildrenLimit(100, null), likelyChildrenLimit(null, 650)]).toEqual([650, 1200, 300, 650]);
    // Capacity 0 or no enrollment counts as unknown.
    expect([likelyChildrenLimit(null, null), likelyChildrenLimit(0, 0), likelyChildrenLimit(0, 90)]).toEqual([null, null, 90]);
  });
});

describe('the children-per-adult flag', () => {
  it('flags above the limit, not at it', () => {
    // 41 children / 2 adults = 20.5 > 20; 40 / 2 = 20 is not above 20.
    expect(isFlagged(41, 2, 20)).toBe(true);
    expect(isFlagged(40, 2, 20)).toBe(false);
    expect(childrenPerAdult(40, 2)).toBe(20);
  });
  it('flags children with no adult, and nothing without counts', () => {
    expect(isFlagged(3, 0, 20)).toBe(true);
    expect(isFlagged(0, 0, 20)).toBe(false);
    // A closed site's last counts flag nothing: 41 for 2 would be 20.5 per adult, but nobody is there.
    expect(isFlagged(41, 2, 20, 'closed')).toBe(false);
    expect(isFlagged(41, 2, 20, 'supervision')).toBe(true);
    expect(isFlagged(null, 2, 20)).toBe(false);
    expect(isFlagged(50, null, 20)).toBe(false);
  });
});

describe('bulk selection', () => {
  const known = ['E1', 'E2', 'M1', 'H1'];
  it('reads school ids or CDS codes from a CSV, naming the line of each unknown one', () => {
    const sites = known.map((id, i) => ({ schoolId: id, cdsCode: `9999999000000${i + 1}` }));
    expect(sitesFromCsv({ csv: 'school_id\nH1\n99999990000001\n\n', known: sites })).toEqual({ ok: true, schoolIds: ['E1', 'H1'] });
    const bad = sitesFromCsv({ csv: 'cds_code\n99999990000002\nZZ\n"M1",note\nQQ', known: sites });
    expect(bad.ok ? [] : bad.problems.map((p) => p.where?.line)).toEqual([3, 5]);
    expect(sitesFromCsv({ csv: 'school_id\n', known: sites }).ok).toBe(false);
  });
  it('refuses a school named on two lines of the CSV, by id or by its CDS code', () => {
    const sites = known.map((id, i) => ({ schoolId: id, cdsCode: `9999999000000${i + 1}` }));
    // H1 on line 2, then again on line 4 by its CDS code 99999990000004: merged, the preview said 1 site where 2 were meant.
    const twice = sitesFromCsv({ csv: 'school_id\nH1\nE1\n99999990000004\n', known: sites });
    expect(twice.ok ? [] : twice.problems.map((p) => [p.code, p.where?.line, p.message])).toEqual([['sites.repeated-school', 4, 'line 4: H1 is already on line 2: each school is one line']]);
    // 10,000 repeats: 50 named, the rest counted.
    const many = sitesFromCsv({ csv: `school_id\n${'H1\n'.repeat(10_001)}`, known: sites });
    expect(many.ok ? [] : [many.problems.length, many.problems[50].message]).toEqual([51, 'and 9950 more lines naming no school, or a school already named']);
  });
  it('counts the status changes of a preview, and keeps only changed fields', () => {
    const open = { ...SITE };
    const closed = { ...SITE, status: 'closed' as const };
    const t = transitions([{ before: open, after: closed }, { before: open, after: closed }, { before: closed, after: closed }, { before: { ...SITE, status: 'meals' }, after: closed }]);
    expect(t).toEqual([{ from: 'instruction', to: 'closed', sites: 2 }, { from: 'meals', to: 'closed', sites: 1 }]);
    expect(diff(open, { ...open, capacity: 40, languages: ['Spanish'] })).toEqual({ before: { capacity: null, languages: [] }, after: { capacity: 40, languages: ['Spanish'] } });
    expect(diff(open, { ...open })).toBeNull();
  });
});
