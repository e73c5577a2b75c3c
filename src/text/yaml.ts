import { isMap, isPair, isScalar, isSeq, LineCounter, visit, type Document, type Node, type YAMLError } from 'yaml';
import type { z } from 'zod';
import type { Problem } from '../errors/problem.ts';
import { composeBounded, MAX_ALIAS_COUNT, MAX_YAML_DEPTH } from './yaml-limits.ts';

export type Path = (string | number)[];

export interface YamlSchemaOptions<T> {
  file: string;
  schema: z.ZodType<T>;
  /** A valid example for a field path, shown after the message. */
  example?: (path: Path, raw: unknown) => string | undefined;
  /** Prefix for problem codes, e.g. `proposal`. */
  codePrefix: string;
  /**
   * Looks at the document before the schema does, and answers problems that make checking every
   * field pointless (a proposal with 15,000 terms): then only those are reported.
   */
  precheck?: (raw: unknown, locate: (path: Path) => { line: number; col: number }) => Problem[] | undefined;
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
  const composed = composeBounded(text, { lineCounter: lc, uniqueKeys: true });
  if (!composed.ok) {
    const pos = lc.linePos(composed.offset);
    return {
      ok: false,
      problems: [{
        code: `${opts.codePrefix}.too-deep`,
        message: `the file nests lists and mappings more than ${MAX_YAML_DEPTH} levels deep here; no valid file comes close`,
        where: { file: opts.file, line: pos.line, col: pos.col },
        hint: 'close each [ and { where it opens, and indent only under the key the lines belong to',
      }],
    };
  }
  const doc = composed.doc;
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => {
        const pos = e.linePos?.[0] ?? lc.linePos(e.pos[0]);
        const dup = e.code === 'DUPLICATE_KEY' ? duplicateKey(doc, lc, e) : undefined;
        if (dup) {
          return {
            code: `${opts.codePrefix}.duplicate-key`,
            message: `"${dup.key}" is given twice (first on line ${dup.firstLine}); each field may appear only once in the same place`,
            where: { file: opts.file, line: pos.line, col: pos.col, field: pathLabel(dup.path) },
            hint: 'keep one of the two lines and delete the other',
          };
        }
        const flow = /^Flow (map|sequence)/.test(e.message) ? openFlow(doc, lc, e) : undefined;
        if (flow) {
          // The parser notices an unclosed { or [ only on a later line; point at where it opens.
          const [open, close] = flow.map ? ['{', '}'] : ['[', ']'];
          return {
            code: `${opts.codePrefix}.yaml-syntax`,
            message: `not valid YAML: the ${open} that starts here is not closed with ${close} (or the line after it is not indented enough)`,
            where: { file: opts.file, line: flow.line, col: flow.col },
            hint: flow.map ? 'close it on the same line: term: { start: 2017-07-01, end: 2022-06-30 }' : 'close it on the same line: roles: [nurse, counselor]',
          };
        }
        const quote = e.code === 'MISSING_CHAR' && /quote/.test(e.message) ? openQuote(doc, lc, e) : undefined;
        if (quote) {
          // The parser notices a missing closing quote only where the file ends; point at where the quote opens.
          return {
            code: `${opts.codePrefix}.yaml-syntax`,
            message: 'not valid YAML: the quote that starts here is never closed',
            where: { file: opts.file, line: quote.line, col: quote.col },
            hint: 'end a quoted value with the same quote mark on the same line, such as "Tentative agreement, January 2019"',
          };
        }
        return {
          code: `${opts.codePrefix}.yaml-syntax`,
          message: `not valid YAML: ${e.message.split('\n')[0]}`,
          where: { file: opts.file, line: pos.line, col: pos.col },
          hint: 'indent with spaces, write one `key: value` per line, and do not repeat a key',
        };
      }),
    };
  }
  const contents = doc.contents as Node | null;
  if (!isMap(contents)) {
    // An empty file, or a list or a single value where the top level needs `key: value` lines.
    const pos = contents?.range ? lc.linePos(contents.range[0]) : { line: 1, col: 1 };
    const what = contents === null || (isScalar(contents) && contents.value === null) ? 'the file is empty' : `the file must be made of \`key: value\` lines, got ${showNode(contents)}`;
    return {
      ok: false,
      problems: [{ code: `${opts.codePrefix}.not-a-mapping`, message: what, where: { file: opts.file, line: pos.line, col: pos.col }, hint: opts.example?.([], undefined) ?? 'name: value' }],
    };
  }
  const locate = (path: Path) => locateNode(doc, lc, path);
  const aliasProblem = checkAliases(doc, lc, opts);
  if (aliasProblem) return { ok: false, problems: [aliasProblem] };
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    // The `yaml` library throws a ReferenceError when aliases copy more than MAX_ALIAS_COUNT nodes.
    if (!(e instanceof ReferenceError)) throw e;
    return { ok: false, problems: [aliasesExpand(doc, lc, opts)] };
  }
  const early = opts.precheck?.(raw, locate);
  if (early && early.length > 0) return { ok: false, problems: early };
  // `reportInput` keeps the offending value on each issue, so messages can say what was written.
  const result = opts.schema.safeParse(raw, { reportInput: true });
  if (result.success) return { ok: true, value: result.data, locate };
  const problems = result.error.issues.flatMap((issue) => describeIssue(issue, opts, doc, lc, raw));
  return { ok: false, problems: dedupe(problems) };
}

