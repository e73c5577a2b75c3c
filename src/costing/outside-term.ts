/**
 * Pay a budget office would question (docs/costing.md, "Pay outside the contract term"): a pay
 * term that takes effect before the contract term starts (back pay for years the contract does
 * not cover), after it ends (pay the contract does not set: a later contract does), or whose
 * back pay is paid after the contract ends; and a step of a position term (a class-size cap, a
 * staffing or hiring phase) from before the contract starts or after it ends. Each is refused,
 * with what it would add, unless the term says so with `outsideTerm: true`. A date allowed after
 * the last year costed is listed in the result's `notCosted` (afterCosted).
 *
 * The amount is measured by costing: the proposal as written against the same proposal with
 * that one term taking effect when the contract starts (or, for a term after the contract, left
 * out; or its back pay paid when the proposal is agreed), every other such term left as it is.
 */
import { agreementPayUntil, fiscalYearOf, fyLabel, type FiscalYear } from '../calendar/fiscal-year.ts';
import type { Problem } from '../errors/problem.ts';
import { formatDollars } from '../money/cents.ts';
import { LATEST_DATE } from '../proposals/limits.ts';
import type { Proposal, Term } from '../proposals/types.ts';
import type { Path } from '../text/yaml.ts';
import { pathLabel } from '../text/yaml.ts';
import type { ProposalSource } from './checks.ts';
import type { CostResult, NotCosted } from './result.ts';

/** Terms that pay from a date: the ones this check reads. */
type DatedPay = Extract<Term, { effective: string }> & { outsideTerm?: true; paid?: string };

/** One dated step of a position term: a class-size cap (`caps[k]`) or a staffing or hiring phase (`phases[k]`). */
export interface Step { field: 'caps' | 'phases'; index: number; from: string }

export interface Outside {
  index: number;
  term: Term;
  rule: 'before-term' | 'after-term' | 'paid-after-term';
  /** The date outside the term: the pay term's effective or paid date, or the step's `from`. */
  date: string;
  /** For a position term: the step outside the term. */
  step?: Step;
}

/** The dated steps of a position term (class-size caps, staffing and hiring phases), else none. */
export function steps(t: Term): Step[] {
  if (t.kind === 'class-size') return t.caps.map((c, index) => ({ field: 'caps', index, from: c.from }));
  if (t.kind === 'staffing' || t.kind === 'hire') return t.phases.map((p, index) => ({ field: 'phases', index, from: p.from }));
  return [];
}

/** The pay terms, and the steps of position terms, outside the contract term that do not say so. */
export function outsideTerm(proposal: Proposal): Outside[] {
  const out: Outside[] = [];
  const { start, end } = proposal.term;
  // Pay is paid by the contract's end; an agreement reached after it may pay (back pay, a bonus) up to a year after it.
  const paidBy = agreementPayUntil(proposal);
  proposal.terms.forEach((t, index) => {
    if ((t as { outsideTerm?: true }).outsideTerm) return;
    for (const step of steps(t)) {
      if (step.from < start) out.push({ index, term: t, rule: 'before-term', date: step.from, step });
      else if (step.from > end) out.push({ index, term: t, rule: 'after-term', date: step.from, step });
    }
    // A bonus is paid on a date, a program takes effect on one: not after the contract ends (one
    // paid before it starts, as a bonus on signing, is the contract's; one before the years costed
    // is refused by checkAgainstDataset, src/costing/checks.ts).
    if (t.kind === 'bonus' || t.kind === 'program') {
      const date = t.kind === 'bonus' ? t.paid : t.effective;
      if (date > (t.kind === 'bonus' ? paidBy : end)) out.push({ index, term: t, rule: 'after-term', date });
      return;
    }
    if (!('effective' in t)) return;
    const term = t as DatedPay;
    if (term.effective < start) out.push({ index, term, rule: 'before-term', date: term.effective });
    else if (term.effective > end) out.push({ index, term, rule: 'after-term', date: term.effective });
    else if (term.paid !== undefined && term.paid > paidBy) out.push({ index, term, rule: 'paid-after-term', date: term.paid });
  });
  return out;
}

