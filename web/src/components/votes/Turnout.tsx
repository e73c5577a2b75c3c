/**
 * Turnout: voted over eligible, by channel and by worksite. The server already puts worksites
 * with fewer than 5 voters together in one line, so no small site's turnout names anyone.
 */
import { useLang, useMessages } from '../../i18n.ts';
import { committeeWords } from '../../pages/votes/committee-messages.ts';
import { TableScroll } from '../TableScroll.tsx';
import { UserText } from '../UserText.tsx';
import { share } from './parts.tsx';
import type { Turnout } from './types.ts';
import { voteWords } from './vote-messages.ts';

export function TurnoutView({ turnout }: { turnout: Turnout }) {
  const t = useMessages(committeeWords);
  const v = useMessages(voteWords);
  const lang = useLang();
  return (
    <div className="vt-turnout">
      <p className="vt-headline">{v('results.turnout', { voted: turnout.voted, eligible: turnout.eligible, share: share(turnout.voted, turnout.eligible, lang) })}</p>
      {turnout.byChannel.length > 0 && (
        <>
          <h3>{t('turnout.channel')}</h3>
          <ul className="vt-channels">
            {turnout.byChannel.map((c) => <li key={c.channel}>{v(`channel.${c.channel}`)}: <strong>{c.voted}</strong></li>)}
          </ul>
        </>
      )}
      {turnout.byWorksite.length > 0 && (
        <>
          <h3 id="vt-by-site">{t('turnout.site')}</h3>
          <TableScroll labelledBy="vt-by-site">
            <table className="vt-table">
              <thead><tr><th scope="col">{t('turnout.col.site')}</th><th scope="col" className="num">{t('turnout.col.voted')}</th><th scope="col" className="num">{t('turnout.col.eligible')}</th><th scope="col" className="num">{t('turnout.col.share')}</th></tr></thead>
              <tbody>
                {turnout.byWorksite.map((w, i) => (
                  <tr key={i}>
                    <th scope="row">{w.grouped ? t('turnout.small', { n: w.grouped }) : w.worksite ? <UserText text={w.worksite} /> : t('turnout.nosite')}</th>
                    <td className="num">{w.voted}</td><td className="num">{w.eligible}</td><td className="num">{share(w.voted, w.eligible, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </div>
  );
}
