/**
 * What each strike day costs the district (admin, budget office), from the days' attendance at
 * the sites, by the method of `settle strike-impact` (src/strike/impact.ts): per day and running
 * over the strike, to the cent, with the days file that reproduces it on the command line.
 */
import type { PageProps, Session } from '../../App.tsx';
import { useLang, useMessages, type Lang } from '../../i18n.ts';
import { Pending } from '../../components/workspace/parts.tsx';
import { useApi } from '../../components/workspace/useApi.ts';
import { Guard } from '../../components/pickets/parts.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';
import { count, longDate } from '../../components/workspace/format.ts';
import { displayText } from '../../text.ts';
import { st } from './messages.ts';
import { costsSites, SitesNav } from './parts.tsx';

interface Running { revenueLostCents: number; payNotPaidCents: number; substitutesCents: number; otherCostsCents: number; netCents: number }
interface CostDay {
  dayId: number;
  strike: number;
  inputs: { date: string; label: string; studentsAttending: number; classSitesWithoutAttendance: number };
  impact: Running & { date: string; studentsAttending: number; payNotPaidCents: number; running: Running };
}
interface Strike { from: string; to: string; datasetVersionIds: number[]; totals: Running & { days: number; from: string | null; to: string | null } }
interface StrikeCost { days: CostDay[]; strikes: Strike[]; classSitesWithoutAttendance: number; attendanceNotCounted: number; method: string[] }

/** To the cent: "$1,234,567.89". */
const cents = (c: number, lang: Lang) => new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(c / 100);

export function Cost({ session }: PageProps) {
  return <Guard allowed={costsSites(session)}><CostPage session={session as Session} /></Guard>;
}

function StrikeTable({ id, strike, days }: { id: string; strike: Strike; days: CostDay[] }) {
  const t = useMessages(st);
  const lang = useLang();
  const csv = strike.datasetVersionIds.length === 1 ? `/api/sites/cost.csv?datasetVersionId=${strike.datasetVersionIds[0]}` : null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('cost.over', { n: strike.totals.days, from: longDate(strike.from, lang), to: longDate(strike.to, lang) })}</h2>
      <TableScroll labelledBy={id}>
        <table className="st-cost">
          <thead><tr>
            <th scope="col">{t('cost.col.day')}</th><th scope="col">{t('cost.col.attending')}</th><th scope="col">{t('cost.col.revenue')}</th><th scope="col">{t('cost.col.pay')}</th>
            <th scope="col">{t('cost.col.subs')}</th><th scope="col">{t('cost.col.other')}</th><th scope="col">{t('cost.col.net')}</th><th scope="col">{t('cost.col.running')}</th>
          </tr></thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.dayId} data-date={d.impact.date}>
                <th scope="row">{longDate(d.impact.date, lang)}<br /><span className="muted">{displayText(d.inputs.label)}</span></th>
                <td>{count(d.impact.studentsAttending, lang)}</td>
                <td>{cents(d.impact.revenueLostCents, lang)}</td><td>{cents(d.impact.payNotPaidCents, lang)}</td><td>{cents(d.impact.substitutesCents, lang)}</td>
                <td>{cents(d.impact.otherCostsCents, lang)}</td><td>{cents(d.impact.netCents, lang)}</td><td>{cents(d.impact.running.netCents, lang)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot><tr>
            <th scope="row">{t('cost.total', { n: strike.totals.days })}</th><td />
            <td>{cents(strike.totals.revenueLostCents, lang)}</td><td>{cents(strike.totals.payNotPaidCents, lang)}</td><td>{cents(strike.totals.substitutesCents, lang)}</td>
            <td>{cents(strike.totals.otherCostsCents, lang)}</td><td>{cents(strike.totals.netCents, lang)}</td><td />
          </tr></tfoot>
        </table>
      </TableScroll>
      {csv && <p><a href={csv} download>{t('cost.csv')}</a></p>}
    </section>
  );
}

function CostPage({ session }: { session: Session }) {
  const t = useMessages(st);
  const lang = useLang();
  const cost = useApi<StrikeCost>('/api/sites/cost');
  const v = cost.state === 'done' ? cost.value : null;
  return (
    <div className="pk-page">
      <SitesNav session={session} here="cost" />
      <h1>{t('cost.title')}</h1>
      <p className="muted">{t('cost.intro')}</p>
      <Pending loaded={cost} />
      {v && v.days.length === 0 && <p>{t('cost.none')}</p>}
      {v && v.days.length > 0 && v.classSitesWithoutAttendance > 0 && <p role="note" className="st-flag">{t('cost.missing', { n: count(v.classSitesWithoutAttendance, lang) })}</p>}
      {v && v.days.length > 0 && v.attendanceNotCounted > 0 && <p role="note" className="muted">{t('cost.notCounted', { n: count(v.attendanceNotCounted, lang) })}</p>}
      {v && v.strikes.map((k, i) => <StrikeTable key={k.from} id={`st-cost-${i}`} strike={k} days={v.days.filter((d) => d.strike === i)} />)}
      {v && v.days.length > 0 && (
        <>
          <h2>{t('cost.method')}</h2>
          <ul>{v.method.map((m) => <li key={m}>{m}</li>)}</ul>
        </>
      )}
    </div>
  );
}
