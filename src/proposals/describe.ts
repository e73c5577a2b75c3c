import { spanLabel } from '../district/grades.ts';
import type { Term } from './types.ts';

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;
const list = (xs?: string[]) => (xs && xs.length ? ` for ${xs.join(', ')}` : '');

/** A plain-words line for a term, used as its default title and in comparisons. */
export function describeTerm(t: Term): string {
  switch (t.kind) {
    case 'raise':
      return `${t.pct}% raise${list(t.roles)} from ${t.effective}`;
    case 'hourly-raise':
      return `${money(t.amount)} an hour more${list(t.roles)} from ${t.effective}`;
    case 'flat-amount':
      return `${money(t.amount)} a year more for ${t.roles.join(', ')} from ${t.effective}`;
    case 'bonus':
      return `one-time bonus of ${t.pct !== undefined ? `${t.pct}% of pay` : money(t.amount ?? 0)}${t.employedIn ? ` for staff employed in ${t.employedIn}-${String((t.employedIn + 1) % 100).padStart(2, '0')}` : ''}, paid ${t.paid}`;
    case 'wage-floor':
      return `minimum wage of ${money(t.hourly)} an hour from ${t.effective}`;
    case 'added-hours':
      return `${t.hoursPerDay} more hours a day for ${t.roles.join(', ')} from ${t.effective}`;
    case 'health':
      return t.perEmployee !== undefined
        ? `health and welfare ${money(t.perEmployee)} more per employee from ${t.effective}`
        : `health benefits for part-time staff working ${t.partTimeMinHours}+ hours a day from ${t.effective}`;
    case 'class-size':
      return `class-size caps: ${t.caps.map((c) => `${spanLabel(c.grades)} ${c.cap !== undefined ? `to ${c.cap}` : `down ${c.reduceBy}`} from ${c.from}${c.highNeedCap !== undefined ? ` (${c.highNeedCap} at high-need schools)` : c.highNeedReduceBy !== undefined ? ` (down ${c.highNeedReduceBy} at high-need schools)` : ''}`).join('; ')}`;
    case 'staffing':
      return `${t.role} staffing: ${t.phases.map((p) => `${p.perSchool !== undefined ? `${p.perSchool} FTE per school` : `1 per ${p.studentsPerStaff} students`} from ${p.from}`).join('; ')}${t.schools.types ? ` at ${t.schools.types.join(', ')} schools` : ''}${t.schools.highNeedOnly ? ' (high-need only)' : ''}`;
    case 'hire':
      return `hire ${t.role}s: ${t.phases.map((p) => `${p.count} from ${p.from}`).join(', ')}`;
    case 'program':
      return `${t.count === 1 ? '' : `${t.count} × `}${money(t.amount)}${t.oneTime ? ' once' : ' a year'} from ${t.effective}`;
    case 'me-too':
      return `me-too: ${t.unit} gets ${t.terms.join(', ')}`;
    case 'non-cost':
      return t.text.trim();
  }
}