/** An alias (`*name`) with no anchor (`&name`) before it: named, with where it is. */
function checkAliases<T>(doc: Document, lc: LineCounter, opts: YamlSchemaOptions<T>): Problem | undefined {
  let found: Problem | undefined;
  visit(doc, {
    Alias(_, node) {
      if (node.resolve(doc) !== undefined) return;
      const pos = node.range ? lc.linePos(node.range[0]) : { line: 1, col: 1 };
      found = {
        code: `${opts.codePrefix}.yaml-alias`,
        message: `not valid YAML: the alias *${node.source} refers to no anchor &${node.source} written before it`,
        where: { file: opts.file, line: pos.line, col: pos.col },
        hint: 'write the value out instead of *name (or put &name on the value it repeats, above this line)',
      };
      return visit.BREAK;
    },
  });
  return found;
}

/** Aliases that copy too much (a "billion laughs" file): refused, pointing at the first alias. */
function aliasesExpand<T>(doc: Document, lc: LineCounter, opts: YamlSchemaOptions<T>): Problem {
  let pos = { line: 1, col: 1 };
  visit(doc, {
    Alias(_, node) {
      if (node.range) pos = lc.linePos(node.range[0]);
      return visit.BREAK;
    },
  });
  return {
    code: `${opts.codePrefix}.yaml-aliases`,
    message: `the aliases (*name) in this file copy more than ${MAX_ALIAS_COUNT} values in all; a proposal or dataset never needs that many`,
    where: { file: opts.file, line: pos.line, col: pos.col },
    hint: 'write the values out instead of repeating them with aliases',
  };
}

