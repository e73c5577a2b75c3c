/**
 * The editor's fields: every input has a label (with its unit), an optional hint, and the
 * server's problems for its path shown right under it (`where.field`, e.g. `terms[2].pct`).
 * Number fields keep the text as typed, so "2," or "abc" stay on screen while the server says
 * what is wrong with them.
 */
import { createContext, useContext, useEffect, useId, useState } from 'react';
import type { ApiProblem } from '../../api.ts';
import { useLang } from '../../i18n.ts';
import { parseNumberInput } from '../../number-input.ts';
import { isIsoDate, numberText, pathLabel, readNumber, type Path } from '../../proposal-form.ts';

export interface ProblemIndex {
  /** Problems by `where.field`. */
  byField: Map<string, ApiProblem[]>;
  exampleWord: string;
}

export const ProblemsContext = createContext<ProblemIndex>({ byField: new Map(), exampleWord: 'Example' });

export function indexProblems(problems: ApiProblem[], exampleWord: string): ProblemIndex {
  const byField = new Map<string, ApiProblem[]>();
  for (const p of problems) {
    const f = p.where?.field ?? '';
    byField.set(f, [...(byField.get(f) ?? []), p]);
  }
  return { byField, exampleWord };
}

/** Problems at this path; with `items`, also at its elements (`roles[0]`, `terms[1]`). */
export function useProblems(path: Path, { items = false, exact = true }: { items?: boolean; exact?: boolean } = {}): ApiProblem[] {
  const { byField } = useContext(ProblemsContext);
  const here = pathLabel(path);
  const out: ApiProblem[] = exact ? [...(byField.get(here) ?? [])] : [];
  if (items) for (const [f, ps] of byField) if (f.startsWith(`${here}[`) && /^\[\d+\]$/.test(f.slice(here.length))) out.push(...ps);
  return out;
}

