/**
 * One version (/workspace/versions/ID): its terms in plain words, its cost per year by term
 * with totals, the reserve with and without it; every figure opens its trace. The side that
 * made it passes it across the table and publishes it (roles that may); once passed it never
 * changes, and the page says to whom and when. A tentative agreement (a joint version) passed
 * from the other side is countersigned here (with a confirmation): only then is it the
 * table's agreement; until then both sides' pages say whose proposal it still is. Links: the disclosure report (PDF), the
 * spreadsheet, the comparison with the previous version, a new version from this one.
 */
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../api.ts';
import type { PageProps } from '../../App.tsx';
import { href } from '../../App.tsx';
import { useLang, useMessages } from '../../i18n.ts';
import { navigate } from '../../router.ts';
import { TERM_KINDS, termId, type TermDraft } from '../../proposal-form.ts';
import { ByTermTable, NotCostedList, ReservePanel, SpanTotals } from '../../components/editor/CostViews.tsx';
import { when } from '../../components/editor/format.ts';
import { M, type EditorKey } from '../../components/editor/messages.ts';
import { termInWords } from '../../components/editor/plain.ts';
import type { CountersignedInfo, PassedInfo, ProposalDetail, PublishedInfo, VersionAnswer } from '../../components/editor/result-types.ts';
import { termNames, TraceDialog, type Figure } from '../../components/editor/Trace.tsx';
import { DRAFTERS } from './Editor.tsx';
import { UserText } from '../../components/UserText.tsx';
import { displayText } from '../../text.ts';

const NEGOTIATORS: Record<string, string[]> = { union: ['admin', 'bargaining-team'], district: ['admin', 'negotiator'] };

interface Across { acrossTheTable: { kind: string; unit: string | null; name: string }[] }

type Action = 'pass' | 'publish' | 'countersign';

