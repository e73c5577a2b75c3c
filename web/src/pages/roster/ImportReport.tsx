/**
 * What an import would do, as its preview says: the counts, the first rows of the file, every
 * rejected row (line, field, reason, a valid example), the duplicates, the members it adds,
 * changes and removes, and the worksites matched to the district's schools or not. Long lists
 * show their first rows; the counts are whole. Everything from the file is shown as text.
 */
import { useLang, useMessages } from '../../i18n.ts';
import { count } from '../../components/workspace/format.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { UserText } from '../../components/UserText.tsx';
import { importing as words, roster } from './messages.ts';
import type { Preview } from './types.ts';

/** Rows of a list drawn at once: a whole roster (tens of thousands) would stall a phone. */
const SHOWN = 100;

export function ImportReport({ preview: p }: { preview: Preview }) {
  const t = useMessages(words);
  const r = useMessages(roster);
  const lang = useLang();
  const field = (f: string | null) => (f ? r(`field.${f}` as 'field.name') : r('field.row'));
  const text = (v: string | null) => (v === null || v === '' ? <span className="muted">{t('empty')}</span> : <UserText text={v} />);
  const more = (shown: number, n: number) => n > shown && <p className="muted">{t('more', { shown: count(shown, lang), n: count(n, lang) })}</p>;
  const dups = p.rejected.filter((x) => x.duplicateOf !== null);
  const keys = ['rows', 'accepted', 'rejectedRows', 'duplicates', 'adds', 'changes', 'removes', 'unchanged'] as const;

  return (
    <div className="ro-report">
      <h3>{t('counts')}</h3>
      <ul className="ws-cards ro-counts">
        {keys.map((k) => <li key={k} data-count={k}><strong>{count(p.counts[k], lang)}</strong> {t(`c.${k}`)}</li>)}
      </ul>

      <h3 id="ro-sample">{t('sample')}</h3>
      <TableScroll labelledBy="ro-sample">
        <table className="ro-sample">
          <thead><tr><th scope="col">{t('col.line')}</th>{p.columns.map((c, i) => <th scope="col" key={i}><UserText text={c} /></th>)}</tr></thead>
          <tbody>
            {p.sample.map((row) => (
              <tr key={row.line}><th scope="row">{row.line}</th>{row.cells.map((c, i) => <td key={i}><UserText text={c} /></td>)}</tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      <h3 id="ro-rejected">{t('rejected', { n: count(p.counts.rejectedRows, lang) })}</h3>
      {p.rejected.length === 0 ? <p className="muted">{t('rejected.none')}</p> : (
        <TableScroll labelledBy="ro-rejected">
          <table className="ro-rejected ro-stack">
            <thead><tr><th scope="col">{t('col.line')}</th><th scope="col">{t('col.field')}</th><th scope="col">{t('col.reason')}</th><th scope="col">{t('col.hint')}</th></tr></thead>
            <tbody>
              {p.rejected.map((x, i) => (
                <tr key={i} data-line={x.line}>
                  <th scope="row">{t('col.line')} {x.line}</th>
                  <td data-label={t('col.field')}>{field(x.field)}</td>
                  <td data-label={t('col.reason')}><UserText text={x.message} lang="en" /></td>
                  <td data-label={t('col.hint')}><UserText text={x.hint} lang="en" /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {p.rejected.length < p.counts.rejectedRows && <p className="muted">{t('rejected.more', { shown: count(p.rejected.length, lang), n: count(p.counts.rejectedRows, lang) })}</p>}

      {dups.length > 0 && (
        <>
          <h3>{t('duplicates', { n: count(p.counts.duplicates, lang) })}</h3>
          <ul className="ro-dups">
            {dups.map((x, i) => (
              <li key={i}>
                {x.duplicateOf?.line !== undefined
                  ? t('dup.line', { line: x.line, of: x.duplicateOf.line })
                  : t('dup.member', { line: x.line, memberId: x.duplicateOf?.memberId ?? '', name: x.duplicateOf?.name ?? '' })}
              </li>
            ))}
          </ul>
        </>
      )}

      <h3>{t('would')}</h3>
      <h4 id="ro-adds">{t('adds', { n: count(p.counts.adds, lang) })}</h4>
      {p.adds.length > 0 && (
        <TableScroll labelledBy="ro-adds">
          <table className="ro-adds ro-stack">
            <thead><tr><th scope="col">{r('col.name')}</th><th scope="col">{r('col.memberId')}</th><th scope="col">{r('col.worksite')}</th><th scope="col">{t('col.line')}</th></tr></thead>
            <tbody>
              {p.adds.slice(0, SHOWN).map((a) => (
                <tr key={a.line}>
                  <th scope="row"><UserText text={a.name} />{a.restored && <> <span className="ws-tag">{t('restored')}</span></>}</th>
                  <td data-label={r('col.memberId')}><UserText text={a.memberId} /></td>
                  <td data-label={r('col.worksite')}>{text(a.worksite)}</td>
                  <td data-label={t('col.line')}>{a.line}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {more(Math.min(SHOWN, p.adds.length), p.counts.adds)}

      <h4 id="ro-changes">{t('changes', { n: count(p.counts.changes, lang) })}</h4>
      {p.changes.length > 0 && (
        <ul className="ro-changes">
          {p.changes.slice(0, SHOWN).map((c) => (
            <li key={c.line}>
              <strong><UserText text={c.name} /></strong> (<UserText text={c.memberId} />)
              <ul>{c.changes.map((d) => <li key={d.field}>{r(`field.${d.field}`)}: {text(d.before)} → {text(d.after)}</li>)}</ul>
            </li>
          ))}
        </ul>
      )}
      {more(Math.min(SHOWN, p.changes.length), p.counts.changes)}

      <h4 id="ro-removes">{t('removes', { n: count(p.counts.removes, lang) })}</h4>
      {p.removes.length > 0 && (
        <ul className="ro-removes">
          {p.removes.slice(0, SHOWN).map((m) => <li key={m.memberId}><UserText text={m.name} /> (<UserText text={m.memberId} />){m.worksite && <>, <UserText text={m.worksite} /></>}</li>)}
        </ul>
      )}
      {more(Math.min(SHOWN, p.removes.length), p.counts.removes)}

      <h3>{t('worksites')}</h3>
      {p.datasetVersionId === null && <p className="muted">{t('noDataset')}</p>}
      <h4>{t('matched', { n: count(p.worksites.matched.length, lang) })}</h4>
      <ul className="ro-sites-matched">
        {p.worksites.matched.slice(0, SHOWN).map((w) => <li key={w.key}><UserText text={w.name} /> <span className="muted">({(w.members === 1 ? t('members.one') : t('members.n', { n: count(w.members, lang) }))})</span></li>)}
      </ul>
      <h4>{t('unmatched', { n: count(p.worksites.unmatched.length, lang) })}</h4>
      {p.worksites.unmatched.length > 0 && <p className="muted">{t('unmatched.intro')}</p>}
      <ul className="ro-sites-unmatched">
        {p.worksites.unmatched.slice(0, SHOWN).map((w) => (
          <li key={w.name}><UserText text={w.name} /> <span className="muted">({(w.members === 1 ? t('members.one') : t('members.n', { n: count(w.members, lang) }))}; {t('lines', { lines: w.lines.slice(0, 10).join(', ') + (w.lines.length > 10 ? '…' : '') })})</span></li>
        ))}
      </ul>
    </div>
  );
}
