/**
 * Bad input on every route of the spec (test/helpers/security.ts), property-based with
 * fast-check: malformed JSON, wrong types for each field, missing and unknown fields, huge
 * bodies, unknown/negative/huge/non-numeric ids in paths and queries, injection strings (SQL,
 * script tags, path traversal, null bytes, CSV formulas, very long unicode) in every field
 * whose format excludes them, forged CSRF tokens and session cookies, and the parsers'
 * adversaries (test/helpers/hostile.ts: alias bombs, nesting 150,000 deep, numbers past a
 * double, impossible dates, control characters, bytes that are not UTF-8). Each request is
 * sent as the most privileged subject that may use the route, so the permission check passes
 * and the validation is what is tested. Every answer must be a refusal: not 2xx, not 5xx, in
 * the one error shape, and no row of any table may change.
 *
 * Used twice: test/bad-input.test.ts runs a seeded sample in `npm test`; scripts/fuzz.ts
 * (`npm run fuzz`) runs the same categories 100,000 times and more on each database.
 */
import fc from 'fast-check';
import { plantDay } from './picket-day.ts';
import { plantSiteDay } from './site-day.ts';
import { zipSync } from 'fflate';
import { sql } from 'kysely';
import { parse as parseYaml } from 'yaml';
import type { SqlDialect } from '../../src/db/connect.ts';
import { startTestServer, type TestServer } from './server.ts';
import { payException, payMember, payStrikeDay } from './strike-pay.ts';
import { deepJson, HUGE_NUMBERS, hostileDistrictYaml, hostileProposalYaml, withRawNumber } from './hostile.ts';
import {
  changedTables, errorShapeProblems, NOBODY, privilegedSubject, proposalErrorFixtures, proposalYaml, routeKey, send, signIn, snapshot, THROTTLE_TABLES,
  cdeReadyFiles, rosterCsv, rosterForm, tinyCdeFiles, tinyDistrictFiles, type Answer, type Session, type SpecRoute, type Subject,
} from './security.ts';
/** The seed of every property: runs are repeatable. */
export const SEED = 20260115;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** A dataset's files are parsed and checked: an injection string is never a valid file. */
const FILES_ARE_CHECKED: Record<string, (v: string) => boolean> = { 'files.*': () => false };

/** Strings that are attacks somewhere: SQL, HTML/JS, paths, null bytes, spreadsheet formulas, odd unicode. */
export const INJECTIONS: string[] = [
  "' OR '1'='1",
  "'; DROP TABLE people; --",
  '1; DELETE FROM sessions; --',
  '" OR ""="',
  "' UNION SELECT token_hash, password_hash FROM sessions, people --",
  "1' AND SLEEP(5) --",
  '$1; SELECT pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(document.cookie)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd\u0000.yaml',
  '\u0000',
  'abc\u0000def',
  '=cmd|\' /C calc\'!A0',
  '=HYPERLINK("http://example.com/x","click")',
  '+1+1',
  '-2+3',
  '@SUM(1+1)',
  '\u202Egnp.exe',
  '\uD800',
  'Z\u0351\u0360\u036B\u0343\u036A\u0302\u036B\u033D\u034F\u0334\u0319\u0324\u031E\u0349\u035A\u032F\u031E\u0320\u034D',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'.repeat(20_000),
  'é'.repeat(70_000),
  '__proto__',
  'constructor',
  '{"$ne": null}',
  // Shaped like an email address (the format lets them through), with a null byte / a quote in it.
  'nul\u0000byte@example.org',
  "o'hara'--@example.org",
];

/** A JSON-schema-ish description of a body field, as /api/openapi.json gives it. */
export type JsonSchema = Record<string, any>;

interface FieldInfo {
  path: string[];
  schema: JsonSchema;
  required: boolean;
}

function resolve(doc: JsonSchema, schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc, schema.$ref.replace('#/', '').split('/').reduce((o: any, k: string) => o?.[k], doc));
  return schema;
}

/** Every field of an object schema (nested objects' fields too), with its schema. */
function fieldsOf(doc: JsonSchema, schema: JsonSchema, prefix: string[] = []): FieldInfo[] {
  const s = resolve(doc, schema);
  const out: FieldInfo[] = [];
  for (const [name, sub] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
    const r = resolve(doc, sub);
    const f = { path: [...prefix, name], schema: r, required: (s.required ?? []).includes(name) };
    out.push(f);
    if (r.type === 'object' && r.properties && prefix.length < 2) out.push(...fieldsOf(doc, r, f.path));
  }
  return out;
}

/** The JSON types a schema allows. */
function allowedTypes(s: JsonSchema): Set<string> {
  const types = new Set<string>();
  const add = (x: JsonSchema) => {
    if (x.anyOf) x.anyOf.forEach(add);
    else if (x.oneOf) x.oneOf.forEach(add);
    else if (Array.isArray(x.type)) x.type.forEach((t: string) => types.add(t));
    else if (x.type) types.add(x.type);
    else if (x.const !== undefined) types.add(x.const === null ? 'null' : typeof x.const);
    else if (x.enum) x.enum.forEach((v: unknown) => types.add(v === null ? 'null' : typeof v));
    else ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'].forEach((t) => types.add(t));
    if (x.nullable) types.add('null');
  };
  add(s);
  if (types.has('number')) types.add('integer');
  return types;
}

/** Whether a number is one the schema takes (its type and bounds), so it is not bad input there. */
function numberFits(s: JsonSchema, v: number): boolean {
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf).some((x: JsonSchema) => numberFits(x, v));
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (!types.includes('number') && !types.includes('integer')) return false;
  if (!Number.isFinite(v) || (!types.includes('number') && !Number.isSafeInteger(v))) return false;
  const exMin = s.exclusiveMinimum === true ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined;
  const exMax = s.exclusiveMaximum === true ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined;
  if (exMin !== undefined ? v <= exMin : typeof s.minimum === 'number' && v < s.minimum) return false;
  if (exMax !== undefined ? v >= exMax : typeof s.maximum === 'number' && v > s.maximum) return false;
  return true;
}

/** Values of a JSON type the schema does not allow. */
function wrongTypeValues(s: JsonSchema): fc.Arbitrary<unknown> {
  const ok = allowedTypes(s);
  const options: fc.Arbitrary<unknown>[] = [];
  if (!ok.has('string')) options.push(fc.string({ maxLength: 20 }).filter((x) => !/^\s*-?\d/.test(x)), fc.constant(''), fc.constant('twelve'));
  if (!ok.has('number') && !ok.has('integer')) options.push(fc.integer(), fc.double({ noNaN: true }).filter(Number.isFinite));
  if (ok.has('integer') && !ok.has('number')) options.push(fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((x) => !Number.isInteger(x)));
  if (!ok.has('boolean')) options.push(fc.boolean());
  if (!ok.has('null')) options.push(fc.constant(null));
  if (!ok.has('object')) options.push(fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }));
  if (!ok.has('array')) options.push(fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }));
  return fc.oneof(...options);
}

/** Would this string satisfy the field's declared format (then it is not bad input there)? */
function fitsFormat(s: JsonSchema, raw: string): boolean {
  if (!allowedTypes(s).has('string')) return false;
  // Fields may be trimmed before they are checked: a value fits if it does either way.
  return [raw, raw.trim()].some((v) => fitsExactly(s, v));
}

function fitsExactly(s: JsonSchema, v: string): boolean {
  const len = [...v].length;
  if (s.minLength !== undefined && len < s.minLength) return false;
  if (s.maxLength !== undefined && len > s.maxLength) return false;
  if (s.enum && !s.enum.includes(v)) return false;
  if (s.pattern && !new RegExp(s.pattern, 'u').test(v)) return false;
  return true;
}

function setAt(o: Record<string, unknown>, path: string[], v: unknown): Record<string, unknown> {
  const copy = structuredClone(o);
  let cur: any = copy;
  for (const k of path.slice(0, -1)) {
    if (typeof cur[k] !== 'object' || cur[k] === null) cur[k] = {};
    cur = cur[k];
  }
  cur[path[path.length - 1]] = v;
  return copy;
}

function deleteAt(o: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const copy = structuredClone(o);
  let cur: any = copy;
  for (const k of path.slice(0, -1)) cur = cur?.[k];
  if (cur && typeof cur === 'object') delete cur[path[path.length - 1]];
  return copy;
}

/** One bad request. */
export interface Bad {
  category: string;
  path: string;
  body?: unknown;
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Send as this session instead of the route's privileged one. */
  as?: Session;
}

export const describeBad = (b: Bad) => {
  const body = b.body === undefined ? '' : typeof b.body === 'string' ? ` raw ${JSON.stringify(b.body.slice(0, 160))}${b.body.length > 160 ? `… (${b.body.length} chars)` : ''}` : b.body instanceof ReadableStream ? ' (a stream)' : b.body instanceof FormData ? ` form ${formText(b.body)}` : ` ${JSON.stringify(b.body).slice(0, 200)}`;
  return `[${b.category}] ${b.path}${body}${b.headers ? ` headers ${JSON.stringify(b.headers).slice(0, 120)}` : ''}`;
};

