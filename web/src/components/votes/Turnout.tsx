/**
 * Turnout: voted over eligible, by channel and by worksite. The server already puts worksites
 * with fewer than 5 voters together on one line (with the next smallest when only one has), so no small site's turnout points at anyone.
 */
import { useLang, useMessages } from '../../i18n.ts';
import { committeeWords } from '../../pages/votes/committee-messages.ts';
import { TableScroll } from '../TableScroll.tsx';
import { count } from '../workspace/format.ts';
import { UserText } from '../UserText.tsx';
import { percent, shareOf } from './shares.ts';
import { CHANNELS, type Turnout } from './types.ts';
import { voteWords } from './vote-messages.ts';

export function TurnoutView({ turnout }: { turnout: Turnout }) {
  const t = useMessages(committeeWords);
  const v = useMessages(voteWords);
  const lang = useLang();
  return (
    <div className="vt-turnout">
      <p className="vt-headline" data-testid="turnout">{v('results.turnout', { voted: count(turnout.voted, lang), eligible: count(turnout.eligible, lang), share: percent(turnout.turnout, lang) })}</p>
      <h3>{t('turnout.channel')}</h3>
      <ul className="vt-channels">
        {CHANNELS.map((c) => <li key={c}>{v(`channel.${c}`)}: <strong>{count(turnout.byChannel[c] ?? 0, lang)}</strong></li>)}
      </ul>
      {turnout.sites.length > 0 && (
        <>
          <h3 id="vt-by-site">{t('turnout.site')}</h3>
          <TableScroll labelledBy="vt-by-site">
            <table className="vt-table">
              <thead><tr><th scope="col">{t('turnout.col.site')}</th><th scope="col" className="num">{t('turnout.col.voted')}</th><th scope="col" className="num">{t('turnout.col.eligible')}</th><th scope="col" className="num">{t('turnout.col.share')}</th></tr></thead>
              <tbody>
                {turnout.sites.map((w, i) => (
                  <tr key={i}>
                    <th scope="row">{w.sites !== undefined ? t('turnout.small', { n: count(w.sites, lang) }) : <UserText text={w.name} />}</th>
                    <td className="num">{count(w.voted, lang)}</td><td className="num">{count(w.eligible, lang)}</td><td className="num">{percent(shareOf(w.voted, w.eligible), lang)}</td>
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
