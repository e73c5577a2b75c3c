/**
 * A counted vote's results: per question each choice's votes and share of the ballots that
 * answered it (blanks apart), whether it passed (decided by the server on the exact ratio), and
 * the turnout. Shares in the table to one decimal place, as the server rounds them; the share
 * beside the verdict and the threshold to the threshold's own precision, so the two never read
 * against the verdict (shares.ts); counts in the page's language's number format (25,500).
 */
import { useLang, useMessages } from '../../i18n.ts';
import { TableScroll } from '../TableScroll.tsx';
import { count } from '../workspace/format.ts';
import { UserText } from '../UserText.tsx';
import { percent, shareOf, thresholdPercent, verdictPercent } from './shares.ts';
import type { Question, Results as ResultsShape } from './types.ts';
import { voteWords } from './vote-messages.ts';
import { TurnoutView } from './Turnout.tsx';

export function Results({ results, questions }: { results: ResultsShape; questions: Question[] }) {
  const v = useMessages(voteWords);
  const lang = useLang();
  // Members signed in for a paper ballot whose ballot is in no site's tally (neither counted nor spoiled).
  const gap = (results.byChannel.paper ?? 0) - results.ballots.paper - results.ballots.spoiled;
  return (
    <div className="vt-results">
      {results.questions.map((r) => {
        const q = questions.find((x) => x.key === r.key);
        const label = (key: string) => q?.options.find((o) => o.key === key)?.label ?? key;
        const keys = q ? q.options.map((o) => o.key) : Object.keys(r.counts);
        return (
          <section key={r.key} className="card vt-result" aria-labelledby={`r-${r.key}`}>
            <h3 id={`r-${r.key}`}><UserText text={r.text} /></h3>
            <p className={r.passed ? 'ok vt-verdict' : 'error vt-verdict'}>
              {r.passed ? v('results.passed') : v('results.failed')}: {v('results.summary', { share: verdictPercent(r.counts[r.passOption] ?? 0, r.answered, r.threshold, r.passed, lang), option: label(r.passOption) })}
            </p>
            <TableScroll label={r.text}>
              <table className="vt-table">
                <thead><tr><th scope="col">{v('results.option')}</th><th scope="col" className="num">{v('results.votes')}</th><th scope="col" className="num">{v('results.share')}</th></tr></thead>
                <tbody>
                  {keys.map((k) => (
                    <tr key={k}><th scope="row"><UserText text={label(k)} /></th><td className="num">{count(r.counts[k] ?? 0, lang)}</td><td className="num">{percent(shareOf(r.counts[k] ?? 0, r.answered), lang)}</td></tr>
                  ))}
                  <tr className="muted"><th scope="row">{v('results.blank')}</th><td className="num">{count(r.blank, lang)}</td><td className="num" /></tr>
                </tbody>
              </table>
            </TableScroll>
            <p className="muted">{v('results.needs', { option: label(r.passOption), share: thresholdPercent(r.threshold, lang) })}</p>
          </section>
        );
      })}
      <TurnoutView turnout={results} />
      <p className="vt-ballots" data-testid="ballots">{v('results.ballots', { opened: count(results.ballots.opened, lang), paper: count(results.ballots.paper, lang), spoiled: count(results.ballots.spoiled, lang) })}</p>
      {gap > 0 && <p className="muted" data-testid="paper-gap">{v('results.paperGap', { n: count(gap, lang) })}</p>}
    </div>
  );
}
