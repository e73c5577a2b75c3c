import { parseGradeSpan, spanLabel, type Grade } from '../district/grades.ts';
import { valueAt } from '../district/parameters.ts';
import type { Dataset } from '../district/types.ts';
import { describeTerm } from '../proposals/describe.ts';
import type { Proposal, Term } from '../proposals/types.ts';

/**
 * One provision of a contract, as a reader compares it: what the current contract (or the
 * district's data) says, and what each proposal says.
 */
export interface Provision {
  key: string;
  label: string;
  baseline: string;
  values: string[];
}

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** The provisions a term speaks to, keyed so that the same provision lines up across proposals. */
function provisionsOf(t: Term, contractSpans: Grade[][]): { key: string; label: string; value: string }[] {
  const roles = (r?: string[]) => (r && r.length ? ` (${r.join(', ')})` : '');
  switch (t.kind) {
    case 'raise':
      return [{ key: `raise|${t.unit}`, label: `${t.unit} salary schedule raises`, value: `${t.pct}% from ${t.effective}${roles(t.roles)}` }];
    case 'hourly-raise':
      return [{ key: `hourly|${t.unit}`, label: `${t.unit} hourly raises`, value: `${money(t.amount)}/hour from ${t.effective}${roles(t.roles)}` }];
    case 'flat-amount':
      return [{ key: `flat|${t.unit}|${t.roles.join(',')}`, label: `${t.unit} yearly amount for ${t.roles.join(', ')}`, value: `+${money(t.amount)} from ${t.effective}` }];
    case 'bonus':
      return [{ key: `bonus|${t.unit}`, label: `${t.unit} one-time bonus`, value: describeTerm(t) }];
    case 'wage-floor':
      return [{ key: `floor|${t.unit}`, label: `${t.unit} minimum hourly wage`, value: `${money(t.hourly)} from ${t.effective}` }];
    case 'added-hours':
      return [{ key: `hours|${t.unit}|${t.roles.join(',')}`, label: `${t.unit} hours a day for ${t.roles.join(', ')}`, value: `${t.hoursPerDay > 0 ? '+' : ''}${t.hoursPerDay} from ${t.effective}` }];
    case 'health':
      return t.perEmployee !== undefined
        ? [{ key: `health|${t.unit}`, label: `${t.unit} health and welfare per employee`, value: `+${money(t.perEmployee)} from ${t.effective}` }]
        : [{ key: `health-eligibility|${t.unit}`, label: `${t.unit} health benefits for part-time staff`, value: `from ${t.partTimeMinHours} hours a day, from ${t.effective}` }];
    case 'class-size':
      // One row per span of the current contract, so caps written over other spans line up.
      return t.caps.flatMap((c) => {
        const value = `${c.cap !== undefined ? `${c.cap}` : `${c.reduceBy} fewer`} from ${c.from}${c.highNeedCap !== undefined ? ` (${c.highNeedCap} at high-need schools)` : c.highNeedReduceBy !== undefined ? ` (${c.highNeedReduceBy} fewer at high-need schools)` : ''}`;
        const spans = contractSpans.filter((s) => s.some((g) => c.grades.includes(g)));
        return (spans.length ? spans : [c.grades]).map((s) => ({
          key: `class-size|${spanLabel(s)}`,
          label: `Class size, grades ${spanLabel(s)}`,
          value: spanLabel(s) === spanLabel(c.grades) ? value : `${spanLabel(c.grades)}: ${value}`,
        }));
      });
    case 'staffing':
    case 'hire':
      return [{ key: `staff|${t.unit}|${t.role}`, label: `${t.role} positions (${t.unit})`, value: describeTerm(t) }];
    case 'program':
      return [{ key: `program|${t.id}`, label: t.title, value: describeTerm(t) }];
    case 'me-too':
      return [{ key: `me-too|${t.unit}`, label: `Me-too for ${t.unit}`, value: `terms ${t.terms.join(', ')}` }];
    case 'non-cost':
      return [{ key: `text|${t.id}`, label: t.title === t.text ? 'Other terms (not costed)' : t.title, value: t.text }];
  }
}

/** The row label of a term of no title of its own that costs nothing: its words are beside it. */
export const NOT_COSTED = 'Other term (not costed)';

/**
 * A short name for a term, for the row of a table whose other cells say what the term is:
 * its own title when it has one, else the provision it speaks to ("Class size", "Nurse
 * positions (UTLA)", "UTLA salary schedule raises"), never its id.
 */
export function termLabel(t: Term): string {
  if (t.title !== describeTerm(t) && !(t.kind === 'non-cost' && t.title === t.text)) return t.title;
  if (t.kind === 'non-cost') return NOT_COSTED;
  if (t.kind === 'class-size') return 'Class size';
  const label = provisionsOf(t, [])[0].label;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** What the current contract or the district's data says on a provision. */
function baselineValue(ds: Dataset, key: string): string {
  const [kind, unit, rest] = key.split('|');
  const params = ds.district.parameters;
  const staffIn = (role: string) => ds.staff.filter((s) => s.unit === unit && s.role === role).reduce((n, s) => n + s.fte * s.count, 0);
  const baseDate = `${ds.district.baseFiscalYear}-07-01`;
  switch (kind) {
    case 'raise':
    case 'hourly':
    case 'flat':
    case 'bonus':
      return 'none (step and column only)';
    case 'floor': {
      const rates = ds.schedules.filter((c) => c.unit === unit && c.basis === 'hourly').map((c) => c.rate);
      return rates.length ? `lowest rate on the schedule ${money(Math.min(...rates))}` : 'no hourly schedule';
    }
    case 'hours': {
      const rows = ds.staff.filter((s) => s.unit === unit && rest.split(',').includes(s.role));
      const people = rows.reduce((n, s) => n + s.count, 0);
      return people ? `${(rows.reduce((n, s) => n + s.hoursPerDay * s.count, 0) / people).toFixed(1)} on average` : 'none on staff';
    }
    case 'health':
      return `${money(valueAt(params.healthPerEmployee, baseDate))} a year (base year)`;
    case 'health-eligibility': {
      const u = ds.units.find((x) => x.id === unit);
      return u ? `from ${params.healthEligibleMinHours[u.kind]} hours a day` : '';
    }
    case 'class-size': {
      const grades = parseGradeSpan(unit) ?? [];
      const spans = params.classSize.spans.filter((s) => s.grades.some((g) => grades.includes(g)));
      return spans.map((s) => `${s.measure} ${s.cap}`).join('; ') || 'no cap';
    }
    case 'staff':
      return `${Math.round(staffIn(rest) * 10) / 10} FTE now`;
    default:
      return '';
  }
}

/** Every provision any of the proposals touches, with the baseline beside each proposal's value. */
export function provisions(ds: Dataset, proposals: Proposal[]): Provision[] {
  const rows = new Map<string, Provision>();
  const spans = ds.district.parameters.classSize.spans.map((s) => s.grades);
  proposals.forEach((p, i) => {
    for (const t of p.terms) {
      for (const pv of provisionsOf(t, spans)) {
        const row = rows.get(pv.key) ?? { key: pv.key, label: pv.label, baseline: baselineValue(ds, pv.key), values: proposals.map(() => '') };
        row.values[i] = row.values[i] ? `${row.values[i]}; ${pv.value}` : pv.value;
        rows.set(pv.key, row);
      }
    }
  });
  return [...rows.values()];
}