export function Version({ session, id }: PageProps) {
  const t = useMessages(M);
  const lang = useLang();
  const [v, setV] = useState<VersionAnswer | null>(null);
  const [terms, setTerms] = useState<TermDraft[]>([]);
  const [detail, setDetail] = useState<ProposalDetail | null>(null);
  const [across, setAcross] = useState<Across | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [figure, setFigure] = useState<Figure | null>(null);
  const [confirm, setConfirm] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (id === null) return;
    let live = true;
    setV(null);
    setError(null);
    (async () => {
      try {
        const [answer, { fromYaml }] = await Promise.all([api<VersionAnswer>('GET', `/api/proposal-versions/${id}`), import('../../proposal-yaml.ts')]);
        if (!live) return;
        const read = fromYaml(answer.yaml);
        setTerms(read.ok ? read.draft.terms : []);
        setV(answer);
        if (answer.own && answer.proposalId !== null) {
          const d = await api<ProposalDetail>('GET', `/api/proposals/${answer.proposalId}`).catch(() => null);
          if (live) setDetail(d);
        }
        const o = await api<Across>('GET', '/api/organization').catch(() => null);
        if (live) setAcross(o);
      } catch (e) {
        if (live) setError(e instanceof ApiError ? e.problem.message : t('error.generic'));
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  if (!session) return null;
  if (error) return <p className="error" role="alert">{error}</p>;
  if (!v) return <p role="status">{t('editor.loading')}</p>;

  const kind = session.organization.kind;
  const mayTable = v.own && (NEGOTIATORS[kind] ?? []).includes(session.person.role);
  // A tentative agreement the other side passed to us: our negotiators countersign it (once).
  const mayCountersign = !v.own && v.awaitingCountersignature && v.passed !== null && (NEGOTIATORS[kind] ?? []).includes(session.person.role);
  const mayDraft = v.own && v.proposalId !== null && (DRAFTERS[kind] ?? []).includes(session.person.role);
  const unit = v.result.proposal.unit;
  const receiver = kind === 'union' ? across?.acrossTheTable.find((o) => o.kind === 'district') : across?.acrossTheTable.find((o) => o.unit === unit);
  const kindLabel = (k: string) => ((TERM_KINDS as readonly string[]).includes(k) ? t(`kind.${k}` as EditorKey) : k);
  // Rows named as readers know each term: its title, else the costing's plain-words description, else its kind (never its id).
  const names = termNames(v.result.years);
  const rows = terms.map((term, i) => ({ id: termId(term, i), title: typeof term.title === 'string' ? term.title : (names.get(termId(term, i)) ?? termInWords(term, i, unit, lang) ?? kindLabel(term.kind)) }));
  const dataOf = `${v.result.district.name}, ${v.result.district.baseFiscalYear}`;
  const ordered = detail ? [...detail.versions].sort((a, b) => a.version - b.version) : [];
  const at = ordered.findIndex((x) => x.id === v.id);
  const previous = at > 0 ? ordered[at - 1] : null;

  const act = async (what: Action) => {
    setBusy(true);
    setActionError(null);
    try {
      if (what === 'pass') {
        const r = await api<{ passed: PassedInfo }>('POST', `/api/proposal-versions/${v.id}/pass`);
        setV({ ...v, passed: r.passed });
        setNotice(t('version.passedNow', { to: r.passed.to.name }));
      } else if (what === 'countersign') {
        const r = await api<{ countersigned: CountersignedInfo }>('POST', `/api/proposal-versions/${v.id}/countersign`);
        setV({ ...v, countersigned: r.countersigned, awaitingCountersignature: false, party: 'joint' });
        setNotice(t('version.countersignedNow'));
      } else {
        const r = await api<{ published: PublishedInfo }>('POST', `/api/proposal-versions/${v.id}/publish`);
        setV({ ...v, published: r.published });
        setNotice(t('version.publishedNow'));
      }
      setConfirm(null);
    } catch (e) {
      setActionError(e instanceof ApiError ? [e.problem.message, e.problem.hint].filter(Boolean).join(' — ') : t('error.generic'));
    } finally {
      setBusy(false);
    }
  };

  const status = v.published ? 'published' : v.passed ? 'passed' : 'draft';
  return (
    <div className="ed-version">
      <h1><UserText text={v.title} /></h1>
      <p className="muted">
        {v.own
          ? t('version.metaOwn', { org: v.organization.name, n: v.version, by: v.createdBy ?? '', when: v.createdAt ? when(v.createdAt, lang) : '', dataset: dataOf })
          : t('version.metaReceived', { org: v.organization.name, n: v.version, dataset: dataOf })}
      </p>

      <section className={`card ed-status-box ed-status-${status}`} aria-labelledby="ed-status-title" data-status={status} data-readonly={v.passed ? 'true' : 'false'}>
        <h2 id="ed-status-title">{t(`version.status.${status}`)}</h2>
        {!v.passed && v.own && <p>{t('version.draftText')}</p>}
        {v.passed && (
          <p className="ed-readonly">
            {v.own
              ? t('version.passedText', { to: v.passed.to.name, when: when(v.passed.at, lang), by: v.passed.by ?? '' })
              : t('version.receivedText', { from: v.passed.from.name, when: when(v.passed.at, lang) })}{' '}
            {t('version.readOnly')}
          </p>
        )}
        {v.published && (
          <p>
            {t('version.publishedText', { when: when(v.published.at, lang) })}{' '}
            <a href={href(`/public/compare?versions=${v.id}`, lang)} onClick={(e) => { e.preventDefault(); navigate(href(`/public/compare?versions=${v.id}`, lang)); }}>{t('version.publicLink')}</a>
          </p>
        )}
        {v.awaitingCountersignature && (
          <p className="ed-agreement" data-agreement="awaiting">
            {v.own ? t('version.agreementOwn', { to: v.passed?.to.name ?? receiver?.name ?? t('version.otherSide') }) : t('version.agreementReceived', { from: v.organization.name })}
          </p>
        )}
        {v.countersigned && (
          <p className="ed-agreement" data-agreement="countersigned">
            {v.countersigned.by
              ? t('version.agreementSignedBy', { org: v.countersigned.organization.name, by: v.countersigned.by, when: when(v.countersigned.at, lang) })
              : t('version.agreementSigned', { org: v.countersigned.organization.name, when: when(v.countersigned.at, lang) })}
          </p>
        )}
        <p role="status" aria-live="polite" className="ed-notice">{notice}</p>

        <div className="ed-row">
          {mayTable && !v.passed && confirm === null && (
            <button type="button" onClick={() => setConfirm('pass')}>{receiver ? t('version.passTo', { to: receiver.name }) : t('version.pass')}</button>
          )}
          {mayTable && v.passed && !v.published && confirm === null && (
            <button type="button" onClick={() => setConfirm('publish')}>{t('version.publish')}</button>
          )}
          {mayCountersign && confirm === null && (
            <button type="button" onClick={() => setConfirm('countersign')}>{t('version.countersign')}</button>
          )}
          {mayDraft && (
            <a className="ed-button-link" href={href(`/workspace/proposals/${v.proposalId}?from=${v.id}`, lang)} onClick={(e) => { e.preventDefault(); navigate(href(`/workspace/proposals/${v.proposalId}?from=${v.id}`, lang)); }}>
              {v.passed ? t('version.newFromThis') : t('version.edit')}
            </a>
          )}
        </div>
        {confirm && (
          <div className="ed-confirm" role="group" aria-labelledby="ed-confirm-text">
            <p id="ed-confirm-text">
              {confirm === 'pass' ? t('version.confirmPass', { to: receiver?.name ?? t('version.otherSide') }) : confirm === 'countersign' ? t('version.confirmCountersign', { from: v.organization.name }) : t('version.confirmPublish')}
            </p>
            <div className="ed-row">
              <button type="button" disabled={busy} onClick={() => act(confirm)}>
                {confirm === 'pass' ? t('version.confirmPassButton') : confirm === 'countersign' ? t('version.confirmCountersignButton') : t('version.confirmPublishButton')}
              </button>
              <button type="button" className="ed-secondary" disabled={busy} onClick={() => setConfirm(null)}>{t('version.cancel')}</button>
            </div>
          </div>
        )}
        {actionError && <p className="error" role="alert">{actionError}</p>}
        {!v.own && <p className="muted">{t('version.notYours')}</p>}
      </section>

      <nav className="ed-links" aria-label={t('version.links')}>
        <a href={`/api/proposal-versions/${v.id}/disclosure.pdf`} download>{t('version.pdf')}</a>
        <a href={`/api/proposal-versions/${v.id}/disclosure.xlsx`} download>{t('version.xlsx')}</a>
        {previous && (
          <a href={href(`/workspace/compare?versions=${previous.id},${v.id}`, lang)} onClick={(e) => { e.preventDefault(); navigate(href(`/workspace/compare?versions=${previous.id},${v.id}`, lang)); }}>
            {t('version.compare', { n: previous.version })}
          </a>
        )}
      </nav>

      <section aria-labelledby="ed-v-terms">
        <h2 id="ed-v-terms">{t('version.terms', { n: terms.length })}</h2>
        <ol className="ed-v-terms">
          {terms.map((term, i) => {
            const words = termInWords(term, i, unit, lang);
            const name = typeof term.title === 'string' ? term.title : words ?? kindLabel(term.kind);
            // The kind once ("Term without cost" says it is not costed), and not again after a name that is the kind.
            return (
              <li key={i} data-term={termId(term, i)}>
                <p className="ed-v-term-title">
                  <strong>{name}</strong>
                  {name !== kindLabel(term.kind) && <>{' '}<span className="ed-tag">{kindLabel(term.kind)}</span></>}
                </p>
                {typeof term.title === 'string' && words && <p>{words}</p>}
                {typeof term.note === 'string' && <p className="muted" dir="auto">{displayText(term.note)}</p>}
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="ed-v-cost">
        <h2 id="ed-v-cost">{t('version.cost')}</h2>
        <p className="ed-hint">{t('cost.clickHint')}</p>
        <ByTermTable result={v.result} terms={rows} onOpen={setFigure} />
        <SpanTotals result={v.result} onOpen={setFigure} />
        <NotCostedList result={v.result} />
      </section>

      <ReservePanel result={v.result} onOpen={setFigure} headingLevel={2} />
      <TraceDialog figure={figure} onClose={() => setFigure(null)} names={names} />
    </div>
  );
}
