/**
 * The workspace's home: who you are and who is across the table, the data in use, your
 * proposals with every version (cost per year in brief, passed and published), the versions
 * passed to you, each table's rounds by date (Rounds.tsx), and a choice of versions to compare. Only what your role may do is shown;
 * the server checks every request anyway.
 */
import { useEffect, useMemo, useState } from 'react';
import type { PageProps, Session } from '../../App.tsx';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { navigate } from '../../router.ts';
import { href } from '../../App.tsx';
import { Link } from '../../components/workspace/Link.tsx';
import { Downloads, Pending, YearCosts } from '../../components/workspace/parts.tsx';
import { count, longDate } from '../../components/workspace/format.ts';
import { may } from '../../components/workspace/permissions.ts';
import { useApi, type Loaded } from '../../components/workspace/useApi.ts';
import { newestFirst, type DatasetList, type OrganizationAnswer, type ProposalDetail, type ProposalList } from '../../components/workspace/types.ts';
import { common, home } from './messages.ts';
import { runsVotes } from '../../components/votes/roles.ts';
import { committeeWords } from '../votes/committee-messages.ts';
import { UserText } from '../../components/UserText.tsx';
import { displayText } from '../../text.ts';
import { people } from './people-messages.ts';
import { roster } from '../roster/messages.ts';
import { Rounds } from './Rounds.tsx';
import { pk } from '../pickets/messages.ts';
import { st } from '../sites/messages.ts';
import { TableScroll } from '../../components/TableScroll.tsx';

/** Versions picked to compare, with the date that orders them (drafted for your own, passed for received). */
type Picked = Map<number, string>;