/** The element id of the field at a path, so the problem summary can take the person there. */
export function fieldId(path: Path): string {
  return `ed-${pathLabel(path).replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export function ProblemList({ problems, id }: { problems: ApiProblem[]; id?: string }) {
  const { exampleWord } = useContext(ProblemsContext);
  if (problems.length === 0) return null;
  return (
    <ul className="ed-problems" id={id}>
      {problems.map((p, i) => (
        <li key={i}>
          {p.message}
          {p.hint && <span className="ed-problem-hint"> {exampleWord}: <code>{p.hint}</code></span>}
        </li>
      ))}
    </ul>
  );
}

interface FieldProps {
  path: Path;
  label: string;
  unit?: string;
  hint?: string;
  /** Problems of the elements of this field (roles[0]) are shown here too. */
  items?: boolean;
  className?: string;
}

function Shell({ path, label, unit, hint, items, className, children, local }: FieldProps & { local?: ApiProblem[]; children: (a: { id: string; describedBy: string | undefined; invalid: boolean }) => React.ReactNode }) {
  const id = fieldId(path);
  // The field's own reading of what was typed (a Spanish "1.50") comes first, then the server's.
  const problems = [...(local ?? []), ...useProblems(path, { items })];
  const hintId = `${id}-hint`;
  const errId = `${id}-problems`;
  const describedBy = [hint ? hintId : '', problems.length ? errId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ed-field${problems.length ? ' ed-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {unit && <span className="ed-unit"> ({unit})</span>}
      </label>
      {children({ id, describedBy, invalid: problems.length > 0 })}
      {hint && <p className="ed-hint" id={hintId}>{hint}</p>}
      <ProblemList problems={problems} id={errId} />
    </div>
  );
}

export function TextField(props: FieldProps & { value: unknown; onValue: (v: string | undefined) => void; placeholder?: string; required?: boolean; multiline?: boolean }) {
  const { value, onValue, placeholder, required, multiline } = props;
  const text = value === undefined || value === null ? '' : String(value);
  const change = (v: string) => onValue(v === '' && !required ? undefined : v);
  return (
    <Shell {...props}>
      {({ id, describedBy, invalid }) =>
        multiline ? (
          <textarea id={id} rows={3} value={text} placeholder={placeholder} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(e) => change(e.target.value)} />
        ) : (
          <input id={id} type="text" value={text} placeholder={placeholder} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(e) => change(e.target.value)} />
        )
      }
    </Shell>
  );
}

const sameNumber = (a: unknown, b: unknown) => a === b || (a === undefined && b === '') || (typeof a === 'number' && typeof b === 'number' && Object.is(a, b));

export function NumberField(props: FieldProps & { value: unknown; onValue: (v: number | string | undefined) => void; placeholder?: string }) {
  const { value, onValue, placeholder } = props;
  const lang = useLang();
  const [text, setText] = useState(numberText(value, lang));
  // Follow the value when it changes from elsewhere (an import, a kind change, the language), not while typing it.
  useEffect(() => {
    if (!sameNumber(readNumber(text, lang), value)) setText(numberText(value, lang));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, lang]);
  const reading = parseNumberInput(text, lang);
  const local: ApiProblem[] = reading.kind === 'refused' ? [{ code: 'number.separator', message: reading.message }] : [];
  return (
    <Shell {...props} local={local}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            setText(e.target.value);
            onValue(readNumber(e.target.value, lang));
          }}
        />
      )}
    </Shell>
  );
}

export function DateField(props: FieldProps & { value: unknown; onValue: (v: string | undefined) => void; required?: boolean }) {
  const { value, onValue, required } = props;
  // A value that is not a date (from an imported file) is shown as written, in a text box.
  const plain = value === undefined || value === '' || isIsoDate(value);
  return (
    <Shell {...props}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={plain ? 'date' : 'text'}
          value={value === undefined || value === null ? '' : String(value)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          required={required}
          onChange={(e) => onValue(e.target.value === '' ? (required ? '' : undefined) : e.target.value)}
        />
      )}
    </Shell>
  );
}

export interface Option { value: string; label: string }

export function SelectField(props: FieldProps & { value: unknown; options: Option[]; onValue: (v: string) => void; empty?: string }) {
  const { value, options, onValue, empty } = props;
  const current = value === undefined || value === null ? '' : String(value);
  const all = current !== '' && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;
  return (
    <Shell {...props}>
      {({ id, describedBy, invalid }) => (
        <select id={id} value={current} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(e) => onValue(e.target.value)}>
          {(empty !== undefined || current === '') && !all.some((o) => o.value === '') && <option value="">{empty ?? ''}</option>}
          {all.map((o) => (
            <option key={o.value} value={o.value}>{o.label}</option>
          ))}
        </select>
      )}
    </Shell>
  );
}

export function CheckField({ path, label, value, onValue, hint }: { path: Path; label: string; value: unknown; onValue: (v: boolean) => void; hint?: string }) {
  const id = fieldId(path);
  const problems = useProblems(path);
  return (
    <div className={`ed-field ed-check${problems.length ? ' ed-invalid' : ''}`}>
      <label htmlFor={id}>
        <input id={id} type="checkbox" checked={value === true} aria-describedby={problems.length ? `${id}-problems` : undefined} onChange={(e) => onValue(e.target.checked)} />
        {label}
      </label>
      {hint && <p className="ed-hint">{hint}</p>}
      <ProblemList problems={problems} id={`${id}-problems`} />
    </div>
  );
}

/**
 * Several choices from a list (roles, school types), as checkboxes in a fieldset. Values not in
 * the list (a role the data do not have) are shown too, checked, so they can be taken out.
 * With no list (the data's roles could not be read) it is a text box of comma-separated values.
 */
export function MultiField({ path, legend, hint, value, options, onValue, freeTextLabel }: {
  path: Path;
  legend: string;
  hint?: string;
  value: unknown;
  options: Option[] | null;
  onValue: (v: string[]) => void;
  freeTextLabel: string;
}) {
  const id = fieldId(path);
  const problems = useProblems(path, { items: true });
  const chosen = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  const hintId = `${id}-hint`;
  const errId = `${id}-problems`;
  const describedBy = [hint ? hintId : '', problems.length ? errId : ''].filter(Boolean).join(' ') || undefined;
  const uid = useId();
  if (options === null) {
    return (
      <div className={`ed-field${problems.length ? ' ed-invalid' : ''}`}>
        <label htmlFor={id}>{legend} <span className="ed-unit">({freeTextLabel})</span></label>
        <input id={id} type="text" value={chosen.join(', ')} aria-describedby={describedBy} aria-invalid={problems.length > 0 || undefined}
          onChange={(e) => onValue(e.target.value.split(',').map((s) => s.trim()).filter(Boolean))} />
        {hint && <p className="ed-hint" id={hintId}>{hint}</p>}
        <ProblemList problems={problems} id={errId} />
      </div>
    );
  }
  const all = [...options, ...chosen.filter((c) => !options.some((o) => o.value === c)).map((c) => ({ value: c, label: c }))];
  const toggle = (v: string, on: boolean) => onValue(on ? [...chosen, v] : chosen.filter((c) => c !== v));
  return (
    <fieldset id={id} className={`ed-field ed-multi${problems.length ? ' ed-invalid' : ''}`} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <div className="ed-multi-options">
        {all.map((o, k) => (
          <label key={o.value} htmlFor={`${uid}-${k}`} className="ed-choice">
            <input id={`${uid}-${k}`} type="checkbox" checked={chosen.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
            {o.label}
          </label>
        ))}
      </div>
      {hint && <p className="ed-hint" id={hintId}>{hint}</p>}
      <ProblemList problems={problems} id={errId} />
    </fieldset>
  );
}
