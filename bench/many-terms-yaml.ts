/** A proposal of n raise terms of 0.1% (the smallest a raise may be), effective on the first of successive months from `start` (three-year term), dated in its first fiscal year: start 2018-07-01 for data of 2018-19. */
export function rawProposalWithTerms({ n, unit, start }: { n: number; unit: string; start: string }): string {
  const y0 = Number(start.slice(0, 4));
  const lines = [`id: many-${n}`, `title: ${n} raises`, 'party: union', `unit: ${unit}`, `date: ${y0 + 1}-03-01`, `term: { start: ${start}, end: ${y0 + 3}-06-30 }`, 'terms:'];
  for (let i = 0; i < n; i++) {
    const m = (6 + (i % 36)) ;
    const y = y0 + Math.floor(m / 12);
    lines.push(`  - { kind: raise, pct: 0.1, effective: ${y}-${String((m % 12) + 1).padStart(2, '0')}-01 }`);
  }
  return `${lines.join('\n')}\n`;
}
