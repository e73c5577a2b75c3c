/**
 * The rules a captain's page names when two recorders disagreed about a check-in. The server states
 * them in English (src/pickets/attendance.ts); the page says each known rule in its own language,
 * and any other as the server wrote it.
 */
import { RULE_FAR_APART, RULE_OUT_NOT_IN, RULE_UNDO } from '../../../../src/pickets/attendance.ts';

export const RULE_WORDS: Record<'en' | 'es', Record<string, string>> = {
  en: { [RULE_UNDO]: RULE_UNDO, [RULE_FAR_APART]: RULE_FAR_APART, [RULE_OUT_NOT_IN]: RULE_OUT_NOT_IN },
  es: {
    [RULE_UNDO]: 'Las acciones cuentan en el orden de la hora del aparato que las registró; vale la última. Una persona anuló lo que otra registró.',
    [RULE_FAR_APART]: 'Dos llegadas registradas con más de 10 minutos de diferencia por personas distintas: vale la hora de la primera.',
    [RULE_OUT_NOT_IN]: 'Una salida registrada a una hora en que la persona no estaba presente (antes de su llegada, o después de que se anulara) no cambia nada: vale la llegada o la anulación.',
  },
};

export const ruleText = (rule: string, lang: 'en' | 'es'): string => RULE_WORDS[lang][rule] ?? rule;
