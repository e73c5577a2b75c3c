import { fiscalYearOf, fyLabel } from '../calendar/fiscal-year.ts';
import { InvalidInput, type Problem } from '../errors/problem.ts';
import type { Path } from '../text/yaml.ts';
import { pathLabel } from '../text/yaml.ts';
import type { Proposal, Term } from '../proposals/types.ts';
import { placementFor } from './earners.ts';
import type { Prepared } from './prepare.ts';

export interface ProposalSource {
  file: string;
  locate: (path: Path) => { line: number; col: number };
}

/**
 * Checks a proposal against the dataset it is costed on: units, roles and new-hire placements
 * must exist, including for the terms a me-too clause passes to another unit; the proposal
 * must be dated in the dataset's fiscal year (the year of its data) unless `allowOtherYear`. Throws
 * `InvalidInput` with every problem, located in the proposal file when known.
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
  };

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
  });
  if (problems.length > 0) throw new InvalidInput(problems);
}
