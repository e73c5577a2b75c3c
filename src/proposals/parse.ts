import { InvalidInput, type Problem } from '../errors/problem.ts';
import { parseYaml, pathLabel, type Path } from '../text/yaml.ts';
import { spanLabel } from '../district/grades.ts';
import { describeTerm } from './describe.ts';
import { fiscalYearOf, fyLabel } from '../calendar/fiscal-year.ts';
import { proposalExample } from './examples.ts';
import { MAX_CONTRACT_YEARS, MAX_PHASES, MAX_PROPOSAL_CHARS, MAX_TERMS, yearsAfter } from './limits.ts';
import { proposalSchema, type TermInput } from './schema.ts';
import type { Proposal, Term } from './types.ts';

const tooManyTerms = (n: number, where: Problem['where']): Problem => ({
  code: 'proposal.too-many-terms', message: `a proposal may have at most ${MAX_TERMS} terms; this one has ${n.toLocaleString('en-US')}`, where,
  hint: `at most ${MAX_TERMS} terms: put several raises in one term (pct: 6 rather than six of 1), or split the proposal`,
});

/** A proposal longer than MAX_PROPOSAL_CHARS (`size` as the reader knows it: "5,120 KB"). */
export const tooLarge = (size: string, file: string): Problem => ({
  code: 'proposal.too-large', where: { file },
  message: `the proposal is ${size}; a proposal may be at most ${MAX_PROPOSAL_CHARS / 1024} KB (the longest real contract in examples/ is 7 KB)`,
  hint: 'examples/lausd-2019/settlement-2019-01-22.yaml (a proposal lists its terms in YAML; is this the right file?)',
});

export interface ParsedProposal {
  proposal: Proposal;
  file: string;
  /** Line and column of a field path, for messages raised later (e.g. against a dataset). */
  locate: (path: Path) => { line: number; col: number };
}

/**
 * Parses a proposal written in YAML. Throws `InvalidInput` listing every problem with its
 * file:line:col, field path, what is wrong and a valid example.
 */
export function parseProposal(text: string, file: string): ParsedProposal {
  if (text.length > MAX_PROPOSAL_CHARS) throw new InvalidInput([tooLarge(`${Math.ceil(text.length / 1024).toLocaleString('en-US')} KB`, file)]);
  const parsed = parseYaml(text, {
    file,
    schema: proposalSchema,
    codePrefix: 'proposal',
    example: (path, raw) => proposalExample(path, (i) => kindOf(raw, i)),
    // Too many terms is said alone, before each of thousands of terms is checked and reported.
    precheck: (raw, locate) => {
      const terms = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as { terms?: unknown }).terms : undefined;
      if (!Array.isArray(terms) || terms.length <= MAX_TERMS) return undefined;
      const pos = locate(['terms', MAX_TERMS]);
      return [tooManyTerms(terms.length, { file, line: pos.line, col: pos.col, field: pathLabel(['terms', MAX_TERMS]) })];
    },
  });
  if (!parsed.ok) throw new InvalidInput(parsed.problems);
  const input = parsed.value;
  const problems: Problem[] = [];
  const at = (path: Path, code: string, message: string, hint?: string) => {
    const pos = parsed.locate(path);
    problems.push({ code: `proposal.${code}`, message, where: { file, line: pos.line, col: pos.col, field: pathLabel(path) }, hint });
  };

  if (input.term.end <= input.term.start) at(['term', 'end'], 'term-order', `the contract term must end after it starts (${input.term.start})`, 'end: 2022-06-30');
  else if (input.term.end >= yearsAfter(input.term.start, MAX_CONTRACT_YEARS)) {
    at(['term', 'end'], 'contract-too-long', `a contract term may last at most ${MAX_CONTRACT_YEARS} years; this one runs from ${input.term.start} to ${input.term.end}`, `end: ${yearsAfter(input.term.start, 3).slice(0, 4)}-06-30   (before ${yearsAfter(input.term.start, MAX_CONTRACT_YEARS)})`);
  }

  const terms: Term[] = input.terms.map((t, i) => withDefaults(t, i, input.unit));
  const ids = new Map<string, number>();
  terms.forEach((t, i) => {
    const first = ids.get(t.id);
    if (first === undefined) ids.set(t.id, i);
    else if (input.terms[i].id !== undefined) at(['terms', i, 'id'], 'duplicate-id', `term id "${t.id}" is already used by terms[${first}]`, `id: ${t.id}-2`);
    // The clash is with the id this term gets by default (`<kind>-<position>`); say so, since the person never wrote it.
    else at(['terms', i], 'duplicate-id', `this term has no id, so it gets "${t.id}", which terms[${first}] already uses; give one of them another id`, `id: ${t.id}-b`);
  });
  terms.forEach((t, i) => checkTerm(t, i, terms, ids, at, input.date));
  checkCopies(terms, at);
  // Each class-size term is measured against the current contract, so two terms capping the
  // same grade for the same unit would count the added teachers twice.
  const capped = new Map<string, number>();
  terms.forEach((t, i) => {
    if (t.kind !== 'class-size') return;
    t.caps.forEach((c, k) => {
      for (const g of c.grades) {
        const first = capped.get(`${t.unit}|${g}`);
        if (first !== undefined && first !== i) {
          at(['terms', i, 'caps', k, 'grades'], 'class-size-twice', `grade ${g} is already capped by terms[${first}]; put every cap for the same grades in one class-size term (list its phases there)`, 'one class-size term with caps: [{ grades: 4-6, from: 2019-07-01, cap: 35 }, { grades: 4-6, from: 2020-07-01, cap: 34 }]');
          return;
        }
        capped.set(`${t.unit}|${g}`, i);
      }
    });
  });
  if (problems.length > 0) throw new InvalidInput(problems);

  const proposal: Proposal = {
    id: input.id,
    title: input.title,
    party: input.party,
    unit: input.unit,
    date: input.date,
    term: input.term,
    sources: input.sources ?? [],
    summary: input.summary,
    terms,
  };
  return { proposal, file, locate: parsed.locate };
}

