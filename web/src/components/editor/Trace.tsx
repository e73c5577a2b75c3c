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
import { TableScroll } from '../TableScroll.tsx';

/** A cost line, with the fiscal year it falls in when the figure spans several years. */
export type TracedLine = CostLine & { fy?: string };

export type Figure =
  /** `years`: the years a figure over several years covers, each named in its trace (with $0 where nothing falls). */
  | { kind: 'lines'; title: string; cents: number; lines: TracedLine[]; years?: string[] }
  | { kind: 'reserve'; title: string; year: ProjectionYear; without?: { endingBalanceCents: number; reservePct: number; beginningBalanceCents: number } };

export function FigureButton({ text, cents, onOpen, className }: { text: string; cents?: number; onOpen: () => void; className?: string }) {
  return (
    <button type="button" className={`ed-figure${className ? ` ${className}` : ''}`} data-cents={cents} aria-haspopup="dialog" onClick={onOpen}>
      {text}
    </button>
  );
}

/** Term ids → the names readers know them by (a term's title or its plain-words description). */
type Names = ReadonlyMap<string, string>;

/** The lines of a figure over several years (with their `fy`), in each year's order. */
export function linesByYear(years: { fy: string; lines: CostLine[] }[], pick: (l: CostLine) => boolean = () => true): TracedLine[] {
  return years.flatMap((y) => y.lines.filter(pick).map((l) => ({ ...l, fy: y.fy })));
}

/** Every term's name as the costing gave it (`termTitle`: its title, or its description in plain words). */
export function termNames(years: { lines: CostLine[] }[]): Names {
  const names = new Map<string, string>();
  for (const y of years) for (const l of y.lines) if (!names.has(l.term)) names.set(l.term, l.termTitle);
  return names;
}

function LineDetail({ line, lang, names }: { line: CostLine; lang: Lang; names: Names }) {
  const t = useMessages(M);
  return (
    <div className="ed-trace-line">
      <p className="ed-trace-meta">
        {t(`cost.${line.kind}` as EditorKey)} · {t(line.nature === 'one-time' ? 'cost.oneTime' : 'cost.ongoing')} · {t('trace.unit', { unit: line.unit })}
        {line.population === 'added' && <> · {t('trace.addedPositions')}</>}
        {line.earnedFy && <> · {t('trace.earnedIn', { fy: line.earnedFy })}</>}
        {line.via && <> · {t('trace.via', { id: names.get(line.via) ?? line.via })}</>}
        {line.fte > 0 && <> · {number(line.fte, lang)} {t('unit.fte')}</>}
      </p>
      <p className="ed-trace-formula"><span className="ed-trace-label">{t('trace.formula')}</span> <code>{line.trace.formula}</code></p>
      <TableScroll label={t('trace.inputs')}>
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
      </TableScroll>
    </div>
  );
}

function LineList({ lines, lang, names, openAll }: { lines: TracedLine[]; lang: Lang; names: Names; openAll: boolean }) {
  return (
    <ul className="ed-trace-sum">
      {lines.map((l, k) => (
        <li key={k}>
          <details open={openAll || undefined}>
            <summary>
              <span className="ed-sum-row"><span>{l.label}</span> <span className="ed-num">{dollars(l.cents, lang)}</span></span>
            </summary>
            <LineDetail line={l} lang={lang} names={names} />
          </details>
        </li>
      ))}
    </ul>
  );
}

function LinesBody({ figure, lang, names }: { figure: Extract<Figure, { kind: 'lines' }>; lang: Lang; names: Names }) {
  const t = useMessages(M);
  const total = sumCents(figure.lines);
  const years = figure.years ?? [...new Set(figure.lines.map((l) => l.fy).filter((fy): fy is string => fy !== undefined))];
  const sum = (
    <p className="ed-trace-total">
      {t('trace.total')}: <strong>{exactDollars(total / 100, lang)}</strong>
      {total !== figure.cents && <> ({t('trace.mismatch', { shown: exactDollars(figure.cents / 100, lang) })})</>}
    </p>
  );
  // Over several years: each year named with its own sum ("2019-20: $…"), its lines under it.
  if (years.length > 1) {
    return (
      <>
        <p><span className="ed-trace-label">{t('trace.formula')}</span> {t('trace.byYear', { n: years.length })}</p>
        <ul className="ed-trace-years">
          {years.map((fy) => {
            const lines = figure.lines.filter((l) => l.fy === fy);
            const cents = sumCents(lines);
            return (
              <li key={fy} data-fy={fy}>
                <details open={figure.lines.length <= 3 || undefined}>
                  <summary>
                    <span className="ed-sum-row"><span className="ed-trace-fy">{fy}:</span> <span className="ed-num">{dollars(cents, lang)}</span></span>
                  </summary>
                  {lines.length === 0 ? <p className="ed-hint">{t('trace.yearNothing')}</p> : <LineList lines={lines} lang={lang} names={names} openAll={lines.length <= 3} />}
                </details>
              </li>
            );
          })}
        </ul>
        {sum}
      </>
    );
  }
  if (figure.lines.length === 0) return <p>{t('trace.noLines')}</p>;
  if (figure.lines.length === 1) {
    return (
      <>
        <p className="ed-trace-title">{figure.lines[0].label}</p>
        <LineDetail line={figure.lines[0]} lang={lang} names={names} />
      </>
    );
  }
  return (
    <>
      <p><span className="ed-trace-label">{t('trace.formula')}</span> {t('trace.sumOf', { n: figure.lines.length })}</p>
      <LineList lines={figure.lines} lang={lang} names={names} openAll={figure.lines.length <= 3} />
      {sum}
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
      <TableScroll label={t('trace.inputs')}>
      <table className="ed-trace-inputs">
        <caption className="visually-hidden">{t('trace.inputs')}</caption>
        <thead><tr><th scope="col">{t('trace.input')}</th><th scope="col" className="num">{t('trace.value')}</th></tr></thead>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}><th scope="row">{k}</th><td className="num">{v}</td></tr>
          ))}
        </tbody>
      </table>
      </TableScroll>
    </>
  );
}

export function TraceDialog({ figure, onClose, names = new Map() }: { figure: Figure | null; onClose: () => void; names?: Names }) {
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
          {figure.kind === 'lines' ? <LinesBody figure={figure} lang={lang} names={names} /> : <ReserveBody figure={figure} lang={lang} />}
        </>
      )}
    </dialog>
  );
}
