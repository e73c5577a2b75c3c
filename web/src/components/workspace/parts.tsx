/** Small pieces the workspace pages share: loading and error lines, the brief cost per year, downloads. */
import { useLang, useMessages } from '../../i18n.ts';
import { common, home } from '../../pages/workspace/messages.ts';
import { money } from './format.ts';
import type { Loaded } from './useApi.ts';
import type { YearTotal } from './types.ts';

/** The loading line, or the server's message when it failed; null when loaded. */
export function Pending({ loaded }: { loaded: Loaded<unknown> }) {
  const t = useMessages(common);
  if (loaded.state === 'loading') return <p className="muted" aria-live="polite">{t('loading')}</p>;
  if (loaded.state === 'failed') {
    return (
      <div role="alert" className="ws-problem">
        <p className="error">{t('failed', { message: loaded.message })}</p>
        {loaded.hint && <p className="muted">{loaded.hint}</p>}
      </div>
    );
  }
  return null;
}

/** Cost per year in brief: the years with a cost. */
export function YearCosts({ years }: { years: YearTotal[] }) {
  const t = useMessages(home);
  const lang = useLang();
  const costed = years.filter((y) => y.totalCents !== 0);
  if (costed.length === 0) return <span className="muted">{t('cost.none')}</span>;
  return (
    <ul className="ws-years">
      {costed.map((y) => (
        <li key={y.fy}>
          <span className="ws-fy">{y.fy}</span> <span className="ws-amount">{money(y.totalCents, lang)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The disclosure downloads of a version: the PDF and the spreadsheet. */
export function Downloads({ id, title, version }: { id: number; title: string; version: number }) {
  const t = useMessages(home);
  return (
    <ul className="ws-downloads">
      <li><a href={`/api/proposal-versions/${id}/disclosure.pdf`} download aria-label={t('pdf.label', { title, version })}>{t('pdf')}</a></li>
      <li><a href={`/api/proposal-versions/${id}/disclosure.xlsx`} download aria-label={t('xlsx.label', { title, version })}>{t('xlsx')}</a></li>
    </ul>
  );
}