/**
 * The proposal with `o`'s term (or step) brought inside the contract term (a term after the
 * contract moved to the last date a proposal may name, past every year costed, so it pays nothing
 * and a me-too clause naming it still finds it; a step after it left out, the steps before it
 * staying in force), and every other such term marked as meant.
 */
export function withinTerm(proposal: Proposal, all: Outside[], o: Outside): Proposal {
  const others = new Set(all.filter((x) => x !== o).map((x) => x.index));
  return {
    ...proposal,
    terms: proposal.terms.map((t, i) => {
      if (i !== o.index) return others.has(i) ? ({ ...t, outsideTerm: true } as Term) : t;
      if (o.step) return { ...withStep(t, o.step, o.rule === 'before-term' ? proposal.term.start : null), outsideTerm: true } as Term;
      const on = t.kind === 'bonus' ? 'paid' : 'effective';
      if (o.rule === 'before-term') return { ...t, [on]: proposal.term.start } as Term;
      if (o.rule === 'after-term') return { ...t, [on]: LATEST_DATE, outsideTerm: true } as Term;
      const { paid: _paid, ...rest } = t as DatedPay;
      return rest as Term;
    }),
  };
}

/** A position term with one step moved to `from`, or left out (null). */
function withStep(t: Term, step: Step, from: string | null): Term {
  const move = <X extends { from: string }>(xs: X[]): X[] => (from === null ? xs.filter((_, k) => k !== step.index) : xs.map((x, k) => (k === step.index ? { ...x, from } : x)));
  if (t.kind === 'class-size') return { ...t, caps: move(t.caps) };
  if (t.kind === 'staffing') return { ...t, phases: move(t.phases) };
  if (t.kind === 'hire') return { ...t, phases: move(t.phases) };
  return t;
}

const total = (r: CostResult) => r.years.reduce((s, y) => s + y.totalCents, 0);

