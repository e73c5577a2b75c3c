import { formatDollars } from '../money/cents.ts';
import type { Change, Changes } from './changes.ts';
import { renderTable, type Row } from './table.ts';

const TYPE = { added: 'added', removed: 'removed', modified: 'changed' } as const;

/** What changed between two versions, one row per change with its cost effect by year. */
export function changesTable(c: Changes): string {
  const fys = c.toCents.map((y) => y.fy);
  const years = (list: { fy: string; cents: number }[]) => fys.map((fy) => formatDollars(list.find((y) => y.fy === fy)?.cents ?? 0));
  const effect = (x: Change) => [...fys.map((fy) => formatDollars(x.effect.find((e) => e.fy === fy)?.cents ?? 0)), formatDollars(x.totalCents)];
  const sum = (list: { cents: number }[]) => formatDollars(list.reduce((n, y) => n + y.cents, 0));
  const rows: Row[] = [[`${c.from.id} (cost)`, ...years(c.fromCents), sum(c.fromCents)]];
  const all = [...(c.header ? [c.header] : []), ...c.changes];
  for (const x of all) rows.push([`  ${TYPE[x.type]}: ${x.term}`, ...effect(x)]);
  rows.push('rule');
  rows.push([`${c.to.id} (cost)`, ...years(c.toCents), sum(c.toCents)]);
  const detail = all.map((x) => `  ${TYPE[x.type].padEnd(8)} ${x.term}: ${x.before ?? '(none)'}  →  ${x.after ?? '(none)'}`);
  return [
    `What changed from ${c.from.id} (${c.from.date}) to ${c.to.id} (${c.to.date})`,
    '',
    ...(detail.length ? detail : ['  nothing']),
    ...(c.unchanged.length ? [`  unchanged: ${c.unchanged.join(', ')}`] : []),
    '',
    'Cost effect of each change (each given the ones above it; they add up to the difference):',
    '',
    renderTable(['', ...fys, 'Total'], rows),
  ].join('\n');
}
