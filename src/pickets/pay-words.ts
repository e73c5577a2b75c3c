/**
 * The plain words strike-pay figures explain themselves in: "3 h 10 min on the picket line at
 * Roosevelt High, at least 3 h needed: counts".
 */
import { formatDollars, type Cents } from '../money/cents.ts';
import type { Duty } from './types.ts';

/** "3 h 10 min", "45 min", "3 h", "0 min". */
export function duration(minutes: number): string {
  const m = Math.round(minutes);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

/** Hours as decimal hours to two places (a day, a week, a row of the payout file): 190 min → 3.17. */
export const decimalHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * Names and member ids in English order, with one collator made once: `localeCompare(x, 'en')`
 * makes a collator on every call, which sorting a union of 30,000 members calls half a million times.
 */
export const byEnglish = new Intl.Collator('en').compare;

export const money = (c: Cents) => formatDollars(c, { exact: true });

const DUTY_WORDS: Record<Duty, string> = {
  picket: 'on the picket line',
  'phone-bank': 'phone banking',
  food: 'on food',
  'child-care': 'on child care',
  access: 'on access-needs duty',
  other: 'on other strike duty',
};

export const dutyWords = (duty: string) => DUTY_WORDS[duty as Duty] ?? `on ${duty}`;

/** "on the picket line at Roosevelt High". */
export const dutyAt = (duty: string, where: string | null) => (where ? `${dutyWords(duty)} at ${where}` : dutyWords(duty));

/** "1 day", "2 days". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a and b", "a, b and c". */
export function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The words of a strike-pay reason in one language. Each reason is built once per language from
 * the same facts by the same code (memberDay, memberWeek, periodLedger, a day never checked in):
 * `why` from EN, `whyEs` from ES. Plain strings and functions only (no Intl object is made per call).
 */
export interface PayWords {
  /** "3 h 10 min on the picket line at Roosevelt High and phone banking": a day's time and where. */
  onDuty: (time: string, places: { duty: string; where: string | null }[]) => string;
  overlapping: (shifts: number) => string;
  /** Time checked out between a check-out and coming back, not counted. */
  away: (time: string) => string;
  noTime: string;
  notCountingDuties: (duties: string[]) => string;
  excludedBy: (reason: string) => string;
  countedBy: (reason: string) => string;
  needed: (need: string, counts: boolean) => string;
  /** A day signed up for and never checked in on. */
  neverCheckedIn: (shifts: { duty: string; where: string | null }[]) => string;
  weekDays: (need: number, has: number) => string;
  weekShifts: (need: number, has: number) => string;
  weekHours: (need: string, has: string) => string;
  /** The weekly minimums joined: every one (`all`) or one of them (`any`). */
  weekJoin: (tests: string[], test: 'all' | 'any') => string;
  noDay: string;
  weekNeeds: (joined: string, met: boolean) => string;
  perDay: (days: number, amount: string, earned: string) => string;
  perWeek: (amount: string) => string;
  atMost: (max: string, earned: string) => string;
  notPaid: (days: number) => string;
  noDuty: string;
  firstUnpaid: string;
  firstWithNext: (weekOf: string) => string;
  carried: (carried: string, weekOf: string, amount: string) => string;
}

export type PayLang = 'en' | 'es';

const unique = (xs: string[]) => [...new Set(xs)];

export const EN: PayWords = {
  onDuty: (time, places) => `${time} ${list(places.map((p) => dutyAt(p.duty, p.where)))}`,
  overlapping: (n) => ` (overlapping shifts counted once, as ${count(n, 'shift')})`,
  away: (time) => ` (${time} away between a check-out and coming back, not counted)`,
  noTime: 'no time on duties that count',
  notCountingDuties: (duties) => `; ${list(unique(duties.map(dutyWords)))} does not count under the rules`,
  excludedBy: (reason) => `; not counted by an organizer's exception: ${reason}`,
  countedBy: (reason) => `; counted by an organizer's exception: ${reason}`,
  needed: (need, counts) => `, at least ${need} needed: ${counts ? 'counts' : 'does not count'}`,
  neverCheckedIn: (shifts) => `signed up, never checked in (${list(unique(shifts.map((s) => dutyAt(s.duty, s.where))))}): does not count`,
  weekDays: (need, has) => `${count(need, 'counted day')} (has ${has})`,
  weekShifts: (need, has) => `${count(need, 'shift')} (has ${has})`,
  weekHours: (need, has) => `${need} on duty (has ${has})`,
  weekJoin: (tests, test) => tests.join(test === 'all' ? ' and ' : ' or '),
  noDay: 'no day counted this week',
  weekNeeds: (joined, met) => `the week needs at least ${joined}: ${met ? 'met' : 'not met'}`,
  perDay: (days, amount, earned) => `${count(days, 'day')} counted × ${amount} = ${earned}`,
  perWeek: (amount) => `${amount} for the week`,
  atMost: (max, earned) => `, at most ${max} a week: ${earned}`,
  notPaid: (days) => `, so its ${count(days, 'counted day')} ${days === 1 ? 'is' : 'are'} not paid`,
  noDuty: 'no strike duty this week',
  firstUnpaid: 'the first week of the strike is not paid under the rules',
  firstWithNext: (weekOf) => `the first week of the strike is paid with the week of ${weekOf}`,
  carried: (carried, weekOf, amount) => `plus ${carried} earned in the first week of the strike (the week of ${weekOf}): ${amount}`,
};

/**
 * Spanish duties as the picket pages name them (web/src/pages/pickets/messages.ts: Piquete, Banco
 * telefónico, Comida, Cuidado de niños, Necesidades de acceso, Otra tarea): `of` after a time
 * ("3 h de piquete"), `the` as the subject of "no cuenta" (`many`: plural, "no cuentan").
 */
const DUTY_ES: Record<Duty, { of: string; the: string; many?: boolean }> = {
  picket: { of: 'de piquete', the: 'el piquete' },
  'phone-bank': { of: 'de banco telefónico', the: 'el banco telefónico' },
  food: { of: 'de comida', the: 'la comida' },
  'child-care': { of: 'de cuidado de niños', the: 'el cuidado de niños' },
  access: { of: 'de necesidades de acceso', the: 'las necesidades de acceso', many: true },
  other: { of: 'de otra tarea de huelga', the: 'otra tarea de huelga' },
};
const dutyEs = (duty: string) => DUTY_ES[duty as Duty] ?? { of: `de ${duty}`, the: duty };
/** "de piquete en Roosevelt High". */
const dutyAtEs = (duty: string, where: string | null) => (where ? `${dutyEs(duty).of} en ${where}` : dutyEs(duty).of);
/** "1 turno", "2 turnos". */
const countEs = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** "a y b", "a, b y c". */
function listEs(items: string[], and = 'y'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}
/** "o" is written "u" before a word sounding o-: 8 (ocho), 80 (ochenta), 800 (ochocientos), 11 (once). */
const orEs = (next: string) => (/^(8|11(?!\d))/.test(next) ? 'u' : 'o');

export const ES: PayWords = {
  onDuty: (time, places) => `${time} ${listEs(places.map((p) => dutyAtEs(p.duty, p.where)))}`,
  overlapping: (n) => ` (los turnos simultáneos cuentan una sola vez, como ${countEs(n, 'turno')})`,
  away: (time) => ` (${time} fuera entre una salida y el regreso, que no cuentan)`,
  noTime: 'sin tiempo en tareas que cuentan',
  notCountingDuties: (duties) => {
    const names = unique(duties.map((d) => dutyEs(d).the));
    const many = names.length > 1 || duties.some((d) => dutyEs(d).many);
    return `; según las reglas, ${listEs(names)} no ${many ? 'cuentan' : 'cuenta'}`;
  },
  excludedBy: (reason) => `; no cuenta por una excepción de un organizador: ${reason}`,
  countedBy: (reason) => `; cuenta por una excepción de un organizador: ${reason}`,
  needed: (need, counts) => `, se necesitan al menos ${need}: ${counts ? 'cuenta' : 'no cuenta'}`,
  neverCheckedIn: (shifts) => `se inscribió (${listEs(unique(shifts.map((s) => `turno ${dutyAtEs(s.duty, s.where)}`)))}), pero nunca registró su llegada: no cuenta`,
  weekDays: (need, has) => `${countEs(need, 'día contado', 'días contados')} (tiene ${has})`,
  weekShifts: (need, has) => `${countEs(need, 'turno')} (tiene ${has})`,
  weekHours: (need, has) => `${need} de servicio (tiene ${has})`,
  weekJoin: (tests, test) => tests.reduce((out, t, i) => (i === 0 ? t : `${out} ${test === 'all' ? 'y' : orEs(t)} ${t}`), ''),
  noDay: 'ningún día contó esta semana',
  weekNeeds: (joined, met) => `la semana necesita al menos ${joined}: ${met ? 'se cumple' : 'no se cumple'}`,
  perDay: (days, amount, earned) => `${countEs(days, 'día contado', 'días contados')} × ${amount} = ${earned}`,
  perWeek: (amount) => `${amount} por la semana`,
  atMost: (max, earned) => `, como máximo ${max} por semana: ${earned}`,
  notPaid: (days) => (days === 1 ? ', así que su día contado no se paga' : `, así que sus ${days} días contados no se pagan`),
  noDuty: 'sin tareas de huelga esta semana',
  firstUnpaid: 'según las reglas, la primera semana de la huelga no se paga',
  firstWithNext: (weekOf) => `la primera semana de la huelga se paga con la semana del ${weekOf}`,
  carried: (carried, weekOf, amount) => `más ${carried} ganados en la primera semana de la huelga (la semana del ${weekOf}): ${amount}`,
};

/** The languages every strike-pay reason is given in: `why` (English) and `whyEs` (Spanish). */
export const PAY_WORDS = { en: EN, es: ES } as const satisfies Record<PayLang, PayWords>;
