import { fyLabel } from '../../calendar/fiscal-year.ts';
import type { Context } from './context.ts';
import { Sheet } from './sheet.ts';

/** Read me: what each sheet holds, what an edit can move and what needs a new export. */
export function readMeSheet(ctx: Context): void {
  const s = new Sheet(ctx.wb, 'Read me', [130]);
  const d = ctx.dataset.district;
  const text = [
    `Costing by settle of ${ctx.results.map((r) => `"${r.proposal.title}" [${r.proposal.id}]`).join(', ')} on ${d.name} (CDS ${d.cdsCode}), base year ${fyLabel(ctx.base)}.`,
    'Every amount is a live formula that traces back to the Inputs, Terms, Schedule and Groups sheets. Change an input and the lines, totals and projection move.',
    'Each formula also stores settle\'s own figure, so the file shows numbers before any recalculation. Lines also shows that figure in "As costed by settle" for comparison.',
    'The method is docs/costing.md in settle. Amounts are the proposals\' added cost over the status quo, by the fiscal year in which they are booked.',
    '',
    'Sheets',
    '  Summary — status quo by unit; for each proposal the cost by category and year (SUMIFS over Lines) and the multi-year projection with the reserve test and certification. The column after the years, "Total, <first year> to <last year>", sums exactly those year columns; "Total over the contract, … to …" sums the contract\'s own years.',
    '  Disclosure (disclose only) — the current year and the two following years by category, pointing at Summary; the cost prior to the agreement is the unit\'s own total compensation in the current year, as in the PDF disclosure (its percentages use it), and every unit\'s status quo is shown below it, labelled so.',
    '  Lines — one row per cost line: salary lines add up Pay; statutory = ROUND(salary × Σ rates ÷ 100, 2); health = ROUND(Σ Health amounts, 2); programs = ROUND(count × amount × share of the year, 2).',
    '  Inputs — dated parameters by fiscal year (statutory rates, health and welfare per employee, column drift, COLA) and the budget.',
    '  Terms — every term of every proposal with its numeric parameters (percent, amounts, floor, hours, count).',
    '  Schedule — every salary schedule cell.',
    '  Groups — one row per pay group of current staff and per cohort of added positions: FTE, headcount, hours and days, and the base rate each year = schedule cell at the step held that year × the column drift factor.',
    '  Pay — one row per pay group (or cohort) and fiscal year. Parts of the year between effective dates have their share as constants; "Pay after term k" = ROUND(Σ parts share × rate after the first k pay terms × FTE (or × hours × days × people), 2), with the terms in force applied in date order (raise: × (1 + pct ÷ 100); hourly raise: + amount; flat amount: + amount (÷ hours × days when hourly); wage floor: MAX; added hours: + hours a day). "Cost of term k" is the difference; "booked in" is the year it is paid (retroactive pay is one-time money).',
    '  Health — employee-years × rate behind each health and welfare line.',
    '',
    'Rounding (as the method): pay and bonuses per pay group, year and term; statutory benefits, health and welfare and programs once per line; totals are exact sums of lines.',
    '',
    'What an edit moves: raise percents, amounts, hourly floors, added hours, bonus percents and amounts, health amounts, program counts and amounts (Terms); statutory rates, health and welfare per employee, column drift, COLA, budget, beginning balance, the part not available as reserve and the required reserve (Inputs); any salary schedule cell (Schedule); FTE, headcount, hours and days of current pay groups (Groups).',
    'What needs a new export from settle: effective and paid dates (the parts of the year and the year a cost is booked are laid out from them), which units, roles and pay groups a term reaches, health eligibility, new terms or lines, and the positions that class-size, staffing and hiring terms add (their FTE by year is fixed in Pay; their pay follows the schedule cells of the new-hire placement). A cost line that does not exist in this export (say, a term moved into another year) cannot appear.',
    'Lines at $0 are lines a term can have that cost nothing with the exported inputs (for example a wage floor below every rate); they move when an input does.',
  ];
  text.forEach((t, i) => {
    s.set(i + 1, 1, t);
    s.wrap(i + 1, 1);
  });
  s.bold(1, 1);
  s.bold(6, 1);
}
