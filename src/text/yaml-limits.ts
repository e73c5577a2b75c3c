/**
 * Bounds on what a YAML file may make the parser do, checked before anything recursive runs.
 *
 * The `yaml` library builds its document tree recursively, so a file nested thousands of
 * levels deep (`[[[[…` or ever-deeper indentation) would overflow the stack. Its tokenizer is
 * not recursive: the tokens are read first, their nesting measured with an explicit stack,
 * and only a file within the bound is composed into a document. Aliases (`*name`) are bounded
 * too (a "billion laughs" file expands a few lines into gigabytes), and an alias with no
 * anchor before it is named rather than thrown.
 */
import { Composer, Parser, YAMLParseError, type CST, type Document, type LineCounter } from 'yaml';

/** The deepest nesting of mappings and lists a file may have (a proposal needs about 6). */
export const MAX_YAML_DEPTH = 64;
/** How many nodes aliases may copy in all (the `yaml` library's own count, its default). */
export const MAX_ALIAS_COUNT = 100;

type Composed = { ok: true; doc: Document.Parsed } | { ok: false; offset: number; depth: number };

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

/**
 * A quick look before tokenizing: the offset where `[` and `{` (outside quotes and comments)
 * open more than `max` deep, or -1. Brackets inside plain text count too, so this only
 * answers for far deeper than any file goes; it spares tokenizing a megabyte of `[[[[`.
 */
export function flowTooDeepAt(text: string, max: number): number {
  let depth = 0;
  let quote = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (quote !== 0) {
      if (ch === 0x5c && quote === 0x22) i++;
      else if (ch === quote || ch === 0x0a) quote = 0;
    } else if (ch === 0x22 || ch === 0x27) quote = ch;
    else if (ch === 0x23 && (i === 0 || text.charCodeAt(i - 1) <= 0x20)) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    } else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return i;
    } else if (ch === 0x5d || ch === 0x7d) depth = Math.max(0, depth - 1);
  }
  return -1;
}

/** Tokenizes `text`, refuses it when nested deeper than MAX_YAML_DEPTH, else composes its (first) document. */
export function composeBounded(text: string, opts: { lineCounter: LineCounter; uniqueKeys: boolean }): Composed {
  const early = flowTooDeepAt(text, 4 * MAX_YAML_DEPTH);
  if (early >= 0) {
    opts.lineCounter.addNewLine(0);
    for (let i = text.indexOf('\n'); i >= 0 && i < early; i = text.indexOf('\n', i + 1)) opts.lineCounter.addNewLine(i + 1);
    return { ok: false, offset: early, depth: 4 * MAX_YAML_DEPTH + 1 };
  }
  const tokens = Array.from(new Parser(opts.lineCounter.addNewLine).parse(text));
  const stack: { token: CST.Token; depth: number }[] = tokens.map((token) => ({ token, depth: 0 }));
  while (stack.length > 0) {
    const { token, depth } = stack.pop()!;
    const d = COLLECTIONS.has(token.type) ? depth + 1 : depth;
    if (d > MAX_YAML_DEPTH) return { ok: false, offset: (token as { offset: number }).offset, depth: d };
    if (token.type === 'document' && token.value) stack.push({ token: token.value, depth: d });
    if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      for (const item of token.items) {
        if (item.key) stack.push({ token: item.key, depth: d });
        if (item.value) stack.push({ token: item.value, depth: d });
      }
    }
  }
  // logLevel 'error': what a file's author wrote oddly (a mapping as a key) is theirs to hear about, not the server's stderr.
  const composer = new Composer({ uniqueKeys: opts.uniqueKeys, prettyErrors: false, logLevel: 'error' });
  let doc: Document.Parsed | undefined;
  for (const d of composer.compose(tokens, true, text.length)) {
    if (!doc) doc = d;
    else {
      // As parseDocument does: one document per file.
      doc.errors.push(new YAMLParseError([d.range[0], d.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
  }
  return { ok: true, doc: doc! };
}