function kindOf(raw: unknown, i: number): string | undefined {
  const terms = (raw as { terms?: unknown } | null)?.terms;
  const t = Array.isArray(terms) ? terms[i] : undefined;
  return t && typeof t === 'object' && typeof (t as { kind?: unknown }).kind === 'string' ? (t as { kind: string }).kind : undefined;
}

function withDefaults(t: TermInput, i: number, unit: string): Term {
  const term = { ...t, id: t.id ?? `${t.kind}-${i + 1}`, unit: t.unit ?? unit } as Term;
  return { ...term, title: t.title ?? describeTerm(term) };
}

type At = (path: Path, code: string, message: string, hint?: string) => void;

function checkTerm(t: Term, i: number, terms: Term[], ids: Map<string, number>, at: At, date: string): void {
  const inOrder = (dates: string[], field: string) => {
    for (let k = 1; k < dates.length; k++) {
      if (dates[k] < dates[k - 1]) at(['terms', i, field, k, 'from'], 'phase-order', `phases must be listed in date order; the phase from ${dates[k]} is listed after the one from ${dates[k - 1]}`, `list the phase from ${dates[k]} before the one from ${dates[k - 1]}`);
    }
  };
  const phases = t.kind === 'class-size' ? { field: 'caps', n: t.caps.length } : t.kind === 'staffing' || t.kind === 'hire' ? { field: 'phases', n: t.phases.length } : null;
  if (phases && phases.n > MAX_PHASES) {
    at(['terms', i, phases.field, MAX_PHASES], 'too-many-phases', `a ${t.kind} term may list at most ${MAX_PHASES} ${phases.field}; this one lists ${phases.n}`, `at most ${MAX_PHASES} ${phases.field}, one for each date the ${t.kind === 'class-size' ? 'cap' : 'staffing'} changes`);
  }
  if ('effective' in t && 'paid' in t && t.paid !== undefined && t.paid < t.effective) {
    at(['terms', i, 'paid'], 'paid-before-effective', `back pay is paid ${t.paid}, before the term takes effect (${t.effective}), so there is no back pay to pay then`, `paid: ${t.effective}   (or later; or leave paid out: back pay is then paid on the proposal's date)`);
  } else if ('effective' in t && 'paid' in t && t.paid !== undefined && t.paid < date) {
    at(['terms', i, 'paid'], 'paid-before-agreement', `term "${t.id}" (${t.kind}) has its back pay paid ${t.paid}, before the agreement's date ${date}: back pay is paid once the agreement is reached`,
      `paid: ${date}   (or later; leave paid out to pay it in the agreement's year)`);
  }
  // A cut reaching back before the agreement would take back pay already earned and paid.
  const cut = (t.kind === 'raise' && t.pct < 0) || ((t.kind === 'hourly-raise' || t.kind === 'flat-amount') && t.amount < 0) || (t.kind === 'added-hours' && t.hoursPerDay < 0);
  if (cut && 'effective' in t && t.effective < date) {
    at(['terms', i, 'effective'], 'retro-cut', `term "${t.id}" (${t.kind}) cuts pay from ${t.effective}, before the agreement's date ${date}: pay already earned cannot be taken back, so a cut takes effect on or after the agreement`,
      `effective: ${date}   (or later)`);
  }
  switch (t.kind) {
    case 'me-too':
      t.terms.forEach((ref, k) => {
        const j = ids.get(ref);
        if (j === undefined) at(['terms', i, 'terms', k], 'unknown-term', `no term with id "${ref}" in this proposal`, `one of: ${terms.filter((x) => x.kind !== 'me-too' && x.kind !== 'non-cost').map((x) => x.id).join(', ') || '(none)'}`);
        else if (['me-too', 'non-cost'].includes(terms[j].kind)) at(['terms', i, 'terms', k], 'me-too-target', `a me-too clause can pass on pay, benefit and staffing terms, not a ${terms[j].kind} term`, 'the id of a raise, bonus or other costed term');
        else if (terms[j].unit === t.unit) at(['terms', i, 'unit'], 'me-too-same-unit', `a me-too clause passes terms to another unit, but term "${ref}" is already ${t.unit}'s: it would be costed twice for the same staff`, `unit: the other unit that gets term "${ref}" too (such as SEIU99)`);
      });
      break;
    case 'bonus':
      if (t.employedIn !== undefined && t.employedIn > fiscalYearOf(t.paid)) {
        at(['terms', i, 'employedIn'], 'employed-after-paid', `the bonus is paid ${t.paid}, in ${fyLabel(fiscalYearOf(t.paid))}, to staff employed in ${fyLabel(t.employedIn)}, a later year: who was employed then is not known when it is paid`, `employedIn: ${fyLabel(fiscalYearOf(t.paid))}   (or an earlier year)`);
      }
      break;
    case 'class-size': {
      // The latest date seen so far for each grade span, to check caps for the same grades are in date order.
      const latest = new Map<string, string>();
      t.caps.forEach((c, k) => {
        const span = c.grades.join(',');
        const before = latest.get(span);
        if (before !== undefined && before > c.from) at(['terms', i, 'caps', k, 'from'], 'phase-order', `caps for grades ${spanLabel(c.grades)} must be listed in date order; the cap from ${c.from} is listed after the one from ${before}`, `list the cap from ${c.from} before the one from ${before}`);
        else latest.set(span, c.from);
        if (c.highNeedCap !== undefined && c.cap !== undefined && c.highNeedCap > c.cap) at(['terms', i, 'caps', k, 'highNeedCap'], 'high-need-cap', `the high-need cap (${c.highNeedCap}) must not be above the cap for other schools (${c.cap})`, `highNeedCap: ${Math.max(1, c.cap - 2)}`);
      });
      break;
    }
    case 'staffing':
      inOrder(t.phases.map((p) => p.from), 'phases');
      break;
    case 'hire':
      inOrder(t.phases.map((p) => p.from), 'phases');
      break;
    default:
      break;
  }
}

/** A me-too clause is costed as a copy of each term it names: the copies count toward the limit on terms costed. */
function checkCopies(terms: Term[], at: At): void {
  let costed = 0;
  terms.forEach((t, i) => {
    if (t.kind !== 'me-too') {
      costed += 1;
      return;
    }
    t.terms.forEach((_, k) => {
      costed += 1;
      if (costed === MAX_TERMS + 1) {
        at(['terms', i, 'terms', k], 'too-many-copies', `with the copies me-too clauses make, this proposal costs more than ${MAX_TERMS} terms (each term a me-too clause names is costed again for its unit)`, `name each term once, in one me-too clause per unit, keeping the terms costed to at most ${MAX_TERMS}`);
      }
    });
  });
}
