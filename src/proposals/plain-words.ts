/**
 * A term in plain words for parents and journalists, in English or Spanish, with dates
 * written out ("from July 1, 2019" / "desde el 1 de julio de 2019"). Used by the public page;
 * `describeTerm` (describe.ts) stays the short default title used in files and tables.
 */
import { spanLabel } from '../district/grades.ts';
import type { Term } from './types.ts';

export type PlainLang = 'en' | 'es';

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
};

/** Role codes in a district's data, in Spanish; unknown codes are shown as written. */
const ROLES_ES: Record<string, string> = {
  teacher: 'docentes', nurse: 'enfermeros', counselor: 'consejeros', librarian: 'bibliotecarios', psychologist: 'psicólogos',
  'psychiatric-social-worker': 'trabajadores sociales psiquiátricos', 'special-education-teacher': 'docentes de educación especial',
  'special-education-assistant': 'asistentes de educación especial', 'early-education-teacher': 'docentes de educación temprana',
  assistant: 'asistentes', custodian: 'conserjes', 'teacher-assistant': 'asistentes de maestro', 'bus-driver': 'conductores de autobús',
  'cafeteria-worker': 'trabajadores de cafetería',
};

const ROLES_EN: Record<string, string> = { 'psychiatric-social-worker': 'psychiatric social workers' };

function date(iso: string, lang: PlainLang): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return iso;
  return lang === 'es' ? `el ${d} de ${MONTHS.es[m - 1]} de ${y}` : `${MONTHS.en[m - 1]} ${d}, ${y}`;
}

function money(n: number, lang: PlainLang): string {
  const digits = { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 };
  return lang === 'es' ? `${n.toLocaleString('es-US', digits)} dólares` : `$${n.toLocaleString('en-US', digits)}`;
}

function roles(xs: string[] | undefined, lang: PlainLang): string {
  if (!xs || xs.length === 0) return '';
  const joined = listOf(xs.map((r) => (lang === 'es' ? (ROLES_ES[r] ?? r) : (ROLES_EN[r] ?? `${r.replaceAll('-', ' ')}s`))), lang);
  return lang === 'es' ? ` para ${joined}` : ` for ${joined}`;
}

const TYPES_EN: Record<string, string> = { span: 'span-grade', 'special-education': 'special education', 'early-education': 'early education' };
const TYPES_ES: Record<string, string> = {
  elementary: 'primarias', middle: 'secundarias', high: 'preparatorias', span: 'de grados combinados', continuation: 'de continuación',
  'special-education': 'de educación especial', 'early-education': 'de educación temprana', adult: 'para adultos', other: 'otras',
};

/** "a, b and c" / "a, b y c". */
function listOf(xs: string[], lang: PlainLang): string {
  if (xs.length <= 1) return xs.join('');
  return `${xs.slice(0, -1).join(', ')} ${lang === 'es' ? 'y' : 'and'} ${xs[xs.length - 1]}`;
}

