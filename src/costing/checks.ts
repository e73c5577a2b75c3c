import { fiscalYearOf, fyLabel, fyStart } from '../calendar/fiscal-year.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import { MAX_COSTED_YEARS } from '../proposals/limits.ts';
import type { Path } from '../text/yaml.ts';
import { pathLabel } from '../text/yaml.ts';
import type { Proposal, SchoolFilter, Term } from '../proposals/types.ts';
import { placementFor } from './earners.ts';
import { rateAfter } from './schedule.ts';
import type { Prepared } from './prepare.ts';

export interface ProposalSource {
  file: string;
  locate: (path: Path) => { line: number; col: number };
}

/**
 * Checks a proposal against the dataset it is costed on: units, roles and new-hire placements
 * must exist, and the schools a hiring or staffing term names must match at least one school
 * (else its positions would silently cost $0), including for the terms a me-too clause passes
 * to another unit; the proposal must be dated in the dataset's fiscal year (the year of its
 * data) unless `allowOtherYear`. Throws `InvalidInput` with every problem, located in the
 * proposal file when known.
 */
export function checkAgainstDataset(p: Prepared, proposal: Proposal, source?: ProposalSource, opts: { allowOtherYear?: boolean } = {}): void {
  const problems: Problem[] = [];
  const unitList = [...p.units.keys()].join(', ');
  const add = (path: Path, code: string, message: string, hint: string) => {
    const pos = source?.locate(path);
    problems.push({ code: `proposal.${code}`, message, where: { file: source?.file, line: pos?.line, col: pos?.col, field: pathLabel(path) }, hint });
  };
  const rolesOf = (unit: string) => [...p.roles].filter((r) => r.startsWith(`${unit}|`)).map((r) => r.split('|')[1]);
  const hasRole = (unit: string, role: string) => p.roles.has(`${unit}|${role}`);

  /** `via` is set when the term reaches `unit` through a me-too clause at `path`. */
  const checkTerm = (t: Term, unit: string, path: Path, via?: string) => {
    const who = via ? `passed to ${unit} by the me-too clause, ` : '';
    if (!p.units.has(unit)) return;
    const roles = 'roles' in t && t.roles ? t.roles : [];
    roles.forEach((role, k) => {
      if (!hasRole(unit, role)) {
        add(via ? path : [...path, 'roles', k], 'unknown-role', `${who}no ${unit} staff have the role "${role}"`, `one of: ${rolesOf(unit).slice(0, 12).join(', ')}`);
      }
    });
    if (t.kind === 'class-size' || t.kind === 'staffing' || t.kind === 'hire') {
      const role = t.kind === 'class-size' ? 'teacher' : t.role;
      const own = p.dataset.district.parameters.newHirePlacement[role];
      if (t.kind !== 'class-size' && !hasRole(unit, role) && !(own && own.unit === unit)) {
        add(via ? path : [...path, 'role'], 'unknown-role', `${who}no ${unit} staff have the role "${role}", and district.yaml gives no new-hire placement for it`, `one of: ${rolesOf(unit).slice(0, 12).join(', ')}, or add parameters.newHirePlacement.${role}`);
      } else if (!placementFor(p, unit, role)) {
        add(path, 'no-placement', `${who}the dataset says nowhere where a new ${role} in ${unit} is placed on the salary schedule`, `add parameters.newHirePlacement.${role} (or .${unit}) to district.yaml`);
      }
    }
    if ((t.kind === 'hourly-raise' || t.kind === 'wage-floor' || t.kind === 'added-hours') && !via) {
      // A raise in dollars an hour, or hours added to a day, reaches only staff paid by the hour: in a unit with none it would cost $0 without a word.
      const hourly = p.groups.some((g) => g.unit.id === unit && g.lane.basis === 'hourly' && (!('roles' in t) || !t.roles || t.roles.includes(g.role)));
      if (!hourly) {
        const what = t.kind === 'hourly-raise' ? `$${t.amount.toFixed(2)} an hour more` : t.kind === 'wage-floor' ? `a wage floor of $${t.hourly.toFixed(2)} an hour` : `${t.hoursPerDay} hour${Math.abs(t.hoursPerDay) === 1 ? '' : 's'} a day more`;
        add([...path, 'kind'], 'no-hourly-staff', `term "${t.id}" gives ${what}, but no ${unit} staff${'roles' in t && t.roles ? ` with the roles ${t.roles.join(', ')}` : ''} are paid by the hour in the dataset (their schedules are annual or daily), so it would cost nothing`,
          'kind: raise with pct: 3 (a raise in percent), or kind: flat-amount with amount: 2000 (dollars a year), or name the unit whose staff are paid by the hour');
      }
    }
    if (t.kind === 'hourly-raise' && t.amount < 0) {
      // A cut in dollars an hour cannot take a rate below $0: the lowest base-year hourly rate it reaches.
      const reached = p.groups.filter((g) => g.unit.id === unit && g.lane.basis === 'hourly' && (!t.roles || t.roles.includes(g.role)));
      const lowest = Math.min(...reached.map((g) => rateAfter(g.lane, g.step, 0).rate));
      if (reached.length > 0 && lowest + t.amount <= 0) {
        add(via ? path : [...path, 'amount'], 'pay-below-zero', `${who}term "${t.id}" cuts hourly pay by $${(-t.amount).toFixed(2)} an hour, which would take the lowest ${unit} hourly rate it reaches ($${lowest.toFixed(2)} in ${fyLabel(p.base)}) to $0 or below`,
          `amount: ${Math.max(-lowest / 2, -99).toFixed(2)}   (a cut smaller than the lowest rate, $${lowest.toFixed(2)}), or a raise in percent: kind: raise, pct: -2`);
      }
    }
    if (t.kind === 'added-hours') {
      // The hours a day it reaches, with the added-hours terms of the same unit and role taking effect
      // before it, must stay within a day: above 0 (a cut of more than the shortest day saved more
      // than the pay) and at most 24.
      const reached = p.groups.filter((g) => g.unit.id === unit && g.lane.basis === 'hourly' && t.roles.includes(g.role));
      if (reached.length > 0) {
        const earlier = (role: string) => (via ? 0 : addedBefore(t, unit, role));
        const shortest = Math.min(...reached.map((g) => g.hoursPerDay + earlier(g.role)));
        const longest = Math.max(...reached.map((g) => g.hoursPerDay + earlier(g.role)));
        const withEarlier = reached.some((g) => earlier(g.role) !== 0) ? ', with the added-hours terms before it' : '';
        const h = (n: number) => `${Number(n.toFixed(2))} hour${n === 1 ? '' : 's'}`;
        if (shortest + t.hoursPerDay <= 0) {
          add(via ? path : [...path, 'hoursPerDay'], 'hours-below-zero', `${who}term "${t.id}" cuts ${h(-t.hoursPerDay)} a day, which would take the shortest ${unit} day it reaches (${h(shortest)} a day from ${fyLabel(p.base)}${withEarlier}) to 0 hours or below`,
            `hoursPerDay: ${-Number((shortest / 2).toFixed(2))}   (a cut shorter than the shortest day, ${h(shortest)})`);
        } else if (longest + t.hoursPerDay > 24) {
          add(via ? path : [...path, 'hoursPerDay'], 'hours-above-day', `${who}term "${t.id}" adds ${h(t.hoursPerDay)} a day, which would make the longest ${unit} day it reaches (${h(longest)} a day from ${fyLabel(p.base)}${withEarlier}) more than 24 hours`,
            `hoursPerDay: ${Number(Math.max(0, Math.min(t.hoursPerDay, 24 - longest, 2)).toFixed(2))}   (at most ${h(Math.max(0, 24 - longest))} more)`);
        }
      }
    }
    if ((t.kind === 'staffing' || t.kind === 'hire') && t.schools && !p.schools.some((s) => matchesFilter(s, t.schools as SchoolFilter))) {
      add(via ? path : [...path, 'schools'], 'no-matching-school',
        `${who}term "${t.id}": no school in the dataset matches ${describeFilter(t.schools)}, so its ${t.role} positions would have nowhere to go and would cost nothing`,
        `the dataset has ${schoolKinds(p)}; name one of those types (or leave schools out of a hire term for central-office positions)`);
    }
  };

  /** Hours a day the proposal's added-hours terms for `unit` and `role` add before `t` takes effect (listed first on the same date). */
  function addedBefore(t: Term, unit: string, role: string): number {
    const all = proposal.terms.filter((x): x is Extract<Term, { kind: 'added-hours' }> => x.kind === 'added-hours' && x.unit === unit && x.roles.includes(role));
    const at = all.indexOf(t as Extract<Term, { kind: 'added-hours' }>);
    return all.filter((x, k) => x.effective < (t as { effective: string }).effective || (x.effective === (t as { effective: string }).effective && k < at)).reduce((sum, x) => sum + x.hoursPerDay, 0);
  }

  const proposalFy = fiscalYearOf(proposal.date);
  if (proposalFy !== p.base && !opts.allowOtherYear) {
    const budget = p.dataset.budget;
    add(['date'], 'other-year',
      `the proposal is dated ${proposal.date}, in fiscal year ${fyLabel(proposalFy)}, but the dataset holds data of ${fyLabel(p.base)} `
      + `(staff, salary schedules and enrollment of ${fyLabel(p.base)}; its budget runs ${fyLabel(budget[0].fy)} to ${fyLabel(budget[budget.length - 1].fy)})`,
      `cost it on a dataset of ${fyLabel(proposalFy)}, or, for a what-if on this data, pass --allow-other-year (API: "allowOtherYear": true); every report then says it was costed on data of another year`);
  }
  if (!p.units.has(proposal.unit)) add(['unit'], 'unknown-unit', `the dataset has no bargaining unit "${proposal.unit}"`, `one of: ${unitList}`);
  const byId = new Map(proposal.terms.map((t) => [t.id, t]));
  proposal.terms.forEach((t, i) => {
    if (t.unit !== proposal.unit && !p.units.has(t.unit)) add(['terms', i, 'unit'], 'unknown-unit', `the dataset has no bargaining unit "${t.unit}"`, `one of: ${unitList}`);
    if (t.kind === 'me-too') {
      t.terms.forEach((ref, k) => {
        const target = byId.get(ref);
        if (target) checkTerm(target, t.unit, ['terms', i, 'terms', k], ref);
      });
    } else checkTerm(t, t.unit, ['terms', i]);
    // Back pay paid in a year before the dataset's (an older agreement as a what-if on later data)
    // would fall in no year costed and vanish from every total without a word. (Paid before the
    // agreement's date is refused when the proposal is read: src/proposals/parse.ts.)
    if ((t.kind === 'raise' || t.kind === 'hourly-raise' || t.kind === 'flat-amount' || t.kind === 'wage-floor') && t.paid !== undefined) {
      if (fiscalYearOf(t.paid) < p.base) {
        add(['terms', i, 'paid'], 'before-data', `term "${t.id}" (${t.kind}) has its back pay paid ${t.paid}, in ${fyLabel(fiscalYearOf(t.paid))}, before the first year costed (${fyLabel(p.base)}, the dataset's year): it would be in no year and no total`,
          `paid: ${fyStart(p.base)}   (or later), or cost the proposal on a dataset of ${fyLabel(fiscalYearOf(t.paid))}`);
      }
    }
    // A bonus for those employed in a year before anyone it names was hired reaches nobody: $0 in every year, without a word.
    if (t.kind === 'bonus' && t.employedIn !== undefined) {
      const named = p.groups.filter((g) => g.unit.id === t.unit && (t.roles === undefined || t.roles.includes(g.role)) && g.headcount > 0);
      if (named.length > 0 && !named.some((g) => g.hiredFy === null || g.hiredFy <= (t.employedIn as number))) {
        const earliest = Math.min(...named.map((g) => g.hiredFy as number));
        add(['terms', i, 'employedIn'], 'reaches-nobody', `term "${t.id}" (bonus) is for those employed in ${fyLabel(t.employedIn)}, but nobody it names in the dataset was hired by then (the earliest were hired in ${fyLabel(earliest)}): it would cost $0 in every year`,
          `employedIn: ${fyLabel(earliest)}   (or later), or leave employedIn out to pay everyone employed when it is paid`);
      }
    }
    // A bonus or program dated before the dataset's year falls in no year costed: it would vanish from every total.
    if (t.kind === 'bonus' || t.kind === 'program') {
      const field = t.kind === 'bonus' ? 'paid' : 'effective';
      const date = t.kind === 'bonus' ? t.paid : t.effective;
      if (fiscalYearOf(date) < p.base) {
        add(['terms', i, field], 'before-data', `term "${t.id}" (${t.kind}) ${t.kind === 'bonus' ? 'is paid' : 'takes effect'} ${date}, in ${fyLabel(fiscalYearOf(date))}, before the first year costed (${fyLabel(p.base)}, the dataset's year): it would be in no year and no total`,
          `${field}: ${fyStart(p.base)}   (or later), or cost the proposal on a dataset of ${fyLabel(fiscalYearOf(date))}`);
      }
    }
  });
  checkYears(p, proposal, add);
  if (problems.length > 0) throw new InvalidInput(problems);
}

