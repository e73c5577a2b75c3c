import { InvalidInput, type Problem } from '../errors/problem.ts';
import type { Path } from '../text/yaml.ts';
import { pathLabel } from '../text/yaml.ts';
import type { Proposal } from '../proposals/types.ts';
import { placementFor } from './earners.ts';
import type { Prepared } from './prepare.ts';

export interface ProposalSource {
  file: string;
  locate: (path: Path) => { line: number; col: number };
}

/**
 * Checks a proposal against the dataset it is costed on: units, roles and new-hire placements
 * must exist. Throws `InvalidInput` with every problem, located in the proposal file when known.
 */
export function checkAgainstDataset(p: Prepared, proposal: Proposal, source?: ProposalSource): void {
  const problems: Problem[] = [];
  const unitList = [...p.units.keys()].join(', ');
  const add = (path: Path, code: string, message: string, hint: string) => {
    const pos = source?.locate(path);
    problems.push({ code: `proposal.${code}`, message, where: { file: source?.file, line: pos?.line, col: pos?.col, field: pathLabel(path) }, hint });
  };
  if (!p.units.has(proposal.unit)) add(['unit'], 'unknown-unit', `the dataset has no bargaining unit "${proposal.unit}"`, `one of: ${unitList}`);
  proposal.terms.forEach((t, i) => {
    if (t.unit !== proposal.unit && !p.units.has(t.unit)) add(['terms', i, 'unit'], 'unknown-unit', `the dataset has no bargaining unit "${t.unit}"`, `one of: ${unitList}`);
    if (!p.units.has(t.unit)) return;
    const roles = 'roles' in t && t.roles ? t.roles : [];
    roles.forEach((role, k) => {
      if (!p.roles.has(`${t.unit}|${role}`)) {
        const known = [...p.roles].filter((r) => r.startsWith(`${t.unit}|`)).map((r) => r.split('|')[1]);
        add(['terms', i, 'roles', k], 'unknown-role', `no ${t.unit} staff have the role "${role}"`, `one of: ${known.slice(0, 12).join(', ')}`);
      }
    });
    if (t.kind === 'class-size' || t.kind === 'staffing' || t.kind === 'hire') {
      const role = t.kind === 'class-size' ? 'teacher' : t.role;
      if (!placementFor(p, t.unit, role)) {
        add(['terms', i], 'no-placement', `the dataset says nowhere where a new ${role} in ${t.unit} is placed on the salary schedule`, `add parameters.newHirePlacement.${role} (or .${t.unit}) to district.yaml`);
      }
    }
  });
  if (problems.length > 0) throw new InvalidInput(problems);
}