const schoolYear = (fy: number) => `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;

function english(t: Term): string {
  const from = (d: string) => `from ${date(d, 'en')}`;
  switch (t.kind) {
    case 'raise': return `A ${t.pct}% raise${roles(t.roles, 'en')} ${from(t.effective)}.`;
    case 'hourly-raise': return `${money(t.amount, 'en')} more an hour${roles(t.roles, 'en')} ${from(t.effective)}.`;
    case 'flat-amount': return `${money(t.amount, 'en')} more a year${roles(t.roles, 'en')} ${from(t.effective)}.`;
    case 'bonus': return `A one-time payment of ${t.pct !== undefined ? `${t.pct}% of pay` : money(t.amount ?? 0, 'en')}${roles(t.roles, 'en')}${t.employedIn ? ` to staff employed in ${schoolYear(t.employedIn)}` : ''}, paid ${date(t.paid, 'en')}.`;
    case 'wage-floor': return `No one paid less than ${money(t.hourly, 'en')} an hour ${from(t.effective)}.`;
    case 'added-hours': return `${t.hoursPerDay} more hours of work a day${roles(t.roles, 'en')} ${from(t.effective)}.`;
    case 'health': return t.perEmployee !== undefined
      ? `The district pays ${money(t.perEmployee, 'en')} more a year toward health benefits per employee ${from(t.effective)}.`
      : `Health benefits for part-time staff who work ${t.partTimeMinHours} or more hours a day ${from(t.effective)}.`;
    case 'class-size': return `Smaller classes: ${t.caps.map((c) => `grades ${spanLabel(c.grades)}: ${c.cap !== undefined ? `at most ${c.cap} students` : c.reduceBy === 0 ? 'no change' : `${c.reduceBy} fewer ${c.reduceBy === 1 ? 'student' : 'students'}`} ${from(c.from)}${c.highNeedCap !== undefined ? ` (${c.highNeedCap} at high-need schools)` : c.highNeedReduceBy !== undefined ? ` (${c.highNeedReduceBy} fewer at high-need schools)` : ''}`).join('; ')}.`;
    case 'staffing': return `${roles([t.role], 'en').slice(5)} at ${t.schools.highNeedOnly ? 'high-need ' : 'every '}${t.schools.types ? `${listOf(t.schools.types.map((x) => TYPES_EN[x] ?? x), 'en')} ` : ''}school: ${t.phases.map((p) => `${p.perSchool !== undefined ? `${p.perSchool} full-time per school` : `one for every ${p.studentsPerStaff} students`} ${from(p.from)}`).join('; ')}.`;
    case 'hire': return `Hire ${t.phases.map((p) => `${p.count} ${roles([t.role], 'en').slice(5)} ${from(p.from)}`).join(' and ')}.`;
    case 'program': return t.oneTime
      ? `A one-time cost of ${t.count === 1 ? '' : `${t.count} × `}${money(t.amount, 'en')}, ${from(t.effective)}.`
      : `${t.count === 1 ? '' : `${t.count} programs at `}${money(t.amount, 'en')} a year ${from(t.effective)}.`;
    case 'me-too': return `If another group gets more, ${t.unit} gets the same (${t.terms.join(', ')}).`;
    case 'non-cost': return t.text.trim();
  }
}

function spanish(t: Term): string {
  const from = (d: string) => `desde ${date(d, 'es')}`;
  switch (t.kind) {
    case 'raise': return `Un aumento del ${t.pct.toLocaleString('es-US')} %${roles(t.roles, 'es')} ${from(t.effective)}.`;
    case 'hourly-raise': return `${money(t.amount, 'es')} más por hora${roles(t.roles, 'es')} ${from(t.effective)}.`;
    case 'flat-amount': return `${money(t.amount, 'es')} más al año${roles(t.roles, 'es')} ${from(t.effective)}.`;
    case 'bonus': return `Un pago único de ${t.pct !== undefined ? `${t.pct.toLocaleString('es-US')} % del sueldo` : money(t.amount ?? 0, 'es')}${roles(t.roles, 'es')}${t.employedIn ? ` al personal empleado en ${schoolYear(t.employedIn)}` : ''}, pagado ${date(t.paid, 'es')}.`;
    case 'wage-floor': return `Nadie cobra menos de ${money(t.hourly, 'es')} por hora ${from(t.effective)}.`;
    case 'added-hours': return `${t.hoursPerDay} horas más de trabajo al día${roles(t.roles, 'es')} ${from(t.effective)}.`;
    case 'health': return t.perEmployee !== undefined
      ? `El distrito paga ${money(t.perEmployee, 'es')} más al año por empleado para beneficios de salud ${from(t.effective)}.`
      : `Beneficios de salud para el personal de medio tiempo que trabaja ${t.partTimeMinHours} horas o más al día ${from(t.effective)}.`;
    case 'class-size': return `Clases más pequeñas: ${t.caps.map((c) => `grados ${spanLabel(c.grades)}: ${c.cap !== undefined ? `un máximo de ${c.cap} alumnos` : c.reduceBy === 0 ? 'sin cambios' : `${c.reduceBy} ${c.reduceBy === 1 ? 'alumno' : 'alumnos'} menos`} ${from(c.from)}${c.highNeedCap !== undefined ? ` (${c.highNeedCap} en escuelas de alta necesidad)` : c.highNeedReduceBy !== undefined ? ` (${c.highNeedReduceBy} menos en escuelas de alta necesidad)` : ''}`).join('; ')}.`;
    case 'staffing': return `${capital(roles([t.role], 'es').slice(6))} en ${t.schools.highNeedOnly ? 'las escuelas de alta necesidad' : 'cada escuela'}${t.schools.types ? ` (${listOf(t.schools.types.map((x) => TYPES_ES[x] ?? x), 'es')})` : ''}: ${t.phases.map((p) => `${p.perSchool !== undefined ? `${p.perSchool.toLocaleString('es-US')} a tiempo completo por escuela` : `uno por cada ${p.studentsPerStaff} alumnos`} ${from(p.from)}`).join('; ')}.`;
    case 'hire': return `Contratar ${t.phases.map((p) => `${p.count} ${roles([t.role], 'es').slice(6)} ${from(p.from)}`).join(' y ')}.`;
    case 'program': return t.oneTime
      ? `Un costo único de ${t.count === 1 ? '' : `${t.count} × `}${money(t.amount, 'es')}, ${from(t.effective)}.`
      : `${t.count === 1 ? '' : `${t.count} programas de `}${money(t.amount, 'es')} al año ${from(t.effective)}.`;
    case 'me-too': return `Si otro grupo obtiene más, ${t.unit} recibe lo mismo (${t.terms.join(', ')}).`;
    case 'non-cost': return t.text.trim();
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function plainWords(t: Term, lang: PlainLang): string {
  return capital(lang === 'es' ? spanish(t) : english(t));
}
