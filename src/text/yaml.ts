import { isMap, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import type { Problem } from '../errors/problem.ts';

export type Path = (string | number)[];

export interface YamlSchemaOptions<T> {
  file: string;
  schema: z.ZodType<T>;
  /** A valid example for a field path, shown after the message. */
  example?: (path: Path, raw: unknown) => string | undefined;
  /** Prefix for problem codes, e.g. `proposal`. */
  codePrefix: string;
}

export type Parsed<T> = { ok: true; value: T; locate: (path: Path) => { line: number; col: number } } | { ok: false; problems: Problem[] };

/** `terms[2].pct` */
export function pathLabel(path: Path): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${p}` : p;
  return out || '(document)';
}

/**
 * Parses YAML 1.2 text and validates it against a zod schema. Every problem carries the
 * file, line and column of the offending value (or of the nearest enclosing node when the
 * value is missing), the field path, what is wrong and, where known, a valid example.
 */
export function parseYaml<T>(text: string, opts: YamlSchemaOptions<T>): Parsed<T> {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => {
        const pos = e.linePos?.[0] ?? lc.linePos(e.pos[0]);
        return {
          code: `${opts.codePrefix}.yaml-syntax`,
          message: `not valid YAML: ${e.message.split('\n')[0]}`,
          where: { file: opts.file, line: pos.line, col: pos.col },
          hint: 'indent with spaces, write one `key: value` per line, and do not repeat a key',
        };
      }),
    };
  }
  const locate = (path: Path) => locateNode(doc, lc, path);
  const raw = doc.toJS({ maxAliasCount: 100 });
  const result = opts.schema.safeParse(raw ?? {});
  if (result.success) return { ok: true, value: result.data, locate };
  const problems = result.error.issues.flatMap((issue) => describeIssue(issue, opts, locate, raw));
  return { ok: false, problems: dedupe(problems) };
}

function describeIssue<T>(
  issue: z.core.$ZodIssue,
  opts: YamlSchemaOptions<T>,
  locate: (path: Path) => { line: number; col: number },
  raw: unknown,
): Problem[] {
  const path = issue.path as Path;
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const full = [...path, key];
      return {
        code: `${opts.codePrefix}.unknown-field`,
        message: `unknown field "${key}"`,
        where: { file: opts.file, ...locateKey(locate, full), field: pathLabel(full) },
        hint: opts.example?.(path, raw) ?? 'check the spelling against the documented fields',
      };
    });
  }
  const pos = locate(path);
  return [
    {
      code: `${opts.codePrefix}.${issueCode(issue)}`,
      message: plainMessage(issue),
      where: { file: opts.file, line: pos.line, col: pos.col, field: pathLabel(path) },
      hint: opts.example?.(path, raw),
    },
  ];
}

function locateKey(locate: (p: Path) => { line: number; col: number }, path: Path) {
  return locate(path);
}

function issueCode(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return (issue as { input?: unknown }).input === undefined ? 'missing-field' : 'wrong-type';
  if (issue.code === 'custom') return String((issue.params as { code?: string } | undefined)?.code ?? 'invalid');
  return issue.code.replace(/_/g, '-');
}

function plainMessage(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined ? `is required` : `must be ${article(issue.expected)}, got ${show(input)}`;
    case 'too_small':
      return `must be ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}${issue.origin === 'array' ? ' items' : ''}, got ${show(input)}`;
    case 'too_big':
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}, got ${show(input)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${show(input)}`;
    case 'invalid_union':
      return (issue as { note?: string }).note === 'No matching discriminator'
        ? `has an unknown or missing "${String((issue as { discriminator?: string }).discriminator)}", got ${show(input)}`
        : `does not match any allowed form, got ${show(input)}`;
    default:
      return issue.message;
  }
}

function article(t: string): string {
  return t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

export function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'an empty value';
  if (typeof v === 'object') return Array.isArray(v) ? 'a list' : 'a mapping';
  return JSON.stringify(v);
}

function locateNode(doc: Document, lc: LineCounter, path: Path): { line: number; col: number } {
  // Walk down as far as the path exists; a missing field points at its parent.
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
    if (node && typeof node === 'object' && 'range' in node && node.range) {
      if (n < path.length && isMap(node)) return lc.linePos(node.range[0]);
      return lc.linePos(node.range[0]);
    }
    if (n === path.length && isScalar(node)) break;
  }
  return { line: 1, col: 1 };
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.where?.line}:${p.where?.col}:${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
