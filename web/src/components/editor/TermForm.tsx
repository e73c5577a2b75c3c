/**
 * The form of one term, for each kind in docs/proposals.md (fields as in src/proposals/schema.ts).
 * "Exactly one of" pairs (a bonus in percent or dollars, a cap or a reduction, …) are a choice
 * followed by one number field, so the form can only write one of them.
 */
import type { Path, TermDraft } from '../../proposal-form.ts';
import { getIn, SCHOOL_TYPES, termId } from '../../proposal-form.ts';
import { useMessages, useLang } from '../../i18n.ts';
import { useState } from 'react';
import { CheckField, DateField, MultiField, NumberField, SelectField, TextField, useProblems, type Option } from './Fields.tsx';
import { M, roleLabel, type EditorKey } from './messages.ts';

export interface TermContext {
  /** Roles of the term's unit in the data (null: not known). */
  roles: string[] | null;
  /** Roles a position term may add. */
  hireRoles: string[] | null;
  /** Units at the table (for me-too clauses). */
  units: Option[];
  /** The other terms a me-too clause can point at. */
  otherTerms: Option[];
  caps: { grades: string; measure: string; cap: number }[];
  defaultFrom: string;
}

type Set = (path: Path, value: unknown) => void;

export function TermFields({ term, path, set, ctx }: { term: TermDraft; path: Path; set: Set; ctx: TermContext }) {
  const t = useMessages(M);
  const lang = useLang();
  const at = (...rest: (string | number)[]) => [...path, ...rest];
  const v = (...rest: (string | number)[]) => getIn(term, rest);
  const roleOptions = (list: string[] | null): Option[] | null => (list ? list.map((r) => ({ value: r, label: roleLabel(r, lang) })) : null);

  const roles = (required: boolean) => (
    <MultiField
      path={at('roles')}
      legend={required ? t('field.rolesRequired') : t('field.roles')}
      hint={required ? t('hint.rolesRequired') : t('hint.rolesOptional')}
      value={term.roles}
      options={roleOptions(ctx.roles)}
      freeTextLabel={t('unit.commaSeparated')}
      onValue={(rs) => set(at('roles'), rs.length === 0 && !required ? undefined : rs)}
    />
  );
  const effective = <DateField path={at('effective')} label={t('field.effective')} hint={t('hint.effective')} value={term.effective} required onValue={(d) => set(at('effective'), d)} />;
  const paid = <DateField path={at('paid')} label={t('field.paidOptional')} hint={t('hint.paidOptional')} value={term.paid} onValue={(d) => set(at('paid'), d)} />;
  // Pay before the contract starts (or back pay after it ends) is refused unless the agreement says so (docs/costing.md).
  const outside = <CheckField path={at('outsideTerm')} label={t('field.outsideTerm')} hint={t('hint.outsideTerm')} value={term.outsideTerm} onValue={(b) => set(at('outsideTerm'), b ? true : undefined)} />;

  /** A choice between keys that must not both be given; the number goes under the chosen key. */
  const either = (base: Path, keys: { key: string; label: string; unit: string; hint?: string; start: number }[], choiceLabel: string, optional?: { label: string }) => {
    const obj = getIn(term, base.slice(path.length)) as Record<string, unknown> | undefined;
    const chosen = keys.find((k) => obj?.[k.key] !== undefined) ?? (optional ? undefined : keys[0]);
    const choose = (key: string) => {
      let next: Record<string, unknown> = { ...(obj ?? {}) };
      for (const k of keys) delete next[k.key];
      const spec = keys.find((k) => k.key === key);
      if (spec) next = { ...next, [spec.key]: spec.start };
      set(base, next);
    };
    const options: Option[] = [...(optional ? [{ value: '', label: optional.label }] : []), ...keys.map((k) => ({ value: k.key, label: k.label }))];
    return (
      <>
        <SelectField path={[...base, `${chosen?.key ?? keys[0].key}-basis`]} label={choiceLabel} value={chosen?.key ?? ''} options={options} onValue={choose} />
        {chosen && (
          <NumberField path={[...base, chosen.key]} label={chosen.label} unit={chosen.unit} hint={chosen.hint} value={obj?.[chosen.key]} onValue={(n) => set([...base, chosen.key], n)} />
        )}
      </>
    );
  };

  const schools = (required: boolean) => {
    const filter = (term.schools ?? {}) as Record<string, unknown>;
    const update = (next: Record<string, unknown>) => {
      const empty = Object.values(next).every((x) => x === undefined);
      set(at('schools'), empty && !required ? undefined : next);
    };
    return (
      <>
        <MultiField
          path={at('schools', 'types')}
          legend={t('field.schoolTypes')}
          hint={t('hint.schoolTypes')}
          value={filter.types}
          options={SCHOOL_TYPES.map((s) => ({ value: s, label: t(`school.${s}` as EditorKey) }))}
          freeTextLabel={t('unit.commaSeparated')}
          onValue={(ts) => update({ ...filter, types: ts.length ? ts : undefined })}
        />
        <CheckField path={at('schools', 'highNeedOnly')} label={t('field.highNeedOnly')} value={filter.highNeedOnly} onValue={(b) => update({ ...filter, highNeedOnly: b ? true : undefined })} />
      </>
    );
  };

  const role = (
    <SelectField
      path={at('role')}
      label={t('field.role')}
      hint={t('hint.role')}
      value={term.role}
      options={(ctx.hireRoles ?? []).map((r) => ({ value: r, label: roleLabel(r, lang) }))}
      onValue={(r) => set(at('role'), r)}
    />
  );

  const phases = (render: (p: Record<string, unknown>, k: number) => React.ReactNode, fresh: () => Record<string, unknown>, what: 'phase' | 'cap') => {
    const list = Array.isArray(term[what === 'cap' ? 'caps' : 'phases']) ? (term[what === 'cap' ? 'caps' : 'phases'] as Record<string, unknown>[]) : [];
    const key = what === 'cap' ? 'caps' : 'phases';
    return (
      <div className="ed-phases">
        {list.map((p, k) => (
          <fieldset key={k} className="ed-phase">
            <legend>{t(what === 'cap' ? 'phase.capN' : 'phase.n', { n: k + 1 })}</legend>
            <div className="ed-grid">{render(p, k)}</div>
            {list.length > 1 && (
              <button type="button" className="ed-secondary" onClick={() => set(at(key), list.filter((_, j) => j !== k))}>
                {t(what === 'cap' ? 'phase.removeCap' : 'phase.remove', { n: k + 1 })}
              </button>
            )}
          </fieldset>
        ))}
        <button type="button" className="ed-secondary" onClick={() => set(at(key), [...list, fresh()])}>
          {t(what === 'cap' ? 'phase.addCap' : 'phase.add')}
        </button>
      </div>
    );
  };
  const lastFrom = (key: 'phases' | 'caps') => {
    const list = term[key];
    const last = Array.isArray(list) ? (list[list.length - 1] as { from?: unknown } | undefined) : undefined;
    if (typeof last?.from === 'string' && /^\d{4}-/.test(last.from)) return `${Number(last.from.slice(0, 4)) + 1}${last.from.slice(4)}`;
    return ctx.defaultFrom;
  };

  switch (term.kind) {
    case 'raise':
      return (
        <div className="ed-grid">
          <NumberField path={at('pct')} label={t('field.pct')} unit="%" hint={t('hint.pct')} value={term.pct} onValue={(n) => set(at('pct'), n)} />
          {effective}
          {roles(false)}
          {paid}
          {outside}
        </div>
      );
    case 'hourly-raise':
      return (
        <div className="ed-grid">
          <NumberField path={at('amount')} label={t('field.hourlyAmount')} unit={t('unit.perHour')} value={term.amount} onValue={(n) => set(at('amount'), n)} />
          {effective}
          {roles(false)}
          {paid}
          {outside}
        </div>
      );
    case 'flat-amount':
      return (
        <div className="ed-grid">
          <NumberField path={at('amount')} label={t('field.flatAmount')} unit={t('unit.perYear')} hint={t('hint.flatAmount')} value={term.amount} onValue={(n) => set(at('amount'), n)} />
          {effective}
          {roles(true)}
          {paid}
          {outside}
        </div>
      );
    case 'bonus':
      return (
        <div className="ed-grid">
          {either(path, [
            { key: 'pct', label: t('field.bonusPct'), unit: '%', hint: t('hint.bonusPct'), start: 2 },
            { key: 'amount', label: t('field.bonusAmount'), unit: t('unit.perEmployee'), start: 1000 },
          ], t('field.bonusBasis'))}
          <DateField path={at('paid')} label={t('field.paid')} value={term.paid} required onValue={(d) => set(at('paid'), d)} />
          <TextField path={at('employedIn')} label={t('field.employedIn')} unit={t('unit.fiscalYear')} hint={t('hint.employedIn')} placeholder="2020-21" value={term.employedIn} onValue={(s) => set(at('employedIn'), s?.trim() || undefined)} />
          {roles(false)}
        </div>
      );
    case 'wage-floor':
      return (
        <div className="ed-grid">
          <NumberField path={at('hourly')} label={t('field.hourly')} unit={t('unit.perHour')} hint={t('hint.hourly')} value={term.hourly} onValue={(n) => set(at('hourly'), n)} />
          {effective}
          {paid}
          {outside}
        </div>
      );
    case 'added-hours':
      return (
        <div className="ed-grid">
          <NumberField path={at('hoursPerDay')} label={t('field.hoursPerDay')} unit={t('unit.hoursPerDay')} hint={t('hint.hoursPerDay')} value={term.hoursPerDay} onValue={(n) => set(at('hoursPerDay'), n)} />
          {effective}
          {roles(true)}
          {outside}
        </div>
      );
    case 'health':
      return (
        <div className="ed-grid">
          {either(path, [
            { key: 'perEmployee', label: t('field.perEmployee'), unit: t('unit.perEmployeeYear'), start: 500 },
            { key: 'partTimeMinHours', label: t('field.partTimeMinHours'), unit: t('unit.hoursPerDay'), hint: t('hint.partTimeMinHours'), start: 4 },
          ], t('field.healthBasis'))}
          {effective}
          {outside}
        </div>
      );
    case 'program':
      return (
        <div className="ed-grid">
          <NumberField path={at('amount')} label={term.oneTime ? t('field.programAmountOnce') : t('field.programAmount')} unit={term.oneTime ? '$' : t('unit.perYear')} value={term.amount} onValue={(n) => set(at('amount'), n)} />
          <NumberField path={at('count')} label={t('field.count')} hint={t('hint.count')} value={term.count} onValue={(n) => set(at('count'), n)} />
          {effective}
          <CheckField path={at('oneTime')} label={t('field.oneTime')} value={term.oneTime} onValue={(b) => set(at('oneTime'), b ? true : undefined)} />
        </div>
      );
    case 'class-size':
      return phases((c, k) => {
        const base = at('caps', k);
        const today = ctx.caps.find((s) => s.grades.toUpperCase() === String(c.grades ?? '').trim().toUpperCase());
        return (
          <>
            <TextField path={[...base, 'grades']} label={t('field.grades')} hint={today ? t('hint.gradesToday', { measure: t(`measure.${today.measure === 'average' ? 'average' : 'maximum'}`), cap: today.cap }) : t('hint.grades', { spans: ctx.caps.map((s) => s.grades).join(', ') || 'K-3, 4-6, 9-12' })} value={c.grades} required onValue={(s) => set([...base, 'grades'], s)} />
            <DateField path={[...base, 'from']} label={t('field.from')} value={c.from} required onValue={(d) => set([...base, 'from'], d)} />
            {either(base, [
              { key: 'cap', label: t('field.cap'), unit: t('unit.students'), start: today ? Math.max(1, today.cap - 1) : 30 },
              { key: 'reduceBy', label: t('field.reduceBy'), unit: t('unit.students'), hint: t('hint.reduceBy'), start: 1 },
            ], t('field.capBasis'))}
            {either(base, [
              { key: 'highNeedCap', label: t('field.highNeedCap'), unit: t('unit.students'), start: today ? Math.max(1, today.cap - 4) : 28 },
              { key: 'highNeedReduceBy', label: t('field.highNeedReduceBy'), unit: t('unit.students'), start: 2 },
            ], t('field.highNeedBasis'), { label: t('option.sameAsOthers') })}
            <SelectField path={[...base, 'measure']} label={t('field.measure')} value={c.measure ?? ''} options={[{ value: '', label: t('measure.asToday') }, { value: 'maximum', label: t('measure.maximum') }, { value: 'average', label: t('measure.average') }]}
              onValue={(m) => set([...base, 'measure'], m === '' ? undefined : m)} />
          </>
        );
      }, () => ({ grades: (term.caps as { grades?: unknown }[] | undefined)?.at(-1)?.grades ?? 'K-3', from: lastFrom('caps'), reduceBy: 1 }), 'cap');
    case 'staffing':
      return (
        <>
          <div className="ed-grid">
            {role}
            {schools(true)}
          </div>
          {phases((p, k) => {
            const base = at('phases', k);
            return (
              <>
                <DateField path={[...base, 'from']} label={t('field.from')} value={p.from} required onValue={(d) => set([...base, 'from'], d)} />
                {either(base, [
                  { key: 'perSchool', label: t('field.perSchool'), unit: t('unit.fte'), hint: t('hint.perSchool'), start: 1 },
                  { key: 'studentsPerStaff', label: t('field.studentsPerStaff'), unit: t('unit.students'), hint: t('hint.studentsPerStaff'), start: 500 },
                ], t('field.staffingBasis'))}
              </>
            );
          }, () => ({ from: lastFrom('phases'), perSchool: 1 }), 'phase')}
        </>
      );
    case 'hire':
      return (
        <>
          <div className="ed-grid">
            {role}
            {schools(false)}
          </div>
          {phases((p, k) => {
            const base = at('phases', k);
            return (
              <>
                <DateField path={[...base, 'from']} label={t('field.from')} value={p.from} required onValue={(d) => set([...base, 'from'], d)} />
                <NumberField path={[...base, 'count']} label={t('field.hireCount')} unit={t('unit.positions')} hint={t('hint.hireCount')} value={p.count} onValue={(n) => set([...base, 'count'], n)} />
              </>
            );
          }, () => ({ from: lastFrom('phases'), count: 10 }), 'phase')}
        </>
      );
    case 'me-too':
      return (
        <div className="ed-grid">
          <SelectField path={at('unit')} label={t('field.meTooUnit')} hint={t('hint.meTooUnit')} value={term.unit} options={ctx.units} onValue={(u) => set(at('unit'), u)} />
          <MultiField path={at('terms')} legend={t('field.meTooTerms')} hint={t('hint.meTooTerms')} value={term.terms} options={ctx.otherTerms} freeTextLabel={t('unit.commaSeparated')} onValue={(ids) => set(at('terms'), ids)} />
        </div>
      );
    case 'non-cost':
      return (
        <div className="ed-grid">
          <TextField path={at('text')} label={t('field.text')} hint={t('hint.text')} multiline required value={term.text} onValue={(s) => set(at('text'), s)} className="ed-wide" />
        </div>
      );
    default:
      return <p className="ed-hint">{t('term.unknownKind', { kind: String(term.kind ?? '') })}</p>;
  }
}

