/**
 * The roster's fields, how a file's columns map to them, and how one row becomes a member or
 * is rejected with its line, field, reason and a valid example.
 */
import { oddCharacter } from '../text/plain-text.ts';
import { INVISIBLE } from '../text/invisible.ts';

export const FIELDS = ['memberId', 'name', 'employeeId', 'email', 'mobile', 'worksite', 'jobClass', 'status'] as const;
export type Field = (typeof FIELDS)[number];
export const REQUIRED: readonly Field[] = ['memberId', 'name'];

/** Which column (by header name) holds each field; null: the file has none. */
export type Mapping = Record<Field, string | null>;

export const STATUSES = ['active', 'leave', 'inactive'] as const;
export type Status = (typeof STATUSES)[number];

/** A member as a row describes them (the worksite as written; resolved elsewhere). */
export interface MemberFields {
  memberId: string;
  name: string;
  employeeId: string | null;
  email: string | null;
  mobile: string | null;
  worksite: string | null;
  jobClass: string | null;
  status: Status;
}

export interface Rejection {
  line: number;
  /** The field at fault (null for the row as a whole). */
  field: Field | null;
  code: string;
  message: string;
  hint: string;
  /** For a duplicate: what it duplicates (an earlier line, or a member already in the roster). */
  duplicateOf?: { line?: number; memberId?: string; name?: string };
}

/** Header names people use for each field, lower-cased with spaces, dots, dashes, underscores and # removed. */
const SYNONYMS: Record<Field, string[]> = {
  // English, then Spanish (a union's office may keep its roster in either; accents are ignored).
  // A bare "ID" last: a file with "ID" and "Número de socio" (a row number beside the member's) takes the member's.
  memberId: ['memberid', 'member', 'membernumber', 'memberno', 'membernum', 'unionid', 'numerodesocio', 'nodesocio', 'ndesocio', 'nsocio', 'nosocio', 'numsocio', 'numerosocio', 'numerodemiembro', 'nodemiembro', 'iddesocio', 'idsocio', 'socio', 'miembro', 'id'],
  name: ['name', 'fullname', 'membername', 'employeename', 'lastfirst', 'nombre', 'nombrecompleto', 'nombreyapellidos', 'apellidosynombre'],
  employeeId: ['employeeid', 'employee', 'employeenumber', 'employeeno', 'empid', 'emp', 'empno', 'staffid', 'districtid', 'numerodeempleado', 'nodeempleado', 'ndeempleado', 'iddeempleado', 'idempleado', 'empleado'],
  email: ['email', 'emailaddress', 'personalemail', 'workemail', 'mail', 'correo', 'correoelectronico', 'correopersonal'],
  mobile: ['mobile', 'cell', 'cellphone', 'mobilephone', 'phone', 'phonenumber', 'cellnumber', 'mobilenumber', 'sms', 'text', 'movil', 'celular', 'telefono', 'telefonomovil', 'telefonocelular'],
  worksite: ['worksite', 'school', 'site', 'location', 'worklocation', 'schoolname', 'sitename', 'cds', 'cdscode', 'schoolcode', 'office', 'escuela', 'sitio', 'centro', 'plantel', 'lugardetrabajo', 'centrodetrabajo'],
  jobClass: ['jobclass', 'job', 'jobtitle', 'classification', 'class', 'position', 'title', 'role', 'puesto', 'cargo', 'clasificacion', 'categoria'],
  status: ['status', 'memberstatus', 'membershipstatus', 'situacion', 'estado', 'estatus'],
};

