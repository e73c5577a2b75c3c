/**
 * The workspace's bargaining tables, round by round: every version passed either way, in
 * rounds set by the proposals' dates and contract terms (an agreement closes its round), never
 * by the order they were passed; the newest round by date gives the table's status. Each
 * version opens a comparison with the one before it in its own round (the server decides which).
 */
import { useLang, useMessages } from '../../i18n.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { longDate } from '../../components/workspace/format.ts';
import type { TableRounds } from '../../components/workspace/types.ts';
import { UserText } from '../../components/UserText.tsx';
import { home } from './messages.ts';

export function Rounds({ tables }: { tables: TableRounds[] }) {
  const t = useMessages(home);
  const lang = useLang();
  if (tables.length === 0) return null;
  return (
    <section aria-labelledby="ws-rounds" className="ws-rounds">
      <h2 id="ws-rounds">{t('rounds')}</h2>
      <p className="muted">{t('rounds.hint')}</p>
      {tables.map((table) => {
        const byId = new Map(table.versions.map((v) => [v.id, v]));
        const agreedAt = (id: number) => {
          const a = byId.get(id);
          return longDate(a?.countersignedAt ?? a?.date ?? '', lang);
        };
        const newest = table.rounds[0];
        return (
          <article key={table.id} className="card" data-table={table.id} aria-labelledby={`${table.id}-rounds`}>
            <h3 id={`${table.id}-rounds`}>{t('rounds.table', { district: table.district.name, union: table.union.name })}</h3>
            <p className="ws-table-status">{newest?.agreement != null ? t('rounds.agreed', { date: agreedAt(newest.agreement) }) : t('rounds.open')}</p>
            {table.rounds.map((round, i) => (
              <section key={i} className="ws-round" data-agreement={round.agreement ?? 'open'}>
                <h4>{round.agreement !== null ? t('round.agreement', { date: agreedAt(round.agreement) }) : t('round.open')}</h4>
                <ol>
                  {round.versions.map(({ id, before }) => {
                    const v = byId.get(id);
                    if (!v) return null;
                    return (
                      <li key={id} data-version={id}>
                        <time dateTime={v.date}>{longDate(v.date, lang)}</time>{' — '}
                        {t(`party.${v.party}`)}{', '}<UserText text={v.from.name} />{': '}
                        <Link to={`/workspace/versions/${id}`}><UserText text={v.title} /></Link>{' '}
                        <span className="muted">({t('version.short', { version: v.version })})</span>{' '}
                        {before !== null
                          ? <Link to={`/workspace/compare?versions=${before},${id}`}>{t('round.compare')}</Link>
                          : <span className="muted ws-small">{t('round.first')}</span>}
                      </li>
                    );
                  })}
                </ol>
              </section>
            ))}
          </article>
        );
      })}
    </section>
  );
}