/** The id, title and note every term may have. */
export function TermCommon({ term, index, path, set, units }: { term: TermDraft; index: number; path: Path; set: Set; units: Option[] }) {
  const t = useMessages(M);
  // Open at first when something is filled in; then as the person leaves it (or when a problem is inside).
  const [startOpen] = useState(term.title !== undefined || term.note !== undefined || term.id !== undefined || (term.unit !== undefined && term.kind !== 'me-too'));
  const inside = [...useProblems([...path, 'title']), ...useProblems([...path, 'id']), ...useProblems([...path, 'note']), ...useProblems([...path, 'unit'])].length > 0;
  const [forced, setForced] = useState(false);
  if (inside && !forced) setForced(true);
  return (
    <details className="ed-more" open={startOpen || forced || undefined}>
      <summary>{t('term.more')}</summary>
      <div className="ed-grid">
        <TextField path={[...path, 'title']} label={t('field.termTitle')} hint={t('hint.termTitle')} value={term.title} onValue={(s) => set([...path, 'title'], s)} />
        <TextField path={[...path, 'id']} label={t('field.termId')} hint={t('hint.termId', { id: termId({ ...term, id: undefined }, index) })} value={term.id} onValue={(s) => set([...path, 'id'], s)} />
        {term.kind !== 'me-too' && (
          <SelectField path={[...path, 'unit']} label={t('field.termUnit')} hint={t('hint.termUnit')} value={term.unit ?? ''} options={[{ value: '', label: t('option.proposalUnit') }, ...units]}
            onValue={(u) => set([...path, 'unit'], u === '' ? undefined : u)} />
        )}
        <TextField path={[...path, 'note']} label={t('field.note')} hint={t('hint.note')} multiline value={term.note} onValue={(s) => set([...path, 'note'], s)} className="ed-wide" />
      </div>
    </details>
  );
}
