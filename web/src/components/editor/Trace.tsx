/**
 * "How was this figure made?": every figure is a button that opens this dialog. A line shows
 * its formula and inputs with their units (from the costing result's trace); a total shows the
 * lines it sums, each with its own formula; a reserve shows the budget arithmetic behind it.
 */
import { useEffect, useRef } from 'react';
import { useLang, useMessages, type Lang } from '../../i18n.ts';
import { dollars, exactDollars, number, percent, sumCents, traceValue } from './format.ts';
import { M, type EditorKey } from './messages.ts';
import type { CostLine, ProjectionYear } from './result-types.ts';
import { UserText } from '../UserText.tsx';

export type Figure =
  | { kind: 'lines'; title: string; cents: number; lines: CostLine[] }
  | { kind: 'reserve'; title: string; year: ProjectionYear; without?: { endingBalanceCents: number; reservePct: number; beginningBalanceCents: number } };

export function FigureButton({ text, cents, onOpen, className }: { text: string; cents?: number; onOpen: () => void; className?: string }) {
  return (
    <button type="button" className={`ed-figure${className ? ` ${className}` : ''}`} data-cents={cents} aria-haspopup="dialog" onClick={onOpen}>
      {text}
    </button>
  );
}

function LineDetail({ line, lang }: { line: CostLine; lang: Lang }) {
  const t = useMessages(M);
  return (
    <div className="ed-trace-line">
      <p className="ed-trace-meta">
        {t(`cost.${line.kind}` as EditorKey)} · {t(line.nature === 'one-time' ? 'cost.oneTime' : 'cost.ongoing')} · {t('trace.unit', { unit: line.unit })}
        {line.population === 'added' && <> · {t('trace.addedPositions')}</>}
        {line.earnedFy && <> · {t('trace.earnedIn', { fy: line.earnedFy })}</>}
        {line.via && <> · {t('trace.via', { id: line.via })}</>}
        {line.fte > 0 && <> · {number(line.fte, lang)} {t('unit.fte')}</>}
      </p>
      <p className="ed-trace-formula"><span className="ed-trace-label">{t('trace.formula')}</span> <code>{line.trace.formula}</code></p>
      <table className="ed-trace-inputs">
        <caption className="visually-hidden">{t('trace.inputs')}</caption>
        <thead>
          <tr><th scope="col">{t('trace.input')}</th><th scope="col" className="num">{t('trace.value')}</th></tr>
        </thead>
        <tbody>
          {line.trace.inputs.map((i, k) => (
            <tr key={k}>
              <th scope="row"><UserText text={i.name} /></th>
              <td className="num">{traceValue(i, lang, { fte: t('unit.fte'), months: t('unit.months') })}</td>
            </tr>
          ))}
          <tr className="ed-trace-result">
            <th scope="row">{t('trace.result')}</th>
            <td className="num">{exactDollars(line.cents / 100, lang)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function LinesBody({ figure, lang }: { figure: Extract<Figure, { kind: 'lines' }>; lang: Lang }) {
  const t = useMessages(M);
  if (figure.lines.length === 0) return <p>{t('trace.noLines')}</p>;
  if (figure.lines.length === 1) {
    return (
      <>
        <p className="ed-trace-title">{figure.lines[0].label}</p>
        <LineDetail line={figure.lines[0]} lang={lang} />
      </>
    );
  }
  const total = sumCents(figure.lines);
  return (
    <>
      <p><span className="ed-trace-label">{t('trace.formula')}</span> {t('trace.sumOf', { n: figure.lines.length })}</p>
      <ul className="ed-trace-sum">
        {figure.lines.map((l, k) => (
          <li key={k}>
            <details open={figure.lines.length <= 3 || undefined}>
              <summary>
                <span className="ed-sum-row"><span>{l.label}</span> <span className="ed-num">{dollars(l.cents, lang)}</span></span>
              </summary>
              <LineDetail line={l} lang={lang} />
            </details>
          </li>
        ))}
      </ul>
      <p className="ed-trace-total">
        {t('trace.total')}: <strong>{exactDollars(total / 100, lang)}</strong>
        {total !== figure.cents && <> ({t('trace.mismatch', { shown: exactDollars(figure.cents / 100, lang) })})</>}
      </p>
    </>
  );
}

function ReserveBody({ figure, lang }: { figure: Extract<Figure, { kind: 'reserve' }>; lang: Lang }) {
  const t = useMessages(M);
  const y = figure.year;
  const w = figure.without;
  const money = (c: number) => exactDollars(c / 100, lang);
  const rows: [string, string][] = w
    ? [
        [t('reserve.beginning'), money(w.beginningBalanceCents)],
        [t('reserve.revenues'), money(y.revenueCents)],
        [t('reserve.baselineSpending'), money(y.baselineExpenditureCents)],
        [t('reserve.ending'), money(w.endingBalanceCents)],
        [t('reserve.committed'), money(y.committedCents)],
        [t('reserve.pct'), percent(w.reservePct, lang)],
        [t('reserve.required'), percent(y.requiredReservePct, lang)],
      ]
    : [
        [t('reserve.beginning'), money(y.beginningBalanceCents)],
        [t('reserve.revenues'), money(y.revenueCents)],
        [t('reserve.baselineSpending'), money(y.baselineExpenditureCents)],
        [t('reserve.proposalCost'), money(y.proposalCostCents)],
        [t('reserve.spending'), money(y.expenditureCents)],
        [t('reserve.ending'), money(y.endingBalanceCents)],
        [t('reserve.committed'), money(y.committedCents)],
        [t('reserve.pct'), percent(y.reservePct, lang)],
        [t('reserve.required'), percent(y.requiredReservePct, lang)],
      ];
  return (
    <>
      <p className="ed-trace-formula"><span className="ed-trace-label">{t('trace.formula')}</span> <code>{w ? t('reserve.formulaWithout') : t('reserve.formula')}</code></p>
      {y.extrapolated && <p className="ed-hint">{t('reserve.extrapolated')}</p>}
      <table className="ed-trace-inputs">
        <caption className="visually-hidden">{t('trace.inputs')}</caption>
        <thead><tr><th scope="col">{t('trace.input')}</th><th scope="col" className="num">{t('trace.value')}</th></tr></thead>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}><th scope="row">{k}</th><td className="num">{v}</td></tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function TraceDialog({ figure, onClose }: { figure: Figure | null; onClose: () => void }) {
  const t = useMessages(M);
  const lang = useLang();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (figure && !d.open) d.showModal();
    if (!figure && d.open) d.close();
  }, [figure]);
  return (
    <dialog ref={ref} className="ed-trace" aria-labelledby="ed-trace-title" onClose={onClose}>
      {figure && (
        <>
          <div className="ed-trace-head">
            <h2 id="ed-trace-title"><UserText text={figure.title} /></h2>
            <button type="button" className="ed-secondary" onClick={() => ref.current?.close()}>{t('trace.close')}</button>
          </div>
          {figure.kind === 'lines' && (
            <p className="ed-trace-amount">{exactDollars(figure.cents / 100, lang)}</p>
          )}
          {figure.kind === 'lines' ? <LinesBody figure={figure} lang={lang} /> : <ReserveBody figure={figure} lang={lang} />}
        </>
      )}
    </dialog>
  );
}
