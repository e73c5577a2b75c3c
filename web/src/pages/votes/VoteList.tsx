/**
 * /workspace/votes: the union's votes. The committee opens a vote's page or sets up a new one;
 * a member ("my votes") opens the page where they vote; a captain also opens a kiosk or the
 * paper tally of their worksite. The district never sees this (the server answers 404).
 */
import type { PageProps, Session } from '../../App.tsx';
import { useLang, useMessages } from '../../i18n.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { Pending } from '../../components/workspace/parts.tsx';
import { useApi } from '../../components/workspace/useApi.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { UserText } from '../../components/UserText.tsx';
import { when } from '../../components/votes/parts.tsx';
import { runsSites, runsVotes } from '../../components/votes/roles.ts';
import { stateOf } from '../../components/votes/state.ts';
import type { Vote } from '../../components/votes/types.ts';
import { voteWords } from '../../components/votes/vote-messages.ts';
import { common } from '../workspace/messages.ts';
import { committeeWords } from './committee-messages.ts';

export function VoteList({ session }: PageProps) {
  const s = session as Session;
  const t = useMessages(committeeWords);
  const v = useMessages(voteWords);
  const c = useMessages(common);
  const lang = useLang();
  const list = useApi<{ votes: Vote[] }>('/api/votes');
  const committee = runsVotes(s);
  const title = committee ? t('list.title') : t('list.mine');
  return (
    <div className="vt-page">
      <p><Link to="/workspace">{c('back')}</Link></p>
      <h1>{title}</h1>
      <p className="muted">{t('list.intro')}</p>
      {committee && <p><Link to="/workspace/votes/new" className="ws-button">{t('list.new')}</Link></p>}
      <Pending loaded={list} />
      {list.state === 'done' && list.value.votes.length === 0 && <p>{t('list.none')}</p>}
      {list.state === 'done' && list.value.votes.length > 0 && (
        <TableScroll label={title}>
          <table className="vt-list">
            <thead>
              <tr><th scope="col">{t('list.col.title')}</th><th scope="col">{t('list.col.state')}</th><th scope="col">{t('list.col.window')}</th></tr>
            </thead>
            <tbody>
              {list.value.votes.map((vote) => (
                <tr key={vote.id}>
                  <th scope="row">
                    <Link to={committee ? `/workspace/votes/${vote.id}` : `/vote/${vote.id}`}><UserText text={vote.title} /></Link>
                    <div className="muted">{v(`kind.${vote.kind}`)}</div>
                    {!committee && runsSites(s) && (
                      <div className="vt-links">
                        {vote.channels.includes('kiosk') && <Link to={`/workspace/votes/${vote.id}/kiosk`}>{t('list.kiosk')}</Link>}
                        {vote.channels.includes('paper') && <Link to={`/workspace/votes/${vote.id}/paper`}>{t('list.paper')}</Link>}
                      </div>
                    )}
                  </th>
                  <td>{v(`state.${stateOf(vote, Date.now())}`)}</td>
                  <td>{t('list.window', { opens: when(vote.opensAt, lang), closes: when(vote.closesAt, lang) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
