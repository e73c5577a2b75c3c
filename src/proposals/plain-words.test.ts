import { describe, expect, it } from 'vitest';
import { plainWords } from './plain-words.ts';
import type { Term } from './types.ts';

const base = { id: 't', title: 'x', unit: 'UTLA' };

describe('a term in plain words', () => {
  it('writes a raise with its date spelled out, in English and Spanish', () => {
    const t: Term = { ...base, kind: 'raise', pct: 3, effective: '2019-07-01' };
    expect(plainWords(t, 'en')).toBe('A 3% raise from July 1, 2019.');
    expect(plainWords(t, 'es')).toBe('Un aumento del 3 % desde el 1 de julio de 2019.');
  });

  it('names the roles it reaches, translating the ones it knows', () => {
    const t: Term = { ...base, kind: 'hourly-raise', amount: 2, effective: '2023-01-01', roles: ['custodian', 'psychiatric-social-worker'] };
    expect(plainWords(t, 'en')).toBe('$2 more an hour for custodians and psychiatric social workers from January 1, 2023.');
    expect(plainWords(t, 'es')).toBe('2 dólares más por hora para conserjes y trabajadores sociales psiquiátricos desde el 1 de enero de 2023.');
  });

  it('writes class-size caps and hiring phases', () => {
    const cs: Term = { ...base, kind: 'class-size', caps: [{ grades: ['4', '5', '6'], from: '2020-07-01', reduceBy: 2 }] };
    expect(plainWords(cs, 'en')).toBe('Smaller classes: grades 4-6: 2 fewer students from July 1, 2020.');
    expect(plainWords(cs, 'es')).toBe('Clases más pequeñas: grados 4-6: 2 alumnos menos desde el 1 de julio de 2020.');
    // The 2023 UTLA agreement's first step: no change for most classes, one fewer student at high-need schools.
    const first: Term = { ...base, kind: 'class-size', caps: [{ grades: ['K', '1', '2', '3'], from: '2023-07-01', reduceBy: 0, highNeedReduceBy: 1 }] };
    expect(plainWords(first, 'en')).toBe('Smaller classes: grades K-3: no change from July 1, 2023 (1 fewer at high-need schools).');
    expect(plainWords(first, 'es')).toBe('Clases más pequeñas: grados K-3: sin cambios desde el 1 de julio de 2023 (1 menos en escuelas de alta necesidad).');
    const hire: Term = { ...base, kind: 'hire', role: 'nurse', phases: [{ from: '2019-07-01', count: 150 }] };
    expect(plainWords(hire, 'en')).toBe('Hire 150 nurses from July 1, 2019.');
    expect(plainWords(hire, 'es')).toBe('Contratar 150 enfermeros desde el 1 de julio de 2019.');
  });

  it('lists school types in the page\'s language', () => {
    const t: Term = { ...base, kind: 'staffing', role: 'nurse', schools: { types: ['elementary', 'middle', 'span'] }, phases: [{ from: '2019-07-01', perSchool: 1 }] };
    expect(plainWords(t, 'en')).toBe('Nurses at every elementary, middle and span-grade school: 1 full-time per school from July 1, 2019.');
    expect(plainWords(t, 'es')).toBe('Enfermeros en cada escuela (primarias, secundarias y de grados combinados): 1 a tiempo completo por escuela desde el 1 de julio de 2019.');
  });

  it('keeps a non-cost term as written', () => {
    expect(plainWords({ ...base, kind: 'non-cost', text: ' Less testing. ' }, 'es')).toBe('Less testing.');
  });
});

describe('every term of every worked example', () => {
  it('reads without gaps in both languages', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { parseProposal } = await import('./parse.ts');
    const dirs = ['examples/lausd-2019', 'examples/lausd-2023', 'test/fixtures/proposals/valid'];
    let terms = 0;
    for (const dir of dirs) {
      for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml'))) {
        const text = readFileSync(`${dir}/${f}`, 'utf8');
        if (!/^terms:/m.test(text)) continue;
        for (const t of parseProposal(text, f).proposal.terms) {
          for (const lang of ['en', 'es'] as const) {
            const s = plainWords(t, lang);
            expect(s, `${f} ${t.id} ${lang}`).not.toMatch(/undefined|NaN|\[object|  /);
            expect(s.length).toBeGreaterThan(5);
          }
          terms++;
        }
      }
    }
    // 9 worked examples and 3 fixtures; at least one term each.
    expect(terms).toBeGreaterThan(12);
  });
});
