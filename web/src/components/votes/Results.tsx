/**
 * A counted vote's results: per question each choice's votes and share of the ballots that
 * answered (blanks apart), whether it passed, and the turnout. Shares to one decimal place.
 */
import { useLang, useMessages } from '../../i18n.ts';
import { TableScroll } from '../TableScroll.tsx';
import { UserText } from '../UserText.tsx';
import { share } from './parts.tsx';
import type { Results as ResultsShape } from './types.ts';
import { voteWords } from './vote-messages.ts';
import { TurnoutView } from './Turnout.tsx';

export function Results({ results }: { results: ResultsShape }) {
  const v = useMessages(voteWords);
  const lang = useLang();
  return (
    <div className="vt-results">
      {results.questions.map((q) => {
        const answered = q.options.reduce((n, o) => n + o.votes, 0);
        return (
          <section key={q.key} className="card vt-result" aria-labelledby={`r-${q.key}`}>
            <h3 id={`r-${q.key}`}><UserText text={q.text} /></h3>
            <p className={q.passed ? 'ok vt-verdict' : 'error vt-verdict'}>{q.passed ? v('results.passed') : v('results.failed')}</p>
            <TableScroll label={q.text}>
              <table className="vt-table">
                <thead><tr><th scope="col">{v('results.option')}</th><th scope="col" className="num">{v('results.votes')}</th><th scope="col" className="num">{v('results.share')}</th></tr></thead>
                <tbody>
                  {q.options.map((o) => (
                    <tr key={o.key}><th scope="row"><UserText text={o.label} /></th><td className="num">{o.votes}</td><td className="num">{share(o.votes, answered, lang)}</td></tr>
                  ))}
                  <tr className="muted"><th scope="row">{v('results.blank')}</th><td className="num">{q.blank}</td><td className="num" /></tr>
                </tbody>
              </table>
            </TableScroll>
          </section>
        );
      })}
      <TurnoutView turnout={results.turnout} />
    </div>
  );
}