export function Home({ session }: PageProps) {
  const s = session as Session;
  const t = useMessages(home);
  const c = useMessages(common);
  const pm = useMessages(people);
  const rm = useMessages(roster);
  const vw = useMessages(committeeWords);
  const pkm = useMessages(pk);
  const stm = useMessages(st);
  const lang = useLang();
  const org = useApi<OrganizationAnswer>('/api/organization');
  const datasets = useApi<DatasetList>(may(s, 'dataset.read') ? '/api/datasets' : null);
  const list = useApi<ProposalList>(may(s, 'proposal.read') ? '/api/proposals' : null);
  const [details, setDetails] = useState<Map<number, ProposalDetail>>(new Map());
  const [picked, setPicked] = useState<Picked>(new Map());

  useEffect(() => {
    if (list.state !== 'done') return;
    let gone = false;
    Promise.all(list.value.proposals.map((p) => api<ProposalDetail>('GET', `/api/proposals/${p.id}`))).then(
      (all) => !gone && setDetails(new Map(all.map((d) => [d.id, d]))),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [list]);

  const toggle = (id: number, when: string) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = new Map(picked);
    if (e.target.checked) next.set(id, when);
    else next.delete(id);
    setPicked(next);
  };
  const chosen = useMemo(() => [...picked.entries()].sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] - b[0])).map(([id]) => id), [picked]);
  const compare = () => navigate(href(`/workspace/compare?versions=${chosen.join(',')}`, lang));

  return (
    <div className="ws-home">
      <h1><UserText text={s.organization.name} /></h1>
      <p>{t('who', { name: s.person.name, role: c(`role.${s.person.role}` as 'role.admin'), kind: c(`kind.${s.organization.kind}`) })}</p>
      <Across loaded={org} />
      {may(s, 'people.manage') && <p><Link to="/workspace/people">{pm('people.link')}</Link></p>}
      {may(s, 'roster.read') && <p><Link to="/workspace/roster">{rm('link')}</Link></p>}
      {s.organization.kind === 'union' && <p><Link to="/workspace/pickets">{pkm('link')}</Link></p>}
      {s.organization.kind === 'district' && <p><Link to={s.person.role === 'site-administrator' ? '/workspace/sites/report' : '/workspace/sites'}>{stm('link')}</Link></p>}
      {s.organization.kind === 'union' && <p><Link to="/workspace/votes">{vw(runsVotes(s) ? 'list.title' : 'list.mine')}</Link></p>}

      {may(s, 'dataset.read') && (
        <section aria-labelledby="ws-data">
          <h2 id="ws-data">{t('data')}</h2>
          <Pending loaded={datasets} />
          {datasets.state === 'done' && <DataInUse list={datasets.value} />}
        </section>
      )}

      {may(s, 'proposal.read') && (
        <>
          <section aria-labelledby="ws-mine">
            <div className="ws-heading-row">
              <h2 id="ws-mine">{t('mine')}</h2>
              {may(s, 'proposal.write') && <Link to="/workspace/proposals/new" className="ws-button">{t('new')}</Link>}
            </div>
            <Pending loaded={list} />
            {list.state === 'done' && list.value.proposals.length === 0 && <p className="muted">{t('mine.none')}</p>}
            {list.state === 'done' && list.value.proposals.map((p) => (
              <article key={p.id} className="card ws-proposal">
                <div className="ws-heading-row">
                  <h3><UserText text={p.title} /></h3>
                  <span className="muted">{p.versions === 1 ? t('versions.one') : t('versions.count', { n: p.versions })}</span>
                  {may(s, 'proposal.write') && <Link to={`/workspace/proposals/${p.id}`}>{t('edit')}<span className="visually-hidden"> <UserText text={p.title} /></span></Link>}
                </div>
                <TableScroll label={displayText(p.title)}>
                  <table className="ws-versions">
                    <thead>
                      <tr>
                        <th scope="col">{t('col.select')}</th><th scope="col">{t('col.version')}</th><th scope="col">{t('col.drafted')}</th>
                        <th scope="col">{t('col.cost')}</th><th scope="col">{t('col.state')}</th><th scope="col">{t('col.files')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {(details.get(p.id)?.versions ?? [p.latest]).map((v) => (
                        <tr key={v.id} data-version={v.id}>
                          <td><input type="checkbox" checked={picked.has(v.id)} onChange={toggle(v.id, v.createdAt)} aria-label={t('select.label', { title: v.title, version: v.version })} /></td>
                          <td>
                            <Link to={`/workspace/versions/${v.id}`} aria-label={`${t('open', { version: v.version })}: ${displayText(v.title)}`}>{t('open', { version: v.version })}</Link>
                            <div className="muted ws-small"><UserText text={v.title} /></div>
                          </td>
                          <td>{longDate(v.createdAt, lang)}<div className="muted ws-small">{v.createdBy}</div></td>
                          <td><YearCosts years={v.years} /></td>
                          <td>
                            {v.passed ? <span className="ws-state ws-passed">{t('state.passed', { to: v.passed.to.name, date: longDate(v.passed.at, lang) })}</span> : <span className="ws-state ws-draft">{t('state.draft')}</span>}
                            {v.published && <span className="ws-state ws-published">{t('state.published', { date: longDate(v.published.at, lang) })}</span>}
                            <span className="muted ws-small">{t('certification', { cert: c(`cert.${v.certification}`) })}</span>
                          </td>
                          <td><Downloads id={v.id} title={v.title} version={v.version} /></td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              </article>
            ))}
          </section>

          <section aria-labelledby="ws-received">
            <h2 id="ws-received">{t('received')}</h2>
            {list.state === 'done' && list.value.received.length === 0 && <p className="muted">{t('received.none')}</p>}
            {list.state === 'done' && list.value.received.length > 0 && (
              <TableScroll labelledBy="ws-received" className="card">
                <table className="ws-versions ws-received">
                  <thead>
                    <tr>
                      <th scope="col">{t('col.select')}</th><th scope="col">{t('col.version')}</th><th scope="col">{t('col.from')}</th>
                      <th scope="col">{t('col.cost')}</th><th scope="col">{t('col.state')}</th><th scope="col">{t('col.files')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.value.received.map((r) => (
                      <tr key={r.id} data-version={r.id}>
                        <td><input type="checkbox" checked={picked.has(r.id)} onChange={toggle(r.id, r.passedAt)} aria-label={t('select.label', { title: r.title, version: r.version })} /></td>
                        <td>
                          <Link to={`/workspace/versions/${r.id}`}><UserText text={r.title} /></Link>
                          <div className="muted ws-small">{t('version.n', { version: r.version })}</div>
                        </td>
                        <td><UserText text={r.from.name} /></td>
                        <td><YearCosts years={r.years} /></td>
                        <td>
                          <span className="ws-state ws-passed">{t('state.received', { date: longDate(r.passedAt, lang) })}</span>
                          {r.publishedAt && <span className="ws-state ws-published">{t('state.published', { date: longDate(r.publishedAt, lang) })}</span>}
                          {r.awaitingCountersignature && <span className="ws-state ws-awaiting">{t('state.awaitingCountersignature')}</span>}
                          {r.countersigned && <span className="ws-state ws-agreement">{t('state.countersigned', { date: longDate(r.countersigned.at, lang) })}</span>}
                          <span className="muted ws-small">{t('certification', { cert: c(`cert.${r.certification}`) })}</span>
                        </td>
                        <td><Downloads id={r.id} title={r.title} version={r.version} /></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>

          {list.state === 'done' && <Rounds tables={list.value.tables ?? []} />}

          <section className={`ws-compare-bar card${chosen.length > 0 ? ' ws-sticky' : ''}`} aria-labelledby="ws-compare-title">
            <h2 id="ws-compare-title" className="visually-hidden">{t('compare')}</h2>
            <p className="muted">{t('compare.hint')}</p>
            <div className="ws-heading-row">
              <button type="button" onClick={compare} disabled={chosen.length < 2 || chosen.length > 6}>{t('compare')}</button>
              <span aria-live="polite">{t('compare.count', { n: chosen.length })}{chosen.length > 6 ? ` — ${t('compare.tooMany')}` : ''}</span>
            </div>
          </section>
        </>
      )}
    </div>
  );
}

function Across({ loaded }: { loaded: Loaded<OrganizationAnswer> }) {
  const t = useMessages(home);
  if (loaded.state !== 'done') return <Pending loaded={loaded} />;
  const across = loaded.value.acrossTheTable;
  return (
    <p>
      <strong>{t('across')}:</strong>{' '}
      {across.length === 0 ? <span className="muted">{t('across.none')}</span> : across.map((o) => (o.unit ? t('across.unit', { name: o.name, unit: o.unit }) : o.name)).join(' · ')}
    </p>
  );
}

function DataInUse({ list }: { list: DatasetList }) {
  const t = useMessages(home);
  const lang = useLang();
  const newest = newestFirst(list.datasets)[0];
  if (!newest) return <p className="muted">{t('data.none')}</p>;
  const { d, v } = newest;
  return (
    <div className="card ws-data">
      <p><strong>{t('data.version', { name: d.name, version: v.version, date: longDate(v.createdAt, lang) })}</strong></p>
      <p>{t('data.counts', { schools: count(v.summary.schools, lang), students: count(v.summary.students, lang), employees: count(v.summary.employees, lang), year: v.summary.baseFiscalYear })}</p>
      <p><Link to={`/workspace/dataset?version=${v.id}`}>{t('data.glance')}</Link></p>
    </div>
  );
}