/** Costing covers every fiscal year from the earliest effective date (or the base year) to two years after the contract ends: at most MAX_COSTED_YEARS. */
function checkYears(p: Prepared, proposal: Proposal, add: (path: Path, code: string, message: string, hint: string) => void): void {
  const base = p.base;
  const endFy = fiscalYearOf(proposal.term.end);
  if (endFy < base) {
    // Only a what-if on a later year's data gets here: a total over the contract would name years never costed.
    add(['term', 'end'], 'contract-before-data', `the contract ends ${proposal.term.end}, in ${fyLabel(endFy)}, before the dataset's base year ${fyLabel(base)}: none of the contract's years can be costed on this data`, `cost it on a dataset of ${fyLabel(fiscalYearOf(proposal.term.start))} to ${fyLabel(endFy)}`);
    return;
  }
  const last = Math.max(endFy + 2, base + 2);
  const span = `fiscal years costed run from the earliest of the dataset's base year (${fyLabel(base)}) and the terms' effective dates to two years after the contract ends, at most ${MAX_COSTED_YEARS} years`;
  if (last - base + 1 > MAX_COSTED_YEARS) {
    add(['term', 'end'], 'too-many-years', `on this dataset the contract would be costed through ${fyLabel(last)}; ${span}`, `end: ${base + MAX_COSTED_YEARS - 3}-06-30   (or cost it on a dataset with a later base year)`);
    return;
  }
  const first = last - MAX_COSTED_YEARS + 1;
  proposal.terms.forEach((t, i) => {
    if (!('effective' in t) || t.kind === 'program') return;
    if (fiscalYearOf(t.effective) < first) add(['terms', i, 'effective'], 'too-many-years', `with this term effective ${t.effective}, the proposal would be costed from ${fyLabel(fiscalYearOf(t.effective))} to ${fyLabel(last)}; ${span}`, `effective: ${first}-07-01   (or later)`);
  });
}

function matchesFilter(s: { type: string; highNeed: boolean }, f: SchoolFilter): boolean {
  return (!f.types || f.types.includes(s.type as never)) && (!f.highNeedOnly || s.highNeed);
}

function describeFilter(f: SchoolFilter): string {
  const types = f.types ? `types ${f.types.join(', ')}` : 'every type';
  return f.highNeedOnly ? `${types}, high-need only` : types;
}

/** "2 elementary (1 high-need), 1 middle, 1 high (1 high-need)". */
function schoolKinds(p: Prepared): string {
  const byType = new Map<string, { n: number; highNeed: number }>();
  for (const s of p.schools) {
    const k = byType.get(s.type) ?? { n: 0, highNeed: 0 };
    k.n++;
    if (s.highNeed) k.highNeed++;
    byType.set(s.type, k);
  }
  if (byType.size === 0) return 'no schools';
  return [...byType].map(([type, k]) => `${k.n} ${type}${k.highNeed ? ` (${k.highNeed} high-need)` : ''}`).join(', ');
}
