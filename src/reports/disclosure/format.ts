import { formatDollars } from '../../money/cents.ts';

/** Whole dollars for display; the cents behind them are the engine's. */
export const money = (cents: number): string => formatDollars(cents);

/** A percentage to two decimals, or a dash when there is nothing to divide by. */
export const pct = (x: number | null): string => (x === null ? '—' : `${x.toFixed(2)}%`);

export const fte = (x: number): string => x.toLocaleString('en-US', { maximumFractionDigits: 2 });

export const yesNo = (b: boolean): string => (b ? 'yes' : 'NO');

/** "pay-terms: note" style list item from a label and a text that may be missing. */
export const labelled = (label: string, text: string | null): string => (text ? `${label}: ${text}` : label);