/** Lower case, accents removed: "Situación" → "situacion". */
const folded = (h: string) => h.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** Letters only, lower case, accents removed: "Número de socio" → "numerodesocio". */
const squash = (h: string) => folded(h).replace(/[\s._\-#/()º°]+/g, '');

/** A mapping from the header's names: each field takes the first column whose name people use for it, each column once. */
export function suggestMapping(header: readonly string[]): Mapping {
  const used = new Set<number>();
  const mapping = Object.fromEntries(FIELDS.map((f) => [f, null])) as Mapping;
  // "Nombre" beside "Apellidos" is the given name alone: the person chooses (as for First Name / Last Name).
  const surnames = header.some((h) => squash(h).startsWith('apellido'));
  for (const field of FIELDS) {
    for (const synonym of SYNONYMS[field]) {
      if (synonym === 'nombre' && surnames) continue;
      const i = header.findIndex((h, j) => !used.has(j) && squash(h) === synonym);
      if (i >= 0) {
        mapping[field] = header[i];
        used.add(i);
        break;
      }
    }
  }
  return mapping;
}

/** Problems with a mapping for this header: a required field unmapped, a column that is not there, a column used twice. */
export function mappingProblems(mapping: Mapping, header: readonly string[]): { field: Field; message: string; hint: string }[] {
  const out: { field: Field; message: string; hint: string }[] = [];
  const columns = header.map((h) => `"${h}"`).join(', ');
  const seen = new Map<string, Field>();
  for (const f of FIELDS) {
    const col = mapping[f];
    if (col === null) {
      if (REQUIRED.includes(f)) out.push({ field: f, message: `${f} is required: choose the column that holds it`, hint: `one of ${columns}` });
      continue;
    }
    if (!header.includes(col)) out.push({ field: f, message: `the file has no column "${col.slice(0, 80)}"`, hint: `one of ${columns}` });
    else if (seen.has(col)) out.push({ field: f, message: `column "${col}" is already mapped to ${seen.get(col)}`, hint: 'map each column to one field' });
    else seen.set(col, f);
  }
  return out;
}

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

/** A phone number as E.164: 10 US digits, 11 starting with 1, or + and 8 to 15 digits; null if it is none of these. */
export function normalisePhone(raw: string): string | null {
  const plus = raw.trim().startsWith('+');
  const digits = raw.replace(/(ext|x)\.?\s*\d+$/i, '').replace(/[\s().\-/]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  const d = digits.replace(/^\+/, '');
  if (plus) return d.length >= 8 && d.length <= 15 ? `+${d}` : null;
  if (d.length === 10 && /^[2-9]/.test(d)) return `+1${d}`;
  if (d.length === 11 && d.startsWith('1') && /^[2-9]/.test(d.slice(1))) return `+${d}`;
  return null;
}

const STATUS_WORDS: Record<string, Status> = {
  active: 'active', a: 'active', member: 'active', 'in good standing': 'active', current: 'active',
  leave: 'leave', 'on leave': 'leave', loa: 'leave', 'leave of absence': 'leave', l: 'leave',
  inactive: 'inactive', i: 'inactive', lapsed: 'inactive', suspended: 'inactive',
  // Spanish (accents removed before the lookup).
  // "Baja" alone is a membership ended (darse de baja); "de baja" is also said of sick leave, so it is not guessed.
  activo: 'active', activa: 'active', 'al corriente': 'active',
  licencia: 'leave', 'con licencia': 'leave', 'de licencia': 'leave', 'en licencia': 'leave', excedencia: 'leave', permiso: 'leave', 'con permiso': 'leave', 'baja medica': 'leave', 'baja por enfermedad': 'leave',
  baja: 'inactive', inactivo: 'inactive', inactiva: 'inactive', suspendido: 'inactive', suspendida: 'inactive',
};

/**
 * Characters that make one roster entry look like another (src/text/invisible.ts): none in a
 * member id; in a name, none of the direction overrides and zero-width spaces (the joiners and
 * direction marks some scripts' names need stay).
 */
const HIDDEN_IN_ID = new RegExp(INVISIBLE.source);
const HIDDEN_IN_NAME = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/;
const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** One row → the member's fields, or every problem with it (at least one). */
export function readRow(cells: Record<Field, string>, line: number): { member: MemberFields } | { rejections: Rejection[] } {
  const rejections: Rejection[] = [];
  const reject = (field: Field | null, code: string, message: string, hint: string) => rejections.push({ line, field, code: `roster.${code}`, message, hint });
  for (const f of FIELDS) {
    const odd = oddCharacter(cells[f]);
    if (odd) reject(f, 'not-text', `${f} has ${odd.name}, which is not text`, 'retype the cell');
  }
  for (const [f, hidden] of [['memberId', HIDDEN_IN_ID], ['name', HIDDEN_IN_NAME]] as const) {
    const m = hidden.exec(cells[f]);
    if (m) reject(f, 'invisible', `${f} has ${hex(m[0])}, an invisible character that would make it look like another member's`, 'retype the cell');
  }
  const memberId = cells.memberId;
  if (memberId === '') reject('memberId', 'missing-member-id', 'the member id is empty', '1001');
  else if (memberId.length > 64) reject('memberId', 'member-id-too-long', `the member id has ${memberId.length} characters; at most 64`, '1001');
  const name = cells.name.replace(/\s+/g, ' ');
  if (name === '') reject('name', 'missing-name', 'the name is empty', 'Ana Díaz');
  else if (name.length > 200) reject('name', 'name-too-long', `the name has ${name.length} characters; at most 200`, 'Ana Díaz');
  const email = cells.email.toLowerCase();
  if (email !== '' && (!EMAIL.test(email) || email.length > 254)) reject('email', 'bad-email', `"${cells.email.slice(0, 80)}" is not an email address`, 'ana.diaz@example.org');
  const mobile = cells.mobile === '' ? null : normalisePhone(cells.mobile);
  if (cells.mobile !== '' && mobile === null) reject('mobile', 'bad-phone', `"${cells.mobile.slice(0, 40)}" is not a phone number`, '(213) 555-0143, or +52 55 1234 5678 outside the US');
  const status = cells.status === '' ? 'active' : STATUS_WORDS[folded(cells.status).replace(/\s+/g, ' ')];
  if (status === undefined) reject('status', 'unknown-status', `"${cells.status.slice(0, 40)}" is not a member status`, `${STATUSES.join(', ')} (empty means active)`);
  if (rejections.length > 0 || status === undefined) return { rejections };
  const opt = (v: string) => (v === '' ? null : v);
  return { member: { memberId, name, employeeId: opt(cells.employeeId), email: opt(email), mobile, worksite: opt(cells.worksite.replace(/\s+/g, ' ')), jobClass: opt(cells.jobClass), status } };
}