/** The problem for `o`, given the costing as written and with `o` brought inside the term. */
export function outsideProblem(proposal: Proposal, o: Outside, asWritten: CostResult, inside: CostResult, source?: ProposalSource): Problem {
  const paidOn = o.rule === 'paid-after-term' || o.term.kind === 'bonus';
  const field: Path = o.step ? ['terms', o.index, o.step.field, o.step.index, 'from'] : ['terms', o.index, paidOn ? 'paid' : 'effective'];
  const when = o.term.kind === 'bonus' ? 'is paid' : 'takes effect';
  const key = o.term.kind === 'bonus' ? 'paid' : 'effective';
  const pos = source?.locate(field);
  const where = { file: source?.file, line: pos?.line, col: pos?.col, field: pathLabel(field) };
  const { start, end } = proposal.term;
  const added = total(asWritten) - total(inside);
  if (o.step) {
    // A step of a position term: a class-size cap, a staffing or a hiring phase.
    const what = `term "${o.term.id}" ${o.step.field}[${o.step.index}] (${o.term.kind}) takes effect ${o.date}`;
    if (o.rule === 'before-term') {
      return {
        code: 'proposal.before-term', where,
        message: `${what}, before the contract term starts (${start}): its positions before the contract would add ${formatDollars(added, { exact: true })} over the years costed (${asWritten.total.from} to ${asWritten.total.to})`,
        hint: `from: ${start}   (when the contract starts), or add outsideTerm: true to this term if the agreement adds them before it on purpose`,
      };
    }
    return {
      code: 'proposal.after-term', where,
      message: `${what}, after the contract ends (${end}): a contract sets staffing for its own term, so this step would add ${formatDollars(added, { exact: true })} over the years costed (${asWritten.total.from} to ${asWritten.total.to})${added === 0 ? ', none of them on or after that date' : ''}`,
      hint: `from: a date from ${start} to ${end}, or add outsideTerm: true to this term if the agreement sets it for after it ends on purpose (a step after the last year costed is then listed as not in any total)`,
    };
  }
  if (o.rule === 'before-term') {
    return {
      code: 'proposal.before-term', where,
      message: `term "${o.term.id}" ${when} ${o.date}, before the contract term starts (${start}): its pay before the contract would add ${formatDollars(added, { exact: true })} over the years costed`,
      hint: `${key}: ${start}   (when the contract starts), or add outsideTerm: true to this term if the agreement pays it on purpose`,
    };
  }
  // An agreement reached after its contract ended pays (a bonus, back pay) up to a year after it.
  const paidBy = agreementPayUntil(proposal);
  const lateAgreement = paidBy !== end ? `; it was reached on ${proposal.date}, after that, so it may pay up to ${paidBy}` : '';
  if (o.rule === 'after-term') {
    const until = o.term.kind === 'bonus' ? paidBy : end;
    return {
      code: 'proposal.after-term', where,
      message: `term "${o.term.id}" ${when} ${o.date}, after the contract ends (${end}${o.term.kind === 'bonus' ? lateAgreement : ''}): a contract sets pay for its own term, so this term would add ${formatDollars(added, { exact: true })} over the years costed (${asWritten.total.from} to ${asWritten.total.to})${added === 0 ? ', none of them on or after that date' : ''}`,
      hint: `${key}: a date from ${start} to ${until}, or add outsideTerm: true to this term if the agreement sets pay for after it ends on purpose`,
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
    message: `term "${o.term.id}" pays its back pay on ${o.date}, after the contract ends (${end}${lateAgreement}): ${late > 0 ? `${formatDollars(late, { exact: true })} of back pay would fall in ${fyLabel(fiscalYearOf(o.date))}, after the contract's years` : 'the back pay would fall after the years costed'}`,
    hint: `paid: ${paidBy}   (${paidBy === end ? 'by the end of the contract' : 'at the latest'}), or add outsideTerm: true to this term if the agreement pays it then on purpose`,
  };
}

/**
 * Every date in the proposal after `last`, the last fiscal year costed: a step or term allowed
 * after the contract (`outsideTerm: true`), or a bonus or back pay paid then. Costing leaves what
 * it sets out of every year, so the result says so rather than leave it out silently.
 */
/** The line every surface puts above the dates `afterCosted` lists (the command line, the disclosure, the spreadsheet). */
export const notCostedHeading = (lastYearCosted: string) => `Dated after the last year costed (${lastYearCosted}), so in no year and no total above:`;

export function afterCosted(proposal: Proposal, last: FiscalYear): NotCosted[] {
  const out: NotCosted[] = [];
  proposal.terms.forEach((t, i) => {
    const dated: { path: Path; date: string; what: string }[] = steps(t).map((st) => ({
      path: ['terms', i, st.field, st.index, 'from'], date: st.from, what: `${st.field}[${st.index}] of term "${t.id}" (${t.kind}) takes effect`,
    }));
    if ('effective' in t) dated.push({ path: ['terms', i, 'effective'], date: t.effective, what: `term "${t.id}" (${t.kind}) takes effect` });
    if ('paid' in t && t.paid !== undefined) dated.push({ path: ['terms', i, 'paid'], date: t.paid, what: `term "${t.id}" (${t.kind}) is paid` });
    for (const d of dated) {
      if (fiscalYearOf(d.date) <= last) continue;
      out.push({
        term: t.id, field: pathLabel(d.path), date: d.date,
        message: `${d.what} ${d.date}, after the last year costed (${fyLabel(last)}): what it sets from then is not costed and is in no year and no total (${pathLabel(d.path)})`,
      });
    }
  });
  return out;
}