/** A form's fields, for a failure message. */
function formText(f: FormData): string {
  return [...f.entries()].map(([k, v]) => `${k}=${typeof v === 'string' ? JSON.stringify(v.slice(0, 60)) : `<file ${v.size} bytes>`}`).join(' ').slice(0, 300);
}

/** A body larger than `bytes`, streamed (no Content-Length), made of one repeated chunk. */
export function hugeStream(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(0x20);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent > bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

const BAD_ID_TEXT = [
  '0', '-1', '-9999999', '1.5', '0.0', '9007199254740992', '99999999999999999999999999', '1e400', 'abc', 'NaN', 'Infinity', '-Infinity', 'null', 'undefined', 'true',
  '%00', '1%00', '%20', '..%2F..%2Fetc%2Fpasswd', "1'%20OR%20'1'='1", '1%3B%20DROP%20TABLE%20proposals', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '%E2%80%AE1', '%D9%A1%D9%A2', '%ED%A0%80', '%FF', '%', '[1]', '{}',
];

/** Bad ids for a path parameter: non-numeric, negative, zero, fractional, huge, unknown, injections. */
/** Would z.coerce.number read this as an id that may exist (a small positive whole number)? Then it is not sent. */
const mayExist = (x: string) => {
  const n = Number(decodeURIComponentSafe(x));
  return Number.isInteger(n) && n > 0 && n < 50_000_000;
};
/** encodeURIComponent, with lone surrogates (which it refuses) made U+FFFD. */
function enc(x: string): string {
  return encodeURIComponent(x.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}
function decodeURIComponentSafe(x: string): string {
  try {
    return decodeURIComponent(x);
  } catch {
    return x;
  }
}

const badIdArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...BAD_ID_TEXT),
  fc.integer({ min: 50_000_000, max: MAX_SAFE }).map(String), // unknown
  fc.integer({ min: -1_000_000_000, max: 0 }).map(String),
  fc.bigInt({ min: BigInt(MAX_SAFE) + 1n, max: 10n ** 30n }).map(String),
  fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map(enc),
  fc.string({ minLength: 1, maxLength: 12, unit: 'binary' }).map(enc),
).filter((x) => !mayExist(x));

/** What a route takes, beyond what /api/openapi.json says: a valid body and the fields where any string is valid. */
interface RouteInput {
  /** A valid body for the privileged subject (only ever sent with something wrong in it). */
  base?: () => Record<string, unknown>;
  /** Fields (dotted) where any string is valid: injection strings there are not bad input. */
  freeText?: string[];
  /** Fields the handler checks beyond their schema (a role, a YAML proposal, a file): is this value valid there? */
  valid?: Record<string, (v: string) => boolean>;
  /** The base body is refused whatever its strings (unknown credentials or token): every string field may take injections. */
  refusedAnyway?: true;
  /** The path with a usable id in it (for body tests on an id route). */
  path?: () => string;
  /** Query parameters with bad values: name → values (the rest of the query valid). */
  badQueries?: () => fc.Arbitrary<string>;
  /** Extra bad bodies for this route (content-level mistakes). */
  badBodies?: () => fc.Arbitrary<Bad>;
  /** Each input is a dataset to check (about ten times the work of other routes): the fuzz script multiplies these less. */
  heavy?: true;
  /** The body's `yaml` is a proposal file: hostile YAML goes there. */
  yamlField?: true;
  /** Runs per category (scaled); routes that hash a password per request run fewer. */
  runs?: number;
}

/** Proposals with mistakes (test/fixtures/proposals/errors), as YAML and, where YAML reads them as a mapping, as JSON objects. */
function brokenProposals(): fc.Arbitrary<{ name: string; part: Record<string, unknown> }> {
  const fixtures = proposalErrorFixtures();
  const asObjects = fixtures.flatMap((f) => {
    try {
      const v = parseYaml(f.yaml);
      return v && typeof v === 'object' && !Array.isArray(v) ? [{ name: `${f.name} as JSON`, part: { proposal: v as Record<string, unknown> } }] : [];
    } catch {
      return [];
    }
  });
  return fc.constantFrom(...fixtures.map((f) => ({ name: f.name, part: { yaml: f.yaml } as Record<string, unknown> })), ...asObjects);
}

/** Dataset files with one mistake each: a file missing, empty, only its header, a broken row, a dangling reference, an injection string. */
function brokenFiles(): fc.Arbitrary<{ name: string; files: Record<string, string> }> {
  const good = tinyDistrictFiles();
  const names = Object.keys(good);
  const header = (f: string) => good[f].split('\n')[0] + '\n';
  return fc.oneof(
    fc.constantFrom(...names).map((f) => ({ name: `no ${f}`, files: Object.fromEntries(Object.entries(good).filter(([k]) => k !== f)) })),
    fc.constantFrom(...names).map((f) => ({ name: `${f} empty`, files: { ...good, [f]: '' } })),
    // (A dataset with no enrollment rows, or no staff rows, is valid: those two are not here.)
    fc.constantFrom('schools.csv', 'units.csv', 'schedules.csv').map((f) => ({ name: `${f} header only`, files: { ...good, [f]: header(f) } })),
    fc.tuple(fc.constantFrom(...names.filter((f) => f.endsWith('.csv'))), fc.constantFrom('x,y', ',,,,,,,,,,,,', '"unclosed,quote', 'E1,T,teacher,teachers,C9,99,1,,180,1,2017-08-15', '\u0000,\u0000'))
      .map(([f, row]) => ({ name: `${f} with a broken row`, files: { ...good, [f]: good[f] + row + '\n' } })),
    fc.constant({ name: 'staff at an unknown school', files: { ...good, 'staff.csv': good['staff.csv'].replace(/^E1,/m, 'ZZ,') } }),
    fc.constant({ name: 'a school twice', files: { ...good, 'schools.csv': good['schools.csv'] + good['schools.csv'].split('\n')[1] + '\n' } }),
    fc.tuple(fc.constantFrom(...names), fc.constantFrom(...INJECTIONS)).map(([f, inj]) => ({ name: `${f} is an injection string`, files: { ...good, [f]: inj } })),
    fc.tuple(fc.constantFrom(...names.filter((f) => f.endsWith('.csv'))), fc.constantFrom(...INJECTIONS.filter((x) => !x.includes('\n')))).map(([f, inj]) => ({ name: `${f} header is an injection string`, files: { ...good, [f]: `${inj}\n${good[f].split('\n').slice(1).join('\n')}` } })),
  );
}

