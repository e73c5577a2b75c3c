/** Each paper site's state: sign-ins, whether the two counts agree (never whose differs how), the observer, accepted. */
import { useMessages } from '../../i18n.ts';
import { siteWords } from '../../pages/votes/site-messages.ts';
import { TableScroll } from '../TableScroll.tsx';
import { UserText } from '../UserText.tsx';
import type { Question } from './types.ts';

export interface PaperSite {
  worksite: { id: number; name: string };
  signIns: number;
  entries: number;
  agree: boolean | null;
  observer: string | null;
  accepted: boolean;
}

export interface Counts { ballots: number; spoiled: number; answers: Record<string, Record<string, number>> }

export function emptyCounts(questions: Question[]): Counts {
  return { ballots: 0, spoiled: 0, answers: Object.fromEntries(questions.map((q) => [q.key, Object.fromEntries([...q.options.map((o) => [o.key, 0]), ['blank', 0]])])) };
}

export function PaperStatus({ sites }: { sites: PaperSite[] }) {
  const t = useMessages(siteWords);
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
              <tr key={s.worksite.id}>
                <th scope="row"><UserText text={s.worksite.name} /></th>
                <td className="num">{s.signIns}</td>
                <td className="num">{s.entries}</td>
                <td className={s.agree === false ? 'error' : undefined}>{s.agree === null ? t('paper.agree.wait') : s.agree ? t('paper.agree.yes') : t('paper.agree.no')}</td>
                <td>{s.observer ? <UserText text={s.observer} /> : t('paper.no')}</td>
                <td>{s.accepted ? t('paper.yes') : t('paper.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
