/**
 * Pay a budget office would question (docs/costing.md, "Pay outside the contract term"): a pay
 * term that takes effect before the contract term starts (back pay for years the contract does
 * not cover), after it ends (pay the contract does not set: a later contract does), or whose
 * back pay is paid after the contract ends. Each is refused, with what it would add, unless the
 * term says so with `outsideTerm: true`.
 *
 * The amount is measured by costing: the proposal as written against the same proposal with
 * that one term taking effect when the contract starts (or, for a term after the contract, left
 * out; or its back pay paid when the proposal is agreed), every other such term left as it is.
 */
import { fiscalYearOf, fyLabel } from '../calendar/fiscal-year.ts';
import type { Problem } from '../errors/problem.ts';
import { formatDollars } from '../money/cents.ts';
import { LATEST_DATE } from '../proposals/limits.ts';
import type { Proposal, Term } from '../proposals/types.ts';
import type { Path } from '../text/yaml.ts';
import { pathLabel } from '../text/yaml.ts';
import type { ProposalSource } from './checks.ts';
import type { CostResult } from './result.ts';

/** Terms that pay from a date: the ones this check reads. */
type DatedPay = Extract<Term, { effective: string }> & { outsideTerm?: true; paid?: string };

export interface Outside { index: number; term: DatedPay; rule: 'before-term' | 'after-term' | 'paid-after-term' }

/** The pay terms outside the contract term that do not say so. */
export function outsideTerm(proposal: Proposal): Outside[] {
  const out: Outside[] = [];
  proposal.terms.forEach((t, index) => {
    if (!('effective' in t) || t.kind === 'program') return;
    const term = t as DatedPay;
    if (term.outsideTerm) return;
    if (term.effective < proposal.term.start) out.push({ index, term, rule: 'before-term' });
    else if (term.effective > proposal.term.end) out.push({ index, term, rule: 'after-term' });
    else if (term.paid !== undefined && term.paid > proposal.term.end) out.push({ index, term, rule: 'paid-after-term' });
  });
  return out;
}

/**
 * The proposal with `o`'s term brought inside the contract term (a term after the contract moved
 * to the last date a proposal may name, past every year costed, so it pays nothing and a me-too
 * clause naming it still finds it), and every other such term marked as meant.
 */
export function withinTerm(proposal: Proposal, all: Outside[], o: Outside): Proposal {
  const others = new Set(all.filter((x) => x !== o).map((x) => x.index));
  return {
    ...proposal,
    terms: proposal.terms.map((t, i) => {
      if (others.has(i)) return { ...t, outsideTerm: true } as Term;
      if (i !== o.index) return t;
      if (o.rule === 'before-term') return { ...t, effective: proposal.term.start } as Term;
      if (o.rule === 'after-term') return { ...t, effective: LATEST_DATE, outsideTerm: true } as Term;
      const { paid: _paid, ...rest } = t as DatedPay;
      return rest as Term;
    }),
  };
}

const total = (r: CostResult) => r.years.reduce((s, y) => s + y.totalCents, 0);

/** The problem for `o`, given the costing as written and with `o` brought inside the term. */
export function outsideProblem(proposal: Proposal, o: Outside, asWritten: CostResult, inside: CostResult, source?: ProposalSource): Problem {
  const field: Path = ['terms', o.index, o.rule === 'paid-after-term' ? 'paid' : 'effective'];
  const pos = source?.locate(field);
  const where = { file: source?.file, line: pos?.line, col: pos?.col, field: pathLabel(field) };
  const { start, end } = proposal.term;
  if (o.rule === 'before-term') {
    const added = total(asWritten) - total(inside);
    return {
      code: 'proposal.before-term', where,
      message: `term "${o.term.id}" takes effect ${o.term.effective}, before the contract term starts (${start}): its pay before the contract would add ${formatDollars(added, { exact: true })} over the years costed`,
      hint: `effective: ${start}   (when the contract starts), or add outsideTerm: true to this term if the agreement pays it on purpose`,
    };
  }
  if (o.rule === 'after-term') {
    const added = total(asWritten) - total(inside);
    return {
      code: 'proposal.after-term', where,
      message: `term "${o.term.id}" takes effect ${o.term.effective}, after the contract ends (${end}): a contract sets pay for its own term, so this term would add ${formatDollars(added, { exact: true })} over the years costed (${asWritten.total.from} to ${asWritten.total.to})${added === 0 ? ', none of them on or after that date' : ''}`,
      hint: `effective: a date from ${start} to ${end}, or add outsideTerm: true to this term if the agreement sets pay for after it ends on purpose`,
    };
  }
  // The back pay that lands after the contract's last fiscal year.
  const endFy = fiscalYearOf(end);
  let late = 0;
  asWritten.years.forEach((y, i) => {
    if (Number(y.fy.slice(0, 4)) > endFy) late += Math.max(0, y.totalCents - (inside.years[i]?.totalCents ?? 0));
  });
  return {
    code: 'proposal.paid-after-term', where,
    message: `term "${o.term.id}" pays its back pay on ${o.term.paid}, after the contract ends (${end}): ${late > 0 ? `${formatDollars(late, { exact: true })} of back pay would fall in ${fyLabel(fiscalYearOf(o.term.paid!))}, after the contract's years` : 'the back pay would fall after the years costed'}`,
    hint: `paid: ${end}   (by the end of the contract), or add outsideTerm: true to this term if the agreement pays it then on purpose`,
  };
}
