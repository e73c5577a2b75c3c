/** A plain-text table for terminals: the first column left-aligned, the rest right-aligned. */
export type Row = string[] | 'rule' | { heading: string };

export function renderTable(header: string[], rows: Row[]): string {
  const widths = header.map((h) => h.length);
  for (const r of rows) if (Array.isArray(r)) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  const total = widths.reduce((s, w) => s + w, 0) + 2 * (widths.length - 1);
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  const out = [line(header), '-'.repeat(total)];
  for (const r of rows) {
    if (r === 'rule') out.push('-'.repeat(total));
    else if (Array.isArray(r)) out.push(line(r));
    else out.push(r.heading);
  }
  return out.join('\n') + '\n';
}
