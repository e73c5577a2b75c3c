/**
 * The column mapping of an import: one choice per field (the file's columns, or "not in the
 * file"), the required fields marked, and whether the file is the whole roster (removeMissing).
 * A change is handed up at once; the page previews again.
 */
import { useId } from 'react';
import { useMessages } from '../../i18n.ts';
import { displayText } from '../../text.ts';
import { importing as words, roster } from './messages.ts';
import { FIELDS, REQUIRED, type Mapping } from './types.ts';

export function MappingForm({ columns, mapping, removeMissing, problems, onChange }: {
  columns: string[]; mapping: Mapping; removeMissing: boolean; problems: string[]; onChange: (m: Mapping, removeMissing: boolean) => void;
}) {
  const t = useMessages(words);
  const r = useMessages(roster);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-h`} className="card ro-mapping">
      <h3 id={`${id}-h`}>{t('mapping')}</h3>
      <p className="muted">{t('mapping.intro')}</p>
      <div className="ro-fields">
        {FIELDS.map((f) => {
          const required = REQUIRED.includes(f);
          return (
            <div key={f} className="ro-field">
              <label htmlFor={`${id}-${f}`}>{r(`field.${f}`)}{required && <> <span className="ro-required">({r('required')})</span></>}</label>
              <select id={`${id}-${f}`} value={mapping[f] ?? ''} aria-required={required} aria-invalid={required && mapping[f] === null} onChange={(e) => onChange({ ...mapping, [f]: e.target.value === '' ? null : e.target.value }, removeMissing)}>
                <option value="">{t('mapping.none')}</option>
                {columns.map((c, i) => <option key={`${i}-${c}`} value={c}>{displayText(c)}</option>)}
              </select>
            </div>
          );
        })}
      </div>
      {problems.length > 0 && (
        <ul role="alert" className="ro-problems error">{problems.map((p, i) => <li key={i}>{p}</li>)}</ul>
      )}
      <label className="ro-check">
        <input type="checkbox" checked={removeMissing} onChange={(e) => onChange(mapping, e.target.checked)} />
        <span>{t('removeMissing')}</span>
      </label>
    </section>
  );
}
