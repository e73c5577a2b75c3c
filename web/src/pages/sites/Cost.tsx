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
/** What settle strike-impact warns of a day (strike.weekend, strike.more-than-normal, strike.more-than-enrolled). */
interface DayWarning { code: string; message: string }
interface CostDay {
  dayId: number;
  datasetVersionId: number;
  strike: number;
  inputs: { date: string; label: string; studentsAttending: number; classSitesWithoutAttendance: number };
  impact: Running & { date: string; studentsAttending: number; normalAttendance: number; payNotPaidCents: number; running: Running };
  warnings: DayWarning[];
}
interface Strike {
  from: string; to: string; datasetVersionIds: number[]; totals: Running & { days: number; from: string | null; to: string | null };
  classSitesWithoutAttendance: number; attendanceNotCounted: number;
}
interface StrikeCost { days: CostDay[]; strikes: Strike[]; method: string[]; warnings: DayWarning[] }

/** The method's lines in the page's language, in the order of the server's (src/strike/impact.ts, METHOD). */
const METHOD_KEYS = ['cost.method.1', 'cost.method.2', 'cost.method.3', 'cost.method.4', 'cost.method.5', 'cost.method.6', 'cost.method.7'] as const;

/** To the cent: "$1,234,567.89". */
const cents = (c: number, lang: Lang) => new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(c / 100);

export function Cost({ session }: PageProps) {
  return <Guard allowed={costsSites(session)}><CostPage session={session as Session} /></Guard>;
}

/** A day's warning in the page's language: the server's words are the command line's (English). */
function warningText(w: DayWarning, d: CostDay, t: (key: keyof typeof st.en, vars?: Record<string, string | number>) => string, lang: Lang): string {
  const date = longDate(d.impact.date, lang);
  if (w.code === 'strike.weekend') {
    const weekday = new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${d.impact.date}T12:00:00Z`));
    return t('cost.warn.weekend', { date, weekday });
  }
  if (w.code === 'strike.more-than-normal') return t('cost.warn.moreThanNormal', { date, n: count(d.impact.studentsAttending, lang), normal: count(d.impact.normalAttendance, lang, 2) });
  if (w.code === 'strike.more-than-enrolled') return t('cost.warn.moreThanEnrolled', { date, n: count(d.impact.studentsAttending, lang) });
  if (w.code === 'site.no-substitute-rate') return t('cost.warn.noSubstituteRate', { date });
  return `${date}: ${w.message}`;
}

function StrikeTable({ id, strike, days }: { id: string; strike: Strike; days: CostDay[] }) {
  const t = useMessages(st);
  const lang = useLang();
  // This strike's days only (from, to), so settle strike-impact on the file totals what the table shows.
  const csv = strike.datasetVersionIds.length === 1 ? `/api/sites/cost.csv?datasetVersionId=${strike.datasetVersionIds[0]}&from=${strike.from}&to=${strike.to}` : null;
  const warned = days.flatMap((d) => d.warnings.map((w) => ({ key: `${d.dayId}-${w.code}`, text: warningText(w, d, t, lang) })));
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{strike.totals.days === 1 ? t('cost.over1', { from: longDate(strike.from, lang) }) : t('cost.over', { n: strike.totals.days, from: longDate(strike.from, lang), to: longDate(strike.to, lang) })}</h2>
      {strike.classSitesWithoutAttendance > 0 && <p role="note" className="st-flag">{t('cost.missing', { n: count(strike.classSitesWithoutAttendance, lang) })}</p>}
      {strike.attendanceNotCounted > 0 && <p role="note" className="muted">{t('cost.notCounted', { n: count(strike.attendanceNotCounted, lang) })}</p>}
      {warned.length > 0 && <div role="note" className="st-flag" aria-label={t('cost.warnings')}><ul>{warned.map((w) => <li key={w.key}>{w.text}</li>)}</ul></div>}
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
            <th scope="row">{strike.totals.days === 1 ? t('cost.total1') : t('cost.total', { n: strike.totals.days })}</th><td />
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
  const cost = useApi<StrikeCost>('/api/sites/cost');
  const v = cost.state === 'done' ? cost.value : null;
  return (
    <div className="pk-page">
      <SitesNav session={session} here="cost" />
      <h1>{t('cost.title')}</h1>
      <p className="muted">{t('cost.intro')}</p>
      <Pending loaded={cost} />
      {v && v.days.length === 0 && <p>{t('cost.none')}</p>}
      {v && v.warnings.some((w) => w.code === 'site.cost-several-datasets') && <p role="note" className="st-flag">{t('cost.severalDatasets', { n: new Set(v.days.map((d) => d.datasetVersionId)).size })}</p>}
      {v && v.strikes.map((k, i) => <StrikeTable key={k.from} id={`st-cost-${i}`} strike={k} days={v.days.filter((d) => d.strike === i)} />)}
      {v && v.days.length > 0 && (
        <>
          <h2>{t('cost.method')}</h2>
          {/* The server's lines as they are if it ever says more than the page knows (a new line stays visible, in English). */}
          <ul>{v.method.length === METHOD_KEYS.length ? METHOD_KEYS.map((k) => <li key={k}>{t(k)}</li>) : v.method.map((m) => <li key={m}>{m}</li>)}</ul>
        </>
      )}
    </div>
  );
}
