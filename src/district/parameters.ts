/**
 * A dated parameter: values keyed by the date from which each applies, with a label,
 * a unit and where the figure comes from (the OpenFisca / PolicyEngine convention).
 * A date means "from then on".
 */
export interface Reference {
  title: string;
  href?: string;
}

export type ParameterUnit = 'percent' | 'usd' | 'count' | 'days' | 'hours' | 'ratio';

export interface DatedParameter {
  label: string;
  unit: ParameterUnit;
  /** Sorted by date, oldest first. */
  values: { from: string; value: number }[];
  reference: Reference[];
}

/**
 * The value in force on `date`: the latest entry dated on or before it. Before the first
 * entry the first value applies (a parameter's history is assumed to start with it).
 */
export function valueAt(p: DatedParameter, date: string): number {
  let current = p.values[0].value;
  for (const v of p.values) {
    if (v.from <= date) current = v.value;
    else break;
  }
  return current;
}

export function constant(label: string, unit: ParameterUnit, value: number, reference: Reference[] = []): DatedParameter {
  return { label, unit, values: [{ from: '1900-07-01', value }], reference };
}
