/** Each paper site's state: sign-ins, whether the two counts agree (never whose differs how), the observer, accepted. */
import { useLang, useMessages } from '../../i18n.ts';
import { siteWords } from '../../pages/votes/site-messages.ts';
import { TableScroll } from '../TableScroll.tsx';
import { count } from '../workspace/format.ts';
import { UserText } from '../UserText.tsx';
import type { PaperCounts, PaperSite, Question } from './types.ts';

export function emptyCounts(questions: Question[]): PaperCounts {
  return { ballots: 0, spoiled: 0, answers: Object.fromEntries(questions.map((q) => [q.key, Object.fromEntries([...q.options.map((o) => [o.key, 0]), ['blank', 0]])])) };
}

export function PaperStatus({ sites }: { sites: PaperSite[] }) {
  const t = useMessages(siteWords);
  const lang = useLang();
  if (sites.length === 0) return null;
  return (
    <section aria-labelledby="vt-paper-status">
      <h2 id="vt-paper-status">{t('paper.status.title')}</h2>
      <TableScroll labelledBy="vt-paper-status">
        <table className="vt-table">
          <thead>
            <tr>
              <th scope="col">{t('paper.col.site')}</th><th scope="col" className="num">{t('paper.col.signins')}</th><th scope="col" className="num">{t('paper.col.entries')}</th>
              <th scope="col">{t('paper.col.agree')}</th><th scope="col">{t('paper.col.observer')}</th><th scope="col">{t('paper.col.accepted')}</th>
            </tr>
          </thead>
          <tbody>
            {sites.map((s) => (
              <tr key={s.worksiteId}>
                <th scope="row"><UserText text={s.worksite} /></th>
                <td className="num">{count(s.signIns, lang)}</td>
                <td className="num">{count(s.entries, lang)}</td>
                <td className={s.status === 'mismatch' || s.overSignIns ? 'error' : undefined}>{t(`paper.status.${s.status}`)}{s.overSignIns ? ` ${t('paper.over')}` : ''}</td>
                <td>{s.observerName ? <UserText text={s.observerName} /> : t('paper.no')}</td>
                <td>{s.accepted ? t('paper.yes') : t('paper.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
