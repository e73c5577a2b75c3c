import type { Block, TableRow } from './blocks.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(head: string[], rows: TableRow[], numeric: boolean[]): string[] {
  const label = (r: TableRow, c: string, i: number) => {
    if (i !== 0) return r.style === 'total' && c !== '' ? `**${cell(c)}**` : cell(c);
    if (r.style === 'total' || r.style === 'group') return `**${cell(c)}**`;
    return cell(c);
  };
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `|${numeric.map((n) => (n ? '---:' : ':---')).join('|')}|`,
    ...rows.map((r) => `| ${r.cells.map((c, i) => label(r, c, i)).join(' | ')} |`),
  ];
}

/** The disclosure as Markdown (GitHub-flavoured tables), for review and diffing. */
export function renderMarkdown(blocks: Block[]): string {
  const out: string[] = [];
  for (const b of blocks) {
    switch (b.kind) {
      case 'title': out.push(`# ${b.text}`, '', b.subtitle); break;
      case 'heading': out.push(`## ${b.text}`); break;
      case 'subheading': out.push(`### ${b.text}`); break;
      case 'paragraph': out.push(b.style === 'callout' ? `**${b.text}**` : b.style === 'note' ? `_${b.text}_` : b.text); break;
      case 'facts':
        out.push(...table(['', ''], b.rows.map(([k, v]) => ({ cells: [k, v] })), [false, false]));
        if (b.source) out.push('', `_Source: ${b.source}_`);
        break;
      case 'table': out.push(...table(b.head, b.rows, b.numeric), '', `_Source: ${b.source}_`); break;
      case 'list': out.push(...b.items.map((i) => `- ${i}`)); break;
      case 'quote': out.push(...b.text.map((t) => `> ${t}`).join('\n>\n').split('\n'), '>', `> — ${b.cite}`); break;
      case 'chart': out.push(`_Chart: ${b.title}. It is drawn in the HTML and PDF versions of this disclosure (\`settle disclose --format html\`)._`); break;
      case 'checkboxes': out.push(...b.items.map((i) => `- [ ] ${i}`)); break;
      case 'signatures':
        for (const role of b.roles) out.push(`${role}`, '', 'Name: ______________________________  Signature: ______________________________  Date: ____________', '');
        out.pop();
        break;
      case 'pagebreak': out.push('---'); break;
    }
    out.push('');
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}
