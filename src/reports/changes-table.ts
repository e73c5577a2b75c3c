import { formatDollars } from '../money/cents.ts';
import type { Change, Changes } from './changes.ts';
import { NOT_COSTED } from './provisions.ts';
import { EXTRAPOLATED_NOTE, yearHeading } from './certification-text.ts';
import { renderTable, type Row } from './table.ts';

const TYPE = { added: 'added', removed: 'removed', modified: 'changed', moved: 'unchanged, cost moved' } as const;

/** A change in plain words: what it was and what it is, or for a moved term why its cost changed. */
function detail(x: Change): string {
  const named = (text: string | null) => (text === null || text === x.title ? '' : ` (${text})`);
  if (x.type === 'moved') return `  Unchanged, but its cost moved with the changes above: ${x.title}${named(x.after)}`;
  if (x.type === 'added') return `  added    ${x.title}${named(x.after)}`;
  if (x.type === 'removed') return `  removed  ${x.title}${named(x.before)}`;
  return `  changed  ${x.title}: ${x.before ?? '(none)'}  →  ${x.after ?? '(none)'}`;
}

/** A row label short enough for a table; the full words are in the list above it. */
const short = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);
/** A term that costs nothing and has no title is told apart from the others by its words. */
const rowLabel = (x: Change) => (x.title === NOT_COSTED ? `${x.title}: ${x.before ?? x.after}` : x.title);

/**
 * What changed between two versions, one row per change with its cost effect by year, over the
 * years the table names. `extrapolated`: years past the district's own budget, starred.
 */
export function changesTable(c: Changes, extrapolated: string[] = []): string {
  const fys = c.toCents.map((y) => y.fy);
  const years = (list: { fy: string; cents: number }[]) => fys.map((fy) => formatDollars(list.find((y) => y.fy === fy)?.cents ?? 0));
  const effect = (x: Change) => [...fys.map((fy) => formatDollars(x.effect.find((e) => e.fy === fy)?.cents ?? 0)), formatDollars(x.totalCents)];
  const sum = (list: { cents: number }[]) => formatDollars(list.reduce((n, y) => n + y.cents, 0));
  const span = `${c.span.from} to ${c.span.to}`;
  const rows: Row[] = [[`${c.from.title} (cost)`, ...years(c.fromCents), sum(c.fromCents)]];
  const all = [...(c.header ? [c.header] : []), ...c.changes];
  for (const x of all) rows.push([`  ${TYPE[x.type]}: ${short(rowLabel(x))}`, ...effect(x)]);
  rows.push('rule');
  rows.push([`${c.to.title} (cost)`, ...years(c.toCents), sum(c.toCents)]);
  return [
    `What changed from ${c.from.title} (${c.from.date}) to ${c.to.title} (${c.to.date}), costed over ${span}`,
    '',
    ...(all.length ? all.map(detail) : ['  nothing']),
    ...(c.unchanged.length ? [`  unchanged: ${c.unchanged.length} term${c.unchanged.length > 1 ? 's' : ''}, at the same cost`] : []),
    '',
    `Cost effect of each change, ${span}. A term's row is the difference of its own lines between the versions (a raise's cost on added positions is on the raise's row; docs/costing.md, "Interactions").`,
    '',
    renderTable(['', ...fys.map((fy) => yearHeading(fy, extrapolated.includes(fy))), `Total, ${span}`], rows),
    `Check: the first row plus every change equals the last row, in each year and over exactly ${span}.`,
    ...(fys.some((fy) => extrapolated.includes(fy)) ? [EXTRAPOLATED_NOTE] : []),
    '',
  ].join('\n');
}