const utf8 = new TextEncoder();
let bomb: Uint8Array | undefined;
/** Zips that must be refused: not a zip, an entry outside the folder, a zip in the zip, a bomb, a file that is not UTF-8. */
function brokenZips(): fc.Arbitrary<{ name: string; zip: Uint8Array }> {
  const good = Object.fromEntries(Object.entries(tinyDistrictFiles()).map(([f, t]) => [f, utf8.encode(t)]));
  return fc.oneof(
    fc.uint8Array({ minLength: 0, maxLength: 200 }).map((zip) => ({ name: 'random bytes', zip })),
    fc.constant({ name: 'a zip cut short', zip: zipSync(good).slice(0, 300) }),
    fc.constant({ name: 'an entry outside the folder', zip: zipSync({ ...good, '../../evil.yaml': utf8.encode('x') }) }),
    fc.constant({ name: 'an absolute entry', zip: zipSync({ ...Object.fromEntries(Object.entries(good).map(([f, b]) => [`/etc/${f}`, b])) }) }),
    fc.constant({ name: 'a zip in the zip', zip: zipSync({ 'inner.zip': zipSync(good) }) }),
    fc.constant({ name: 'no dataset files', zip: zipSync({ 'readme.txt': utf8.encode('hello') }) }),
    fc.constant({ name: 'a file that is not UTF-8', zip: zipSync({ ...good, 'units.csv': new Uint8Array([0x69, 0x64, 0x0a, 0xff, 0xfe, 0xc3, 0x28]) }) }),
    fc.constant(null).map(() => {
      // 64 MB of zeros compresses to about 64 KB: far past the expansion the server accepts.
      bomb ??= zipSync({ ...good, 'staff.csv': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
      return { name: 'a zip bomb', zip: bomb };
    }),
  );
}


/** One kind of bad input for a route, and how many to try in the seeded sample. */
export interface Category {
  name: string;
  arb: fc.Arbitrary<Bad>;
  runs: number;
  /** Each input is megabytes: the fuzz script does not multiply its runs. */
  fixed?: boolean;
  /** Each input hashes a password or imports files: the fuzz script multiplies its runs less. */
  expensive?: boolean;
}

export interface FuzzWorld {
  dialect: SqlDialect;
  s: TestServer;
  /** /api/openapi.json */
  doc: JsonSchema;
  sessionOf(subject: Subject): Session;
  fixtures: {
    cdeDatasetId: number; datasetId: number; datasetVersionId: number; proposalId: number; proposalVersionId: number; passedVersionId: number; publishedProposalId: number; publishedVersionId: number;
    rosterImportId: number; rosterWorksiteId: number; rosterMemberId: number; rosterCaptainId: number;
    voteDraftId: number; voteOpenId: number; voteChallengeId: number;
    picketDayId: number; picketShiftId: number; picketSignupId: number; picketMySignupId: number;
    /** Strike pay: an ended week's strike day (its date a Monday), a member, an exception in force. */
    payDayId: number; payDayDate: string; payMemberId: number; payExceptionId: number;
    strikeDayId: number;
    /** sites: family: a partner site of Tiny Unified. */
    familySiteId: number;
  };
  districtProposal(title: string): { title: string; yaml: string; datasetVersionId: number };
  /** What could not be set up (a fixture refused): empty when all is well. */
  setupErrors: string[];
  operationOf(route: SpecRoute): JsonSchema | undefined;
  categories(route: SpecRoute): Category[];
  /** Row counts of every table, as one string. */
  counts(): Promise<string>;
  close(): Promise<void>;
}

/** A server on a fresh database with the fixtures every route's bad input needs (a dataset, proposals, a published version). */
export async function createFuzzWorld(dialect: SqlDialect): Promise<FuzzWorld> {
  let s: TestServer;
  let doc: JsonSchema;
  const sessions = new Map<string, Session>();
  const fixtures = { cdeDatasetId: -1, datasetId: -1, datasetVersionId: -1, proposalId: -1, proposalVersionId: -1, passedVersionId: -1, publishedProposalId: -1, publishedVersionId: -1, personId: -1,
    rosterImportId: -1, rosterWorksiteId: -1, rosterMemberId: -1, rosterCaptainId: -1, voteDraftId: -1, voteOpenId: -1, voteChallengeId: -1,
    picketDayId: -1, picketShiftId: -1, picketSignupId: -1, picketMySignupId: -1,
    payDayId: -1, payDayDate: '1899-01-02', payMemberId: -1, payExceptionId: -1, strikeDayId: -1,
    familySiteId: -1 };
  const setupErrors: string[] = [];

  const sessionOf = (subject: Subject): Session => (subject.kind === 'anonymous' ? NOBODY : sessions.get(`${subject.side} ${subject.role}`)!);

  const districtProposal = (title: string) => ({ title, yaml: proposalYaml({ id: 'bad-input', title, party: 'district', unit: 'T' }), datasetVersionId: fixtures.datasetVersionId });

  const INPUTS: Record<string, RouteInput> = {
    'POST /api/session': { base: () => ({ email: 'nobody-at-all@example.org', password: 'a wrong but well-formed password' }), refusedAnyway: true, runs: 12 },
    'POST /api/invitations': { base: () => ({ email: 'invitee@example.org', name: 'Invited Person', role: 'negotiator' }), freeText: ['name'], valid: { role: (v) => ['admin', 'budget-analyst', 'negotiator', 'site-administrator'].includes(v) } },
    'POST /api/invitations/accept': { base: () => ({ token: 'no-such-token-0123456789', password: 'a long enough passphrase' }), refusedAnyway: true, runs: 12 },
    'GET /api/audit': {
      badQueries: () => fc.oneof(
        fc.tuple(fc.constantFrom('limit', 'before'), fc.oneof(fc.constantFrom('0', '-1', '501', '1.5', 'abc', '', '1e400', '9007199254740992', 'NaN', '%00', "1'%20OR%201=1"), fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map(enc)))
          // (before=501 is a page of entries older than 501: valid.)
          .filter(([k, v]) => !(k === 'before' && v === '501')).map(([k, v]) => `${k}=${v}`),
        fc.constant('limit=1&limit=2'),
      ),
    },
    'POST /api/datasets': {
      base: () => ({ name: 'A dataset', files: tinyDistrictFiles() }), freeText: ['name', 'note'], valid: FILES_ARE_CHECKED, heavy: true,
      badBodies: () => datasetBodies('/api/datasets', { name: 'A dataset' }),
    },
    'POST /api/datasets/{id}/versions': {
      base: () => ({ files: tinyDistrictFiles(), note: 'a note' }), freeText: ['note'], valid: FILES_ARE_CHECKED, heavy: true, path: () => `/api/datasets/${fixtures.datasetId}/versions`,
      badBodies: () => datasetBodies(`/api/datasets/${fixtures.datasetId}/versions`, {}),
    },
    'POST /api/datasets/{id}/import-cde': { runs: 25, path: () => `/api/datasets/${fixtures.cdeDatasetId}/import-cde`, badBodies: () => cdeForms(`/api/datasets/${fixtures.cdeDatasetId}/import-cde`) },
    'POST /api/proposals': {
      // allowOtherYear: false is the default, written out so bad values of it are tried too.
      base: () => ({ ...districtProposal('A proposal'), allowOtherYear: false }),
      freeText: ['title'],
      valid: { yaml: () => false }, yamlField: true,
      badBodies: () => fc.oneof(
        // Every proposal in test/fixtures/proposals/errors has a mistake: 422, nothing saved.
        brokenProposals().map((f) => ({ category: `proposal content (${f.name})`, path: '/api/proposals', body: { title: 'Broken', ...f.part } })),
        // Both forms at once, or neither.
        fc.constant({ category: 'yaml and proposal', path: '/api/proposals', body: { ...districtProposal('Both'), proposal: { id: 'x' } } }),
        fc.constant({ category: 'neither yaml nor proposal', path: '/api/proposals', body: { title: 'Neither' } }),
        // A district may not write a union's proposal, nor one for a unit it does not have.
        fc.constantFrom(
          proposalYaml({ id: 'wrong-party', title: 'Wrong party', party: 'union', unit: 'T' }),
          proposalYaml({ id: 'wrong-unit', title: 'Wrong unit', party: 'district', unit: 'ZZ' }),
        ).map((yaml) => ({ category: 'proposal content (party/unit)', path: '/api/proposals', body: { ...districtProposal('Wrong side'), yaml } })),
        // A union (Tiny Teachers, unit T) writes union proposals for unit T only.
        fc.constantFrom(
          proposalYaml({ id: 'union-as-district', title: 'Union as district', party: 'district', unit: 'T' }),
          proposalYaml({ id: 'union-other-unit', title: 'Union for unit C', party: 'union', unit: 'C' }),
          proposalYaml({ id: 'union-no-unit', title: 'Union for unit ZZ', party: 'union', unit: 'ZZ' }),
        ).map((yaml) => ({ category: 'union proposal content (party/unit)', path: '/api/proposals', body: { yaml }, as: sessions.get('union admin') })),
      ),
    },
    'POST /api/costings': {
      base: () => { const { yaml, datasetVersionId } = districtProposal('A costing'); return { yaml, datasetVersionId, allowOtherYear: false }; }, valid: { yaml: () => false }, yamlField: true,
      badBodies: () => brokenProposals().map((f) => ({ category: `proposal content (${f.name})`, path: '/api/costings', body: f.part })),
    },
    'POST /api/proposals/{id}/versions': {
      base: () => { const { yaml, datasetVersionId } = districtProposal('A proposal'); return { yaml, datasetVersionId, allowOtherYear: false }; }, valid: { yaml: () => false }, yamlField: true, path: () => `/api/proposals/${fixtures.proposalId}/versions`,
      badBodies: () => brokenProposals().map((f) => ({ category: `proposal content (${f.name})`, path: `/api/proposals/${fixtures.proposalId}/versions`, body: f.part })),
    },
    'DELETE /api/people/{id}': { path: () => `/api/people/${fixtures.personId}` },
    'POST /api/people/{id}/role': {
      path: () => `/api/people/${fixtures.personId}/role`,
      base: () => ({ role: 'negotiator' }),
      valid: { role: (v) => ['admin', 'budget-analyst', 'negotiator', 'site-administrator'].includes(v) },
    },
    'DELETE /api/people/{id}/sessions': { path: () => `/api/people/${fixtures.personId}/sessions` },
    'DELETE /api/people/{id}/sign-in-throttle': { path: () => `/api/people/${fixtures.personId}/sign-in-throttle` },
    'POST /api/proposal-versions/{id}/pass': { path: () => `/api/proposal-versions/${fixtures.proposalVersionId}/pass` },
    'POST /api/proposal-versions/{id}/publish': { path: () => `/api/proposal-versions/${fixtures.passedVersionId}/publish` },
    'POST /api/csp-report': {
      badBodies: () => fc.oneof(
        // Not JSON, or not a report, under each of the report content types.
        fc.tuple(
          fc.constantFrom('application/csp-report', 'application/reports+json', 'application/json'),
          fc.constantFrom('{', '', 'nul', '{"csp-report": ', '<?xml version="1.0"?><a/>', '"a string"', '42', 'null', '{"csp-report": "x"}', '{"csp-report": []}', '{}'),
        ).map(([contentType, body]) => ({ category: 'not a report', path: '/api/csp-report', body, contentType })),
        fc.constantFrom('[]', '[{"type": "csp-violation", "body": {}}]').map((body) => ({ category: 'a list as application/csp-report', path: '/api/csp-report', body, contentType: 'application/csp-report' })),
        fc.constantFrom('{"a": 1}', '{"csp-report": {}}').map((body) => ({ category: 'a report as application/reports+json', path: '/api/csp-report', body, contentType: 'application/reports+json' })),
        fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'text/html', 'application/xml').map((contentType) => ({ category: 'wrong content type', path: '/api/csp-report', body: '{"csp-report": {}}', contentType })),
        fc.constant({ category: 'over 16 KB', path: '/api/csp-report', body: JSON.stringify({ 'csp-report': { 'script-sample': 'x'.repeat(17 * 1024) } }), contentType: 'application/csp-report' }),
      ),
    },
    'POST /api/proposal-versions/{id}/countersign': { path: () => `/api/proposal-versions/${fixtures.passedVersionId}/countersign` },
    'GET /api/public/compare': {
      badQueries: () => fc.oneof(
        fc.constantFrom('', 'versions=', 'versions=,', 'versions=abc,def', `versions=${fixtures.publishedVersionId}`, 'versions=-1,-2', 'versions=0,0', 'versions=1.5,2', `versions=99999999,99999998`, `versions=${'1,'.repeat(500)}1`, 'versions=9007199254740993,1'),
        fc.array(badIdArb, { minLength: 1, maxLength: 3 }).map((ids) => `versions=${ids.join(',')}`),
        fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map((x) => `versions=${enc(x)}`),
      ),
    },
    'POST /api/roster/imports': { runs: 25, badBodies: () => rosterForms() },
    'POST /api/roster/imports/{id}/preview': {
      path: () => `/api/roster/imports/${fixtures.rosterImportId}/preview`, base: () => ({ mapping: ROSTER_MAPPING, removeMissing: true }),
      // A mapping names the file's columns: any other text is refused (422).
      valid: { 'mapping.*': () => false },
    },
    'POST /api/roster/imports/{id}/confirm': {
      path: () => `/api/roster/imports/${fixtures.rosterImportId}/confirm`, base: () => ({ mapping: ROSTER_MAPPING, removeMissing: true, digest: '0'.repeat(64) }),
      valid: { 'mapping.*': () => false },
    },
    'DELETE /api/roster/imports/{id}': { path: () => `/api/roster/imports/${fixtures.rosterImportId}` },
    'GET /api/roster/members': {
      badQueries: () => fc.oneof(
        fc.tuple(fc.constantFrom('limit', 'offset', 'worksite'), fc.oneof(fc.constantFrom('-1', '501', '1.5', 'abc', '', '1e400', '9007199254740993', 'NaN', '%00', '1000001'), fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map(enc)))
          // (Valid there, so left out: offset=501 and offset= (0) are pages; worksite=501 is an id, of no worksite.)
          .filter(([k, v]) => !(k === 'offset' && ['501', ''].includes(v)) && !(k === 'worksite' && ['501', '1000001'].includes(v)))
          .map(([k, v]) => `${k}=${v}`),
        fc.constant(`q=${'x'.repeat(101)}`),
      ),
    },
    'POST /api/pickets/days': { base: () => ({ date: '2026-03-02', label: 'Strike day 1', timeZone: 'America/Los_Angeles' }), freeText: ['label'] },
    'PATCH /api/pickets/days/{dayId}': { path: () => `/api/pickets/days/${fixtures.picketDayId}`, base: () => ({ label: 'Strike day 1', cancelled: false }), freeText: ['label'] },
    'POST /api/pickets/days/{dayId}/template': { path: () => `/api/pickets/days/${fixtures.picketDayId}/template`, base: () => ({ name: 'Mornings', shifts: [{ start: '06:30', end: '09:30', capacity: 20, minimum: 5 }], worksites: [fixtures.rosterWorksiteId], preview: true }), freeText: ['name'],
      // `worksites` takes one string, "all": any other text is bad input (the schema's union reads as "any string" to the generic check).
      valid: { worksites: (v: string) => v === 'all' } },
    'GET /api/pickets/days/{dayId}/shifts': {
      path: () => `/api/pickets/days/${fixtures.picketDayId}/shifts`,
      badQueries: () => fc.oneof(fc.constantFrom('-1', '0', '1.5', 'abc', '1e400', '9007199254740993', 'NaN', '%00'), fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map(enc)).map((v) => `worksiteId=${v}`),
    },
    'POST /api/pickets/days/{dayId}/shifts': { path: () => `/api/pickets/days/${fixtures.picketDayId}/shifts`, base: () => ({ worksiteId: fixtures.rosterWorksiteId, duty: 'picket', startsAt: '2026-03-01T15:00:00Z', endsAt: '2026-03-01T17:00:00Z', capacity: 10, minimum: 2 }), freeText: ['place'] },
    'PATCH /api/pickets/shifts/{shiftId}': { path: () => `/api/pickets/shifts/${fixtures.picketShiftId}`, base: () => ({ capacity: 12, minimum: 2 }) },
    'DELETE /api/pickets/shifts/{shiftId}': { path: () => `/api/pickets/shifts/${fixtures.picketShiftId}` },
    'GET /api/pickets/shifts/{shiftId}/signups': { path: () => `/api/pickets/shifts/${fixtures.picketShiftId}/signups` },
    'POST /api/pickets/shifts/{shiftId}/signups': { path: () => `/api/pickets/shifts/${fixtures.picketShiftId}/signups`, base: () => ({ memberRowId: fixtures.rosterMemberId }) },
    'DELETE /api/pickets/signups/{signupId}': { path: () => `/api/pickets/signups/${fixtures.picketSignupId}` },
    'POST /api/pickets/signups/{signupId}/move': { path: () => `/api/pickets/signups/${fixtures.picketSignupId}/move`, base: () => ({ shiftId: fixtures.picketShiftId }) },
    'PUT /api/pickets/worksites/{worksiteId}/region': { path: () => `/api/pickets/worksites/${fixtures.rosterWorksiteId}/region`, base: () => ({ region: 'East' }), freeText: ['region'] },
    'POST /api/me/pickets/signups': { base: () => ({ shiftId: fixtures.picketShiftId }) },
    'DELETE /api/me/pickets/signups/{signupId}': { path: () => `/api/me/pickets/signups/${fixtures.picketMySignupId}` },
    'POST /api/roster/worksites/{id}/captains': { path: () => `/api/roster/worksites/${fixtures.rosterWorksiteId}/captains`, base: () => ({ member: fixtures.rosterMemberId }) },
    'DELETE /api/roster/captains/{id}': { path: () => `/api/roster/captains/${fixtures.rosterCaptainId}` },
    // Votes: a title, a question's text and an option's label are free text (any string is a title).
    'POST /api/votes': { base: () => structuredClone(VOTE_SETUP), freeText: ['title', 'questions.0.text', 'questions.0.options.0.label', 'questions.0.options.1.label', 'questions.[].text', 'questions.[].options.[].label'] },
    'PATCH /api/votes/{id}': { path: () => `/api/votes/${fixtures.voteDraftId}`, base: () => ({ title: 'Renamed', closesAt: '2026-02-02T00:00:00Z' }), freeText: ['title'] },
    'POST /api/votes/{id}/freeze': { path: () => `/api/votes/${fixtures.voteOpenId}/freeze` },
    // Check-in: a body of actions (each refused per action when the shift is not there, so the base is only sent with something wrong in it).
    'POST /api/pickets/check-ins': { base: () => ({ actions: [{ id: 'fuzz-action-0001', shiftId: 12, action: 'in', at: '2019-01-14T14:31:00.000Z', memberRowId: 12 }] }) },
    'GET /api/pickets/captain/shifts': {
      badQueries: () => fc.tuple(fc.constantFrom('dayId', 'worksiteId'), fc.oneof(fc.constantFrom('-1', '0', '1.5', 'abc', '', '1e400', '9007199254740993', 'NaN', '%00', '012'), fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map(enc))).map(([k, v]) => `${k}=${v}`),
    },
    'POST /api/votes/{id}/challenges': { path: () => `/api/votes/${fixtures.voteOpenId}/challenges`, base: () => ({ memberId: 'FIXTURE-2', reason: 'left the unit' }), freeText: ['reason'] },
    'POST /api/votes/{id}/challenges/{challengeId}/ruling': { path: () => `/api/votes/${fixtures.voteOpenId}/challenges/${fixtures.voteChallengeId}/ruling`, base: () => ({ ruling: 'denied', note: 'a note' }), freeText: ['note'] },
    'POST /api/votes/{id}/reminders': { path: () => `/api/votes/${fixtures.voteOpenId}/reminders`, base: () => ({ via: 'email' }) },
    // The at-risk list's message: `text` is the organizer's own words (any plain text up to 320 characters).
    'POST /api/pickets/days/{dayId}/at-risk/messages': { path: () => `/api/pickets/days/${fixtures.strikeDayId}/at-risk/messages`, base: () => ({ via: 'sms' }), freeText: ['text'] },
    'POST /api/votes/{id}/count': { path: () => `/api/votes/${fixtures.voteOpenId}/count` },
    'POST /api/votes/{id}/certify': { path: () => `/api/votes/${fixtures.voteOpenId}/certify` },
    'POST /api/votes/{id}/publish': { path: () => `/api/votes/${fixtures.voteOpenId}/publish` },
    'GET /api/messages': {
      badQueries: () => fc.oneof(
        fc.tuple(fc.constantFrom('limit', 'offset', 'status'), fc.oneof(fc.constantFrom('-1', '501', '1.5', 'abc', '1e400', '9007199254740993', 'NaN', '%00', '1000001'), fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map(enc)))
          .map(([k, v]) => `${k}=${v}`),
        fc.constant('status=sent&status=failed'),
      ),
    },
    // sites: cost. The attendance file is text whose problems are reported by line (422), so it is free text here.
    'POST /api/sites/days/{dayId}/attendance': { path: () => `/api/sites/days/${siteDayId}/attendance`, base: () => ({ csv: 'school_id,students_attending\nE1,10\n', preview: true }), freeText: ['csv'] },
    'POST /api/roster/members/{id}/invitation': { path: () => `/api/roster/members/${fixtures.rosterMemberId}/invitation`, base: () => ({ via: 'email', role: 'member' }) },
    // Strike pay: an exception's reason is free text.
    // sites: family. The import's base has no preview (a preview answers 200 with the problems), so any other csv is refused.
    'GET /api/sites/family': { badQueries: () => fc.oneof(fc.constantFrom('school', '', 'MEAL', 'meal,partner'), fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map(enc)).map((v) => `kind=${v}`) },
    'POST /api/sites/family': { base: () => ({ ...FAMILY_SITE }), freeText: ['name', 'address', 'offers'] },
    'PATCH /api/sites/family/{id}': { path: () => `/api/sites/family/${fixtures.familySiteId}`, base: () => ({ name: 'Renamed Library', closes: '18:00' }), freeText: ['name', 'address', 'offers'] },
    'DELETE /api/sites/family/{id}': { path: () => `/api/sites/family/${fixtures.familySiteId}` },
    'POST /api/sites/family/import': { base: () => ({ csv: FAMILY_CSV, preview: false }), valid: { csv: () => false } },
    'PUT /api/pickets/pay/rules': { base: () => ({ rules: { amountCents: 12_000, minHoursPerDay: 3, firstWeek: 'paid' } }) },
    'POST /api/pickets/pay/exceptions': { base: () => ({ memberRowId: fixtures.payMemberId, strikeDayId: fixtures.payDayId, kind: 'count', reason: 'sent home ill' }), freeText: ['reason'] },
    'DELETE /api/pickets/pay/exceptions/{exceptionId}': { path: () => `/api/pickets/pay/exceptions/${fixtures.payExceptionId}` },
    'POST /api/pickets/pay/payouts': { base: () => ({ periodStart: fixtures.payDayDate }) },
    'GET /api/pickets/pay/ledger': {
      badQueries: () => fc.oneof(
        fc.oneof(fc.constantFrom('', '2019-01-15', '2019-02-30', '2019-1-14', '20190114', '2019-01-14T00:00:00Z', '9999-99-99', '%00'), fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map(enc)).map((v) => `periodStart=${v}`),
        fc.tuple(fc.constantFrom('limit', 'offset'), fc.constantFrom('-1', '5001', '1.5', 'abc', '1e400', 'NaN', '1000001'))
          // (offset=5001 is a page past the end: valid.)
          .filter(([k, v]) => !(k === 'offset' && v === '5001')).map(([k, v]) => `periodStart=${fixtures.payDayDate}&${k}=${v}`),
        fc.constant(`periodStart=${fixtures.payDayDate}&periodStart=${fixtures.payDayDate}`),
      ),
    },
    // Unknown invitation: refused (404) whatever the strings.
    'POST /api/invitations/accept-code': { base: () => ({ invitation: 1, code: '000000', password: 'a long enough passphrase' }), refusedAnyway: true, runs: 12 },
    // No webhook secret configured in the fuzz world: the route answers 404 to everything.
    'POST /api/messages/sms-inbound': { base: () => ({ From: '+12135550143', Body: 'STOP' }), refusedAnyway: true, runs: 12 },
    'GET /api/messages/unsubscribe': { badQueries: () => fc.oneof(fc.constantFrom('', 't=', 't=short', `t=${'x'.repeat(1001)}`), fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map((x) => `t=${enc(x)}`)) },
    'POST /api/messages/unsubscribe': { badQueries: () => fc.oneof(fc.constantFrom('', 't=', 't=short', `t=${'x'.repeat(1001)}`), fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map((x) => `t=${enc(x)}`)) },
    'GET /api/compare': {
      badQueries: () => fc.oneof(
        fc.constantFrom('', 'versions=', 'versions=,', 'versions=abc,def', `versions=${fixtures.proposalVersionId}`, `versions=${fixtures.proposalVersionId},${fixtures.proposalVersionId}`, 'versions=-1,-2', 'versions=0,0', 'versions=1.5,2', 'versions=99999999,99999998', `versions=${'1,'.repeat(500)}1`, 'versions=9007199254740993,1'),
        fc.array(badIdArb, { minLength: 1, maxLength: 3 }).map((ids) => `versions=${ids.join(',')}`),
        fc.constantFrom(...INJECTIONS.filter((x) => x.length < 200)).map((x) => `versions=${enc(x)}`),
      ),
    },
  };

  /** Uploads with a mistake: JSON files, form fields, zips. */
  function datasetBodies(path: string, fields: Record<string, string>): fc.Arbitrary<Bad> {
    const form = (entries: Record<string, string | Blob>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ ...fields, ...entries })) f.set(k, v);
      return f;
    };
    const good = tinyDistrictFiles();
    return fc.oneof(
      brokenFiles().map((b) => ({ category: `dataset content (${b.name})`, path, body: { ...fields, files: b.files } })),
      brokenFiles().map((b) => ({ category: `dataset form fields (${b.name})`, path, body: form(b.files) })),
      brokenZips().map((z) => ({ category: `dataset zip (${z.name})`, path, body: form({ zip: new File([z.zip as BlobPart], 'dataset.zip', { type: 'application/zip' }) }) })),
      hostileDistrictYaml(good['district.yaml']).chain((h) => fc.constantFrom<Bad>(
        { category: `district.yaml: ${h.name}`, path, body: { ...fields, files: { ...good, 'district.yaml': h.yaml } } },
        { category: `district.yaml form field: ${h.name}`, path, body: form({ ...good, 'district.yaml': h.yaml }) },
        { category: `district.yaml in a zip: ${h.name}`, path, body: form({ zip: new File([zipSync(Object.fromEntries(Object.entries({ ...good, 'district.yaml': h.yaml }).map(([f, t]) => [f, utf8.encode(t)]))) as BlobPart], 'dataset.zip', { type: 'application/zip' }) }) },
      )),
      fc.constant({ category: 'zip and files', path, body: form({ zip: new File([zipSync({}) as BlobPart], 'dataset.zip'), 'units.csv': good['units.csv'] }) }),
      fc.constant({ category: 'a form field that is not UTF-8', path, body: form({ ...good, 'units.csv': new File([new Uint8Array([0x69, 0x64, 0x0a, 0xff, 0xfe]) as BlobPart], 'units.csv') }) }),
      fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 })).filter(([k]) => !(k in good) && k !== 'zip' && k !== 'name' && k !== 'note')
        .map(([k, v]) => ({ category: `an unknown form field ${JSON.stringify(k)}`, path, body: form({ ...good, [k]: v }) })),
    );
  }

  /** Roster uploads that must be refused: no file, not a file, not text, not a workbook, past a bound, a broken header. */
  function rosterForms(): fc.Arbitrary<Bad> {
    const path = '/api/roster/imports';
    const file = (bytes: string | Uint8Array, name = 'members.csv') => {
      const f = new FormData();
      f.set('file', new File([bytes as BlobPart], name));
      return f;
    };
    const good = rosterCsv('FUZZ');
    return fc.oneof(
      fc.constant({ category: 'roster: no file', path, body: (() => { const f = new FormData(); f.set('name', 'members.csv'); return f; })() }),
      fc.constant({ category: 'roster: file as text', path, body: (() => { const f = new FormData(); f.set('file', good); return f; })() }),
      fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 })).filter(([k]) => k !== 'file').map(([k, v]) => {
        const f = file(good);
        f.set(k, v);
        return { category: `roster: unknown field ${JSON.stringify(k)}`, path, body: f };
      }),
      fc.constant({ category: 'roster: empty file', path, body: file('') }),
      fc.constant({ category: 'roster: not UTF-8', path, body: file(new Uint8Array([0x49, 0x44, 0x2c, 0x4e, 0x0a, 0x31, 0xe9, 0x2c, 0x78, 0x0a])) }),
      fc.constant({ category: 'roster: old .xls', path, body: file(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'members.xls') }),
      fc.uint8Array({ minLength: 2, maxLength: 200 }).map((b) => ({ category: 'roster: random bytes as .xlsx', path, body: file(new Uint8Array([0x50, 0x4b, ...b]), 'members.xlsx') })),
      fc.constant({ category: 'roster: a zip that is no workbook', path, body: file(zipSync({ 'readme.txt': utf8.encode('hello') }), 'members.xlsx') }),
      fc.constant({ category: 'roster: a repeated column', path, body: file('Member ID,Name,name\n1,A B,x\n') }),
      fc.constant({ category: 'roster: an unnamed column', path, body: file('Member ID,,Name\n1,x,A B\n') }),
      fc.constant({ category: 'roster: a cell too long', path, body: file(`Member ID,Name\n1,${'x'.repeat(501)}\n`) }),
      fc.constant({ category: 'roster: too many columns', path, body: file(`${Array.from({ length: 61 }, (_, i) => `c${i}`).join(',')}\n`) }),
      fc.constant({ category: 'roster: an unclosed quote', path, body: file('Member ID,Name\n1,"A B\n2,C D\n') }),
      fc.constant({ category: 'roster: JSON instead of a form', path, body: { file: good } }),
    );
  }

  /** CDE imports with a mistake (the valid form, tinyCdeForm, would be stored). */
  function cdeForms(path: string): fc.Arbitrary<Bad> {
    const { directory, frpm } = tinyCdeFiles();
    const form = (change: Record<string, string | Blob | null>) => {
      const base: Record<string, string | Blob> = { directory: new File([directory], 'pubschls.csv'), frpm: new File([frpm], 'frpm.csv'), district: '99-99999' };
      const f = new FormData();
      for (const [k, v] of Object.entries({ ...base, ...change })) if (v !== null) f.set(k, v);
      return f;
    };
    const injection = fc.constantFrom(...INJECTIONS.filter((x) => x.length < 1000));
    return fc.oneof(
      fc.constantFrom('directory', 'frpm', 'district').map((k) => ({ category: `cde: no ${k}`, path, body: form({ [k]: null }) })),
      fc.oneof(injection, fc.constantFrom('', '00-00000', '19-64733', '99-9999', '999999999', '99-99999-0000001', '99999990000001')).map((v) => ({ category: 'cde: bad district', path, body: form({ district: v }) })),
      fc.oneof(injection, fc.constantFrom('maybe', 'INCLUDE', '')).map((v) => ({ category: 'cde: bad charters', path, body: form({ charters: v }) })),
      fc.oneof(injection, fc.constantFrom('2', '-1', '1.5', 'abc', 'NaN', '')).map((v) => ({ category: 'cde: bad highNeedThreshold', path, body: form({ highNeedThreshold: v }) })),
      fc.oneof(injection, fc.constantFrom('K:abc', 'Z:1', 'K:-1', 'K', ':', 'K:1,K:2')).map((v) => ({ category: 'cde: bad gradeWeights', path, body: form({ gradeWeights: v }) })),
      fc.tuple(fc.constantFrom('directory', 'frpm', 'enrollment'), fc.oneof(injection, fc.constant('CDSCode\n'))).map(([k, v]) => ({ category: `cde: ${k} is not a CDE file`, path, body: form({ [k]: new File([v], `${k}.csv`) }) })),
      fc.constantFrom('directory', 'frpm').map((k) => ({ category: `cde: ${k} is a zip`, path, body: form({ [k]: new File([zipSync({ 'a.csv': utf8.encode('a') }) as BlobPart], `${k}.zip`) }) })),
      fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 })).filter(([k]) => !['directory', 'frpm', 'enrollment', 'district', 'charters', 'highNeedThreshold', 'gradeWeights', 'note'].includes(k))
        .map(([k, v]) => ({ category: `cde: unknown field ${JSON.stringify(k)}`, path, body: form({ [k]: v }) })),
      fc.constant({ category: 'cde: JSON instead of a form', path, body: { directory, frpm, district: '99-99999' } }),
    );
  }

  /** The route's OpenAPI operation, if it is documented. */
  const operationOf = (route: SpecRoute): JsonSchema | undefined => doc.paths?.[route.path]?.[route.method.toLowerCase()];

  const jsonSchemaOf = (route: SpecRoute): JsonSchema | undefined => {
    const op = operationOf(route);
    const schema = op?.requestBody?.content?.['application/json']?.schema;
    return schema ? resolve(doc, schema) : undefined;
  };

  /** Every category of bad input that applies to a route, each an arbitrary of bad requests. */
  function categories(route: SpecRoute): Category[] {
    const input = INPUTS[routeKey(route)] ?? {};
    const scale = input.runs ?? 40;
    const out: Category[] = [];
    const hasId = route.path.includes('{id}');
    const usablePath = input.path ? input.path() : route.path;
    const schema = jsonSchemaOf(route);
    const takesJson = schema !== undefined || input.base !== undefined;
    const base = input.base?.();

    if (hasId) {
      out.push({ name: 'bad ids in the path', runs: scale * 2, arb: badIdArb.map((id) => ({ category: 'bad id', path: route.path.replace('{id}', id), body: base })) });
    }
    if (input.badQueries) {
      const q = input.badQueries();
      out.push({ name: 'bad query values', runs: scale * 2, arb: q.map((query) => ({ category: 'bad query', path: `${route.path}?${query}` })) });
    }
    if (!hasId && !input.badQueries && route.method === 'GET') {
      // Nothing to send but the path: junk after it is no route (404), never something else.
      out.push({ name: 'junk after the path', runs: scale / 2, arb: badIdArb.map((junk) => ({ category: 'junk path', path: `${route.path}/${junk}` })) });
    }
    if (route.method !== 'GET') {
      // Changes need the session's CSRF token; a forged or missing one changes nothing.
      if (route.access !== 'public') {
        out.push({
          name: 'forged CSRF token',
          runs: scale / 2,
          arb: fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/)).map((csrf) => ({ category: 'forged csrf', path: usablePath, body: base, headers: { 'x-csrf-token': csrf } })),
        });
        out.push({
          name: 'forged session cookie',
          runs: scale / 2,
          arb: fc.stringMatching(/^[A-Za-z0-9_-]{0,120}$/).map((token) => ({ category: 'forged cookie', path: usablePath, body: base, as: { cookie: `__Host-sid=${token}`, csrf: token } })),
        });
      }
      out.push({
        name: 'huge bodies',
        runs: 3,
        fixed: true,
        arb: fc.constantFrom(1024 * 1024 + 1, 3 * 1024 * 1024).map((n) => ({ category: 'huge body', path: usablePath, body: JSON.stringify({ ...(base ?? {}), padding: 'x'.repeat(n) }) })),
      });
    }
    if (takesJson) {
      out.push({
        name: 'malformed JSON',
        runs: scale,
        arb: fc.oneof(
          fc.constantFrom('{', '{"a":', '{"email": "x@y.z",}', "{'a': 1}", '{"a": NaN}', '{"a": undefined}', '\uFEFF{}', '{"a": 1}}', '[', 'nul', '{"a": "\\x00"}', '{"a": 01}', '{"a": .5}', '//{}', '<?xml version="1.0"?><a/>'),
          fc.string({ maxLength: 40 }).filter((x) => { try { JSON.parse(x); return false; } catch { return true; } }),
        ).map((raw) => ({ category: 'malformed JSON', path: usablePath, body: raw })),
      });
      out.push({
        name: 'not a JSON object, or no body',
        runs: Math.max(6, scale / 4),
        arb: fc.oneof(
          fc.constant({ category: 'no body', path: usablePath } as Bad),
          fc.constantFrom<unknown>(null, [], 0, 'a string', true, [base]).map((b) => ({ category: 'not an object', path: usablePath, body: JSON.stringify(b) })),
          // A valid body under the wrong content type.
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json-patch+json').map((ct) => ({ category: 'wrong content type', path: usablePath, body: JSON.stringify(base ?? {}), contentType: ct })),
        ),
      });
      const topFields = Object.keys((schema?.properties ?? {}) as Record<string, unknown>);
      out.push({
        name: 'JSON nested too deep',
        runs: Math.max(6, scale / 2),
        arb: deepJson(base, topFields).map((j) => ({ category: j.name, path: usablePath, body: j.text })),
      });
    }
    if (schema && base) {
      const fields = fieldsOf(doc, schema);
      const freeText = new Set(input.freeText ?? []);
      if (fields.length > 0) {
        out.push({
          name: 'a wrong type in one field',
          runs: scale,
          arb: fc.constantFrom(...fields).chain((f) => wrongTypeValues(f.schema).map((v) => ({ category: `wrong type: ${f.path.join('.')}`, path: usablePath, body: setAt(base, f.path, v) }))),
        });
        const required = fields.filter((f) => f.required);
        if (required.length > 0) {
          out.push({ name: 'a missing field', runs: Math.max(required.length, scale / 4), arb: fc.constantFrom(...required).map((f) => ({ category: `missing: ${f.path.join('.')}`, path: usablePath, body: deleteAt(base, f.path) })) });
        }
        const known = new Set(fields.map((f) => f.path[f.path.length - 1]));
        out.push({
          name: 'an unknown field',
          runs: scale / 2,
          arb: fc.tuple(fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'id', 'organizationId', 'organization_id', 'role', 'isAdmin', 'createdBy')), fc.jsonValue({ maxDepth: 1 }))
            .filter(([k]) => !known.has(k))
            .map(([k, v]) => {
              const rest = JSON.stringify(base).slice(1, -1);
              return { category: `unknown field ${JSON.stringify(k)}`, path: usablePath, body: `{${JSON.stringify(k)}:${JSON.stringify(v)}${rest ? `,${rest}` : ''}}` };
            }),
        });
        // Injection strings go where they are bad input: every string field of a body that is
        // refused anyway, otherwise the fields whose format (schema or handler) excludes them.
        const validIn = (f: FieldInfo, v: string): boolean => {
          if (input.refusedAnyway) return false;
          const name = f.path.join('.');
          const own = input.valid?.[name] ?? input.valid?.[`${f.path.slice(0, -1).join('.')}.*`];
          return own ? own(v) : fitsFormat(f.schema, v);
        };
        const strings = fields.filter((f) => allowedTypes(f.schema).has('string') && (input.refusedAnyway || !freeText.has(f.path.join('.'))));
        if (strings.length > 0) {
          out.push({
            name: 'injection strings',
            runs: scale * 2,
            arb: fc.tuple(fc.constantFrom(...strings), fc.constantFrom(...INJECTIONS), fc.string({ maxLength: 8 }), fc.boolean())
              .map(([f, inj, extra, prefix]) => ({ f, v: prefix ? inj + extra : extra + inj }))
              .filter(({ f, v }) => !validIn(f, v))
              .map(({ f, v }) => ({ category: `injection: ${f.path.join('.')}`, path: usablePath, body: setAt(base, f.path, v) })),
          });
        }
        const ints = fields.filter((f) => allowedTypes(f.schema).has('integer') && !allowedTypes(f.schema).has('string'));
        if (ints.length > 0) {
          out.push({
            name: 'bad ids in the body',
            runs: scale,
            arb: fc.tuple(fc.constantFrom(...ints), fc.oneof(fc.integer({ min: 50_000_000, max: MAX_SAFE }), fc.integer({ min: -1e9, max: 0 }), fc.constantFrom(MAX_SAFE + 2, 1e300, -0)))
              .filter(([f, v]) => !numberFits(f.schema, v)) // a count may take 0: only values its bounds refuse
              .map(([f, v]) => ({ category: `bad id: ${f.path.join('.')}`, path: usablePath, body: setAt(base, f.path, v) })),
          });
        }
      }
    }
    if (schema && base) {
      // Numbers no field takes: ids are positive whole numbers below 2^53, no text field takes a number.
      const topFields = Object.keys((schema.properties ?? {}) as Record<string, unknown>);
      out.push({
        name: 'numbers past a double',
        runs: scale / 2,
        arb: fc.tuple(fc.constantFrom(...topFields), fc.constantFrom(...HUGE_NUMBERS))
          .filter(([f, n]) => !numberFits(resolve(doc, (schema.properties as JsonSchema)[f]), Number(n))) // -0.0 is 0, which a count may take
          .map(([f, n]) => ({ category: `number ${n} in ${f}`, path: usablePath, body: withRawNumber(base, f, n) })),
      });
      // Bytes that are not UTF-8 in the JSON text (read as U+FFFD) where no free text goes.
      const notFree = topFields.filter((f) => !(input.freeText ?? []).includes(f) && allowedTypes(resolve(doc, (schema.properties as JsonSchema)[f])).has('string'));
      if (notFree.length > 0 && !input.refusedAnyway) {
        out.push({
          name: 'bytes that are not UTF-8',
          runs: scale / 4,
          arb: fc.tuple(fc.constantFrom(...notFree), fc.constantFrom([0xff], [0xfe, 0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf], [0x80]))
            .map(([f, bytes]) => {
              const [before, after] = withRawNumber(base, f, '"@@BYTES@@"').split('@@BYTES@@');
              return { category: `bytes ${bytes.map((b) => b.toString(16)).join(' ')} in ${f}`, path: usablePath, body: new Uint8Array([...utf8.encode(before), ...bytes, ...utf8.encode(after)]) };
            }),
        });
      }
    }
    if (input.yamlField) {
      const yamlBase = String(base?.yaml ?? '');
      out.push({
        name: 'hostile YAML',
        runs: scale,
        arb: hostileProposalYaml(yamlBase).map((h) => ({ category: `YAML: ${h.name}`, path: usablePath, body: { ...base, yaml: h.yaml } })),
      });
    }
    if (input.badBodies) out.push({ name: 'bad content', runs: scale, arb: input.badBodies() });
    return out.map((c) => ({ ...c, runs: Math.max(1, Math.round(c.runs)), expensive: input.runs !== undefined || input.heavy === true }));
  }

  /** Row counts of every table in one query (checked after every input; the full snapshot after every property). */
  let countQuery: ReturnType<typeof sql.raw> | null = null;
  async function counts(): Promise<string> {
    if (!countQuery) {
      const tables = (await s.handle.db.introspection.getTables()).map((t) => t.name).filter((t) => !THROTTLE_TABLES.includes(t)).sort();
      countQuery = sql.raw(`select ${tables.map((t) => `(select count(*) from "${t}") as "${t}"`).join(', ')}`);
    }
    const r = await countQuery.execute(s.handle.db);
    return JSON.stringify(r.rows[0]);
  }


    s = await startTestServer({ dialect });
    for (const [org, side] of [['district', 'district'], ['teachers', 'union']] as const) sessions.set(`${side} admin`, await signIn(s, org, 'admin'));
    const docAnswer = await send(s, NOBODY, 'GET', '/api/openapi.json');
    doc = docAnswer.body;
    // Targets the privileged subject may use, so a bad body reaches validation on an id route.
    const admin = sessions.get('district admin')!;
    const must = async (what: string, f: () => Promise<void>) => {
      try {
        await f();
      } catch (e) {
        setupErrors.push(`${what}: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
    const ok = (a: Answer, what: string) => {
      if (a.status < 200 || a.status >= 300) throw new Error(`${what} answered ${a.status} ${a.text.slice(0, 300)}`);
      return a.body;
    };
    await must('a dataset', async () => {
      const d = ok(await send(s, admin, 'POST', '/api/datasets', { body: { name: 'Tiny', files: tinyDistrictFiles() } }), 'POST /api/datasets');
      fixtures.datasetId = d.dataset.id;
      fixtures.personId = (await s.handle.db.selectFrom('people').select('id').where('email', '=', 'budget-analyst@district.test').executeTakeFirstOrThrow()).id;
      fixtures.datasetVersionId = d.version.id;
      const cde = ok(await send(s, admin, 'POST', '/api/datasets', { body: { name: 'CDE-ready', files: cdeReadyFiles() } }), 'POST /api/datasets (CDE-ready)');
      fixtures.cdeDatasetId = cde.dataset.id;
    });
    await must('proposals', async () => {
      const p = ok(await send(s, admin, 'POST', '/api/proposals', { body: districtProposal('Fixture') }), 'POST /api/proposals');
      fixtures.proposalId = p.proposalId;
      fixtures.proposalVersionId = p.id;
      const q = ok(await send(s, admin, 'POST', '/api/proposals', { body: districtProposal('Passed fixture') }), 'POST /api/proposals');
      fixtures.passedVersionId = q.id;
      ok(await send(s, admin, 'POST', `/api/proposal-versions/${fixtures.passedVersionId}/pass`), 'pass');
      const r = ok(await send(s, admin, 'POST', '/api/proposals', { body: districtProposal('Published fixture') }), 'POST /api/proposals');
      fixtures.publishedProposalId = r.proposalId;
      fixtures.publishedVersionId = r.id;
      ok(await send(s, admin, 'POST', `/api/proposal-versions/${fixtures.publishedVersionId}/pass`), 'pass');
      ok(await send(s, admin, 'POST', `/api/proposal-versions/${fixtures.publishedVersionId}/publish`), 'publish');
    });
    await must('a roster', async () => {
      const union = sessions.get('union admin')!;
      const p = ok(await send(s, union, 'POST', '/api/roster/imports', { body: rosterForm(rosterCsv('FIXTURE')) }), 'POST /api/roster/imports');
      const partial = ok(await send(s, union, 'POST', `/api/roster/imports/${p.import.id}/preview`, { body: { mapping: p.mapping, removeMissing: false } }), 'roster preview');
      ok(await send(s, union, 'POST', `/api/roster/imports/${p.import.id}/confirm`, { body: { mapping: p.mapping, removeMissing: false, digest: partial.digest } }), 'roster confirm');
      const m = await s.handle.db.selectFrom('roster_members').select(['id', 'worksite_id']).where('member_id', '=', 'FIXTURE-1').executeTakeFirstOrThrow();
      const k = ok(await send(s, union, 'POST', `/api/roster/worksites/${m.worksite_id}/captains`, { body: { member: m.id } }), 'name a captain');
      // A pending import for the preview and confirm routes' bad bodies.
      fixtures.rosterImportId = ok(await send(s, union, 'POST', '/api/roster/imports', { body: rosterForm(rosterCsv('PENDING')) }), 'POST /api/roster/imports').import.id;
      Object.assign(fixtures, { rosterWorksiteId: m.worksite_id, rosterMemberId: m.id, rosterCaptainId: k.captain.id });
      // A strike day with a shift at that worksite, the member assigned, and the union admin's own sign-up (their sign-in linked to FIXTURE-2).
      fixtures.picketDayId = ok(await send(s, union, 'POST', '/api/pickets/days', { body: { date: '2026-03-01', label: 'Fixture day' } }), 'declare a strike day').day.id;
      const shift = (startsAt: string, endsAt: string) => send(s, union, 'POST', `/api/pickets/days/${fixtures.picketDayId}/shifts`, { body: { worksiteId: m.worksite_id, duty: 'picket', startsAt, endsAt, capacity: 10, minimum: 2 } }).then((a) => ok(a, 'add a shift').shift.id as number);
      fixtures.picketShiftId = await shift('2026-03-01T15:00:00Z', '2026-03-01T17:00:00Z');
      fixtures.picketSignupId = ok(await send(s, union, 'POST', `/api/pickets/shifts/${fixtures.picketShiftId}/signups`, { body: { memberRowId: m.id } }), 'assign').signup.id;
      const mine = await s.handle.db.selectFrom('roster_members').select('id').where('member_id', '=', 'FIXTURE-2').executeTakeFirstOrThrow();
      await s.handle.db.updateTable('people').set({ member_row_id: mine.id }).where('email', '=', 'admin@teachers.test').execute();
      fixtures.picketMySignupId = ok(await send(s, union, 'POST', `/api/pickets/shifts/${await shift('2026-03-01T18:00:00Z', '2026-03-01T19:00:00Z')}/signups`, { body: { memberRowId: mine.id } }), 'assign mine').signup.id;
    });
    await must('votes', async () => {
      const union = sessions.get('union admin')!;
      fixtures.voteDraftId = ok(await send(s, union, 'POST', '/api/votes', { body: VOTE_SETUP }), 'POST /api/votes').vote.id;
      fixtures.voteOpenId = ok(await send(s, union, 'POST', '/api/votes', { body: VOTE_SETUP }), 'POST /api/votes').vote.id;
      ok(await send(s, union, 'POST', `/api/votes/${fixtures.voteOpenId}/freeze`), 'freeze');
      fixtures.voteChallengeId = ok(await send(s, union, 'POST', `/api/votes/${fixtures.voteOpenId}/challenges`, { body: { memberId: 'FIXTURE-1', reason: 'left the unit' } }), 'raise a challenge').challenge.id;
    });
    await must('strike pay', async () => {
      const day = await payStrikeDay(s, 'teachers');
      Object.assign(fixtures, { payDayId: day.id, payDayDate: day.date, payMemberId: await payMember(s, 'teachers'), payExceptionId: await payException(s, 'teachers') });
    });
    await must('a strike day', async () => {
      const at = s.clock.now.getTime();
      const createdBy = (await s.handle.db.selectFrom('people').select('id').where('organization_id', '=', s.orgId.teachers).executeTakeFirstOrThrow()).id;
      const shift = { startsAt: new Date(at - 3600_000).toISOString(), endsAt: new Date(at + 3600_000).toISOString(), minimum: 2, members: [{ name: 'Late Member', mobile: '+12135550197' }] };
      fixtures.strikeDayId = (await plantDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.teachers, createdBy, date: '2026-01-15', sites: [{ name: 'Fixture High', shifts: [shift] }] })).dayId;
    });
    await must('a meal or partner site', async () => {
      fixtures.familySiteId = ok(await send(s, admin, 'POST', '/api/sites/family', { body: { ...FAMILY_SITE, name: 'Fixture Library' } }), 'POST /api/sites/family').site.id;
    });
    // sites: cost. A district strike day (planted as the planning routes leave it) for the attendance import.
    let siteDayId = -1;
    await must('a district strike day', async () => {
      const personId = (await s.handle.db.selectFrom('people').select('id').where('email', '=', 'admin@district.test').executeTakeFirstOrThrow()).id;
      siteDayId = (await plantSiteDay(s.handle.db, s.deps.ids, { organizationId: s.orgId.district, datasetVersionId: fixtures.datasetVersionId, personId, date: '2019-03-11', shares: { T: 1 },
        sites: [{ schoolId: 'E1', name: 'Alder Elementary', status: 'instruction', studentsAttending: 100, substitutes: 0 }] })).dayId;
    });
  return { dialect, s, doc, sessionOf, fixtures, districtProposal, setupErrors, operationOf, categories, counts, close: () => s.close() };
}

/** A vote whose cutoff has passed on the test clock (2026-01-15) and which is open until February. */
const VOTE_SETUP = {
  title: 'Strike authorization', kind: 'strike-authorization', channels: ['online'], cutoffAt: '2026-01-01T00:00:00Z', opensAt: '2026-01-02T00:00:00Z', closesAt: '2026-02-01T00:00:00Z',
  questions: [{ key: 'authorize', text: 'Authorize a strike?', options: [{ key: 'yes', label: 'Yes' }, { key: 'no', label: 'No' }], pass: { option: 'yes', share: '0.5' } }],
};

/** sites: family: a valid partner site, and a valid import of another one. */
const FAMILY_SITE = { kind: 'partner', partnerKind: 'library', name: 'Central Library', address: '630 W 5th St, Los Angeles, CA 90071', latitude: 34.0504, longitude: -118.2551, opens: '10:00', closes: '17:30', dates: ['2026-03-02'], offers: 'Supervision', languages: ['English'] };
const FAMILY_CSV = 'kind,name,address,latitude,longitude,opens,closes,partner_kind\npartner,Echo Park Library,"1410 W Temple St, Los Angeles, CA 90026",34.0689,-118.2620,10:00,18:00,library\n';

/** The mapping of rosterCsv's header. */
const ROSTER_MAPPING = { memberId: 'Member ID', name: 'Name', employeeId: null, email: 'E-mail', mobile: null, worksite: 'School', jobClass: null, status: null };

/** What one category's inputs did. */
export interface Tally {
  tried: number;
  accepted: number;
  serverErrors: number;
  /** Inputs after which some table's row count differed. */
  rowsChanged: number;
  /** What went wrong, one line each (the first few). */
  failures: string[];
}

/**
 * Tries `runs` inputs of one category on one route: each must be refused in the error shape
 * with the row counts unchanged, and after them every table must hash as before. With
 * `stopAtFirst` (the test) the first wrong answer ends the category; without it (the fuzz
 * script) every input is tried and counted. `onInput` is called once per input sent.
 */
export async function runCategory(w: FuzzWorld, route: SpecRoute, cat: Category, o: { seed: number; runs: number; stopAtFirst?: boolean; onInput?: (t: Tally) => void }): Promise<Tally> {
  const t: Tally = { tried: 0, accepted: 0, serverErrors: 0, rowsChanged: 0, failures: [] };
  const before = await snapshot(w.s.handle.db);
  let lastCounts = await w.counts();
  const result = await fc.check(
    fc.asyncProperty(cat.arb, async (bad) => {
      const who = bad.as ?? w.sessionOf(privilegedSubject(route));
      const a = await send(w.s, who, route.method, bad.path, { body: bad.body, contentType: bad.contentType, headers: bad.headers });
      t.tried++;
      if (a.status >= 200 && a.status < 300) t.accepted++;
      if (a.status >= 500) t.serverErrors++;
      const wrong = refusalProblems(a);
      const now = await w.counts();
      if (now !== lastCounts) {
        t.rowsChanged++;
        wrong.push(`row counts changed: ${lastCounts} → ${now}`);
        lastCounts = now;
      }
      o.onInput?.(t);
      if (wrong.length === 0) return;
      const line = `${cat.name}: ${describeBad(bad)} → ${a.status} ${a.text.slice(0, 300)}: ${wrong.join('; ')}`;
      if (o.stopAtFirst) throw new Error(line);
      if (t.failures.length < 5) t.failures.push(line);
    }),
    { seed: o.seed, numRuns: o.runs, endOnFailure: true },
  );
  if (result.failed) t.failures.push(result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance));
  const changed = changedTables(before, await snapshot(w.s.handle.db));
  if (changed.length > 0) t.failures.push(`${cat.name}: rows changed: ${changed.join(', ')}`);
  return t;
}

/** What is wrong with an answer to bad input: accepted, a server error, not in the error shape. */
export function refusalProblems(a: Answer): string[] {
  const wrong: string[] = [];
  if (a.status >= 200 && a.status < 300) wrong.push(`accepted with ${a.status}`);
  if (a.status >= 500) wrong.push(`server error ${a.status}`);
  if (a.status < 400) wrong.push(`status ${a.status} is not a refusal`);
  wrong.push(...errorShapeProblems(a));
  return wrong;
}