function describeIssue<T>(
  issue: z.core.$ZodIssue,
  opts: YamlSchemaOptions<T>,
  doc: Document,
  lc: LineCounter,
  raw: unknown,
): Problem[] {
  const locate = (p: Path) => locateNode(doc, lc, p);
  const path = issue.path as Path;
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const full = [...path, key];
      return {
        code: `${opts.codePrefix}.unknown-field`,
        // `{ amount: 1,000 }`: inside braces a comma separates fields, so the number's thousands arrive as a field "0" (000).
        message: /^\d+$/.test(String(key))
          ? `unknown field "${key}": inside { } a comma separates fields, so a number written with a thousands comma (1,000) is read as 1 and a field "${key}"; write the number without commas (1000)`
          : `unknown field "${key}"`,
        where: { file: opts.file, ...locateKey(doc, lc, path, key), field: pathLabel(full) },
        hint: opts.example?.(path, raw) ?? 'check the spelling against the documented fields',
      };
    });
  }
  if (issue.code === 'invalid_key' && path.length > 0) {
    // A bad key in a record (such as a date key in `values`): say what is wrong with the key, and point at the key.
    const inner = (issue as { issues?: z.core.$ZodIssue[] }).issues?.[0];
    const key = String(path[path.length - 1]);
    const message = inner ? `${inner.message}, got ${JSON.stringify(key)}` : `${JSON.stringify(key)} is not allowed here`;
    return [
      {
        code: `${opts.codePrefix}.${inner ? issueCode(inner) : 'invalid-key'}`,
        message,
        where: { file: opts.file, ...locateKey(doc, lc, path.slice(0, -1), key), field: pathLabel(path) },
        hint: opts.example?.(path, raw),
      },
    ];
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

/** Where the key `key` of the mapping at `path` is written (not its value). */
function locateKey(doc: Document, lc: LineCounter, path: Path, key: string): { line: number; col: number } {
  const map = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (isMap(map)) {
    const pair = map.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
    const node = pair?.key as Node | undefined;
    if (node?.range) return lc.linePos(node.range[0]);
  }
  return locateNode(doc, lc, [...path, key]);
}

/** Where the innermost `{ … }` or `[ … ]` that a flow-collection error ends at (or falls inside) begins. */
function openFlow(doc: Document, lc: LineCounter, e: YAMLError): { line: number; col: number; map: boolean } | undefined {
  let found: { line: number; col: number; map: boolean } | undefined;
  const check = (node: { flow?: boolean; range?: [number, number, number] | null }, map: boolean) => {
    if (node.flow && node.range && node.range[0] < e.pos[0] && e.pos[0] <= node.range[2]) found = { ...lc.linePos(node.range[0]), map };
  };
  visit(doc, { Map: (_, node) => check(node, true), Seq: (_, node) => check(node, false) });
  return found;
}

/** Where the quoted value that a missing-closing-quote error falls inside begins. */
function openQuote(doc: Document, lc: LineCounter, e: YAMLError): { line: number; col: number } | undefined {
  let found: { line: number; col: number } | undefined;
  visit(doc, {
    Scalar(_, node) {
      const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
      if (quoted && node.range && node.range[0] <= e.pos[0] && e.pos[0] <= node.range[2]) {
        found = lc.linePos(node.range[0]);
        return visit.BREAK;
      }
    },
  });
  return found;
}

/** For a duplicate-key error: which key, where it first appears and the path of its mapping. */
function duplicateKey(doc: Document, lc: LineCounter, e: YAMLError): { key: string; firstLine: number; path: Path } | undefined {
  let found: { key: string; firstLine: number; path: Path } | undefined;
  visit(doc, {
    Pair(_, pair, ancestors) {
      if (found || !isScalar(pair.key) || pair.key.range?.[0] !== e.pos[0]) return;
      const key = String(pair.key.value);
      const parent = ancestors[ancestors.length - 1];
      const first = isMap(parent) ? parent.items.find((p) => p !== pair && isScalar(p.key) && String(p.key.value) === key) : undefined;
      const firstNode = first?.key as Node | undefined;
      const path: Path = [];
      ancestors.forEach((a, i) => {
        const next = ancestors[i + 1] ?? pair;
        if (isPair(a) && isScalar(a.key)) path.push(String(a.key.value));
        else if (isSeq(a)) path.push(a.items.indexOf(next as never));
      });
      path.push(key);
      found = { key, firstLine: firstNode?.range ? lc.linePos(firstNode.range[0]).line : lc.linePos(e.pos[0]).line, path };
      return visit.BREAK;
    },
  });
  return found;
}

function issueCode(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  if (issue.code === 'invalid_type') return input === undefined ? 'missing-field' : 'wrong-type';
  if (issue.code === 'invalid_value' && input === undefined) return 'missing-field';
  const disc = discriminatorOf(issue);
  if (disc) return disc.value === undefined ? 'missing-field' : `unknown-${disc.name}`;
  if (issue.code === 'custom') return String((issue.params as { code?: string } | undefined)?.code ?? 'invalid');
  return issue.code.replace(/_/g, '-');
}

/** The tag of a discriminated union (such as a term's `kind`) that matched no option. */
function discriminatorOf(issue: z.core.$ZodIssue): { name: string; value: unknown; options: unknown[] } | undefined {
  const u = issue as { code: string; note?: string; discriminator?: string; options?: unknown[]; input?: unknown };
  if (u.code !== 'invalid_union' || u.note !== 'No matching discriminator' || !u.discriminator) return undefined;
  const value = u.input && typeof u.input === 'object' ? (u.input as Record<string, unknown>)[u.discriminator] : undefined;
  return { name: u.discriminator, value, options: u.options ?? [] };
}

function plainMessage(issue: z.core.$ZodIssue): string {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined ? `is required` : `must be ${article(issue.expected)}, got ${show(input)}`;
    case 'too_small':
      if (issue.origin === 'array') return `must list at least ${String(issue.minimum)} ${issue.minimum === 1 ? 'item' : 'items'}, got ${show(input)}`;
      if (issue.origin === 'string') return `must not be empty`;
      return `must be ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}, got ${show(input)}`;
    case 'too_big':
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}, got ${show(input)}`;
    case 'invalid_value':
      return input === undefined ? `is required` : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${show(input)}`;
    case 'invalid_union': {
      const disc = discriminatorOf(issue);
      if (disc?.value === undefined && disc) return `is required`;
      if (disc) return `${show(disc.value)} is not a known ${disc.name}; must be one of ${disc.options.map((v) => JSON.stringify(v)).join(', ')}`;
      return `does not match any allowed form, got ${show(input)}`;
    }
    default: {
      // Own messages (formats, refinements): add what was written when it is a plain value the message does not already quote.
      const scalar = typeof input === 'string' || typeof input === 'number' || typeof input === 'boolean';
      return scalar && !issue.message.includes(show(input)) ? `${issue.message}, got ${show(input)}` : issue.message;
    }
  }
}

