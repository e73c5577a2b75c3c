import { fyLabel, type FiscalYear } from '../calendar/fiscal-year.ts';
import type { TermKind } from '../proposals/types.ts';
import type { CostKind, CostLine, Nature, TraceInput } from './result.ts';

export interface Entry {
  term: string;
  kind: CostKind;
  nature: Nature;
  unit: string;
  population: 'existing' | 'added';
  earnedFy: FiscalYear | null;
  bookedFy: FiscalYear;
  cents: number;
  fte: number;
  formula: string;
  /** Numeric inputs are summed across entries of the same line; text inputs are kept as given. */
  inputs: TraceInput[];
  /** For a me-too clause: the id of the term it passes on. */
  via?: string;
}

interface Bucket {
  entry: Entry;
  inputs: Map<string, TraceInput>;
}

/** Inputs that add up across the groups in one line; rates and dates are kept as first given. */
const SUMMED = new Set<TraceInput['unit']>(['cents', 'fte', 'count']);

const KIND_ORDER: CostKind[] = ['salary', 'statutory', 'health', 'other'];

/** Collects cost entries into lines: one per term, category, nature, unit, population and year earned. */
export class Ledger {
  private buckets = new Map<string, Bucket>();

  add(e: Entry): void {
    if (e.cents === 0 && e.fte === 0) return;
    const key = `${e.bookedFy}|${e.term}|${e.via ?? ''}|${e.kind}|${e.nature}|${e.unit}|${e.population}|${e.earnedFy}`;
    const b = this.buckets.get(key);
    if (!b) {
      this.buckets.set(key, { entry: { ...e }, inputs: new Map(e.inputs.map((i) => [i.name, { ...i }])) });
      return;
    }
    b.entry.cents += e.cents;
    b.entry.fte += e.fte;
    for (const i of e.inputs) {
      const have = b.inputs.get(i.name);
      if (!have) b.inputs.set(i.name, { ...i });
      else if (typeof have.value === 'number' && typeof i.value === 'number' && SUMMED.has(i.unit)) have.value += i.value;
    }
  }

  entries(): Entry[] {
    return [...this.buckets.values()].map((b) => ({ ...b.entry, inputs: [...b.inputs.values()] }));
  }

  /** Lines by the fiscal year in which they are booked, in a stable order. */
  lines(meta: { order: Map<string, number>; title: (id: string) => string; kindOf: (id: string) => TermKind }): Map<FiscalYear, CostLine[]> {
    const out = new Map<FiscalYear, CostLine[]>();
    const sorted = [...this.buckets.values()].sort((x, y) => compareLines(x.entry, y.entry, meta.order));
    for (const { entry: e, inputs } of sorted) {
      const list = out.get(e.bookedFy) ?? [];
      list.push({
        term: e.term,
        termTitle: meta.title(e.term),
        termKind: meta.kindOf(e.term),
        via: e.via ?? null,
        kind: e.kind,
        nature: e.nature,
        unit: e.unit,
        population: e.population,
        earnedFy: e.earnedFy === null ? null : fyLabel(e.earnedFy),
        cents: e.cents,
        fte: Math.round(e.fte * 1e4) / 1e4,
        label: label(e, meta.title(e.term), meta.kindOf(e.term)),
        trace: { formula: e.formula, inputs: [...inputs.values()].map(tidy) },
      });
      out.set(e.bookedFy, list);
    }
    return out;
  }
}

function tidy(i: TraceInput): TraceInput {
  return typeof i.value === 'number' && i.unit === 'fte' ? { ...i, value: Math.round(i.value * 1e4) / 1e4 } : i;
}

/** What orders lines within a year; exported so that other layouts of the lines (the spreadsheet) keep the same order. */
export type LineOrderKey = Pick<Entry, 'term' | 'unit' | 'population' | 'earnedFy' | 'kind' | 'nature'> & { via?: string | null };

export function compareLines(a: LineOrderKey, b: LineOrderKey, order: Map<string, number>): number {
  return (
    (order.get(a.term) ?? 0) - (order.get(b.term) ?? 0) ||
    ((a.via ?? '') < (b.via ?? '') ? -1 : (a.via ?? '') > (b.via ?? '') ? 1 : 0) ||
    (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0) ||
    (a.population === b.population ? 0 : a.population === 'existing' ? -1 : 1) ||
    (a.earnedFy ?? 9999) - (b.earnedFy ?? 9999) ||
    KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
    (a.nature < b.nature ? -1 : a.nature > b.nature ? 1 : 0)
  );
}

const KIND_LABEL: Record<CostKind, string> = { salary: 'salary', statutory: 'statutory benefits', health: 'health and welfare', other: 'other' };

const POSITION_KINDS = new Set<TermKind>(['class-size', 'staffing', 'hire']);

function label(e: Entry, title: string, kind: TermKind): string {
  const parts = [e.via ? `${title} (${e.via})` : title, KIND_LABEL[e.kind], e.unit];
  if (e.population === 'added' && !POSITION_KINDS.has(kind)) parts.push('on added positions');
  if (e.earnedFy !== null) parts.push(`retroactive for ${fyLabel(e.earnedFy)}`);
  return parts.join(' — ');
}