function article(t: string): string {
  if (t === 'string') return 'text';
  return t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

/** `show` for a top-level node, without converting it (an alias in it may not resolve). */
function showNode(node: Node | null): string {
  if (isSeq(node)) return node.items.length === 0 ? 'an empty list' : 'a list';
  if (isScalar(node)) return show(node.value);
  return 'an alias (*name)';
}

export function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  // JSON.stringify writes these as null; the file said .inf, 1e309 or .nan.
  if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? 'not a number (.nan)' : `${v < 0 ? 'minus ' : ''}infinity (a number too large to hold)`;
  if (v === null) return 'an empty value';
  if (typeof v === 'object') return Array.isArray(v) ? (v.length === 0 ? 'an empty list' : 'a list') : 'a mapping';
  return JSON.stringify(v);
}

function locateNode(doc: Document, lc: LineCounter, path: Path): { line: number; col: number } {
  // Walk down as far as the path exists; a missing field points at its parent.
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
    if (node && typeof node === 'object' && 'range' in node && node.range) {
      // A field missing from a mapping that is the value of `key:` points at that key, not at the mapping's first field.
      if (n < path.length && n > 0 && isMap(node)) {
        const parent = doc.getIn(path.slice(0, n - 1), true);
        const pair = isMap(parent) ? parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(path[n - 1])) : undefined;
        const key = pair?.key as Node | undefined;
        if (key?.range) return lc.linePos(key.range[0]);
      }
      return lc.linePos(node.range[0]);
    }
    if (n === path.length && isScalar(node)) break;
  }
  return { line: 1, col: 1 };
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.where?.line}:${p.where?.col}:${p.where?.field}:${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
