/**
 * English and Spanish. The language is in the address (`?lang=es`, `?lang=en`), so switching
 * keeps the page, a shared link keeps the language, and the server needs no state for it. An
 * address without one is in the browser's language (a phone set to Spanish opens the page in
 * Spanish), English when it prefers neither.
 */
import { useLocation } from './router.ts';
import { fill } from './text.ts';

export type Lang = 'en' | 'es';

const en = {
  'app.name': 'settle',
  'app.tagline': 'What is on the bargaining table, and what it costs',
  'nav.public': 'Public record',
  'nav.workspace': 'Workspace',
  'nav.signIn': 'Sign in',
  'nav.signOut': 'Sign out',
  'lang.switch': 'Español',
  'lang.label': 'Language',
  'signIn.title': 'Sign in to your workspace',
  'signIn.email': 'Email',
  'signIn.password': 'Password',
  'signIn.submit': 'Sign in',
  'signIn.working': 'Signing in…',
  'error.generic': 'Something went wrong',
  'loading': 'Loading…',
  'notFound': 'There is no page here.',
  'insecure.banner': 'This server is on plain HTTP: passwords, sessions and drafts can be read by anyone on the network. Do not use it for real bargaining work.',
  'table.scroll': 'Scroll sideways to see every column',
} as const;

export type MessageKey = keyof typeof en;

const es: Record<MessageKey, string> = {
  'app.name': 'settle',
  'app.tagline': 'Qué hay sobre la mesa de negociación y cuánto cuesta',
  'nav.public': 'Registro público',
  'nav.workspace': 'Espacio de trabajo',
  'nav.signIn': 'Iniciar sesión',
  'nav.signOut': 'Cerrar sesión',
  'lang.switch': 'English',
  'lang.label': 'Idioma',
  'signIn.title': 'Inicie sesión en su espacio de trabajo',
  'signIn.email': 'Correo electrónico',
  'signIn.password': 'Contraseña',
  'signIn.submit': 'Iniciar sesión',
  'signIn.working': 'Iniciando sesión…',
  'error.generic': 'Algo salió mal',
  'loading': 'Cargando…',
  'notFound': 'Aquí no hay ninguna página.',
  'insecure.banner': 'Este servidor usa HTTP sin cifrar: cualquiera en la red puede leer contraseñas, sesiones y borradores. No lo use para negociaciones reales.',
  'table.scroll': 'Desplace hacia el lado para ver todas las columnas',
};

const app: Record<Lang, Record<MessageKey, string>> = { en, es };

/** The first of the browser's languages that is English or Spanish; English if none is. */
export function browserLang(): Lang {
  const prefs = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
  for (const p of prefs) {
    const base = p.toLowerCase().split('-')[0];
    if (base === 'es' || base === 'en') return base;
  }
  return 'en';
}

export function useLang(): Lang {
  const { query } = useLocation();
  const asked = query.get('lang');
  return asked === 'es' || asked === 'en' ? asked : browserLang();
}

/**
 * The `lang` an address needs to show `lang` on any phone it is shared to: Spanish always says so;
 * English only on a browser that would otherwise show Spanish.
 */
export const langParam = (lang: Lang): Lang | null => (lang === 'es' ? 'es' : browserLang() === 'es' ? 'en' : null);

export type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translator(lang: Lang): T {
  return (key, vars) => {
    return fill(app[lang][key] ?? en[key], vars);
  };
}

export function useT(): T {
  return translator(useLang());
}

/**
 * Messages of one feature, kept beside its pages: English is the reference, Spanish must
 * have every key (the type says so).
 *
 *   const m = messages({ en: { 'title': 'On the table' }, es: { 'title': 'Sobre la mesa' } });
 *   const t = useMessages(m);  t('title')
 */
export function messages<K extends string>(m: { en: Record<K, string>; es: Record<K, string> }) {
  return m;
}

export function useMessages<K extends string>(m: { en: Record<K, string>; es: Record<K, string> }): (key: K, vars?: Record<string, string | number>) => string {
  const lang = useLang();
  return (key, vars) => {
    return fill(m[lang][key] ?? m.en[key], vars);
  };
}

/** Money as people read it: $1.2 million, $850,000 (English) or 1,2 millones de dólares (Spanish). */
export function formatDollars(cents: number, lang: Lang): string {
  const dollars = cents / 100;
  const abs = Math.abs(dollars);
  const locale = lang === 'es' ? 'es-US' : 'en-US';
  if (abs >= 1e6) {
    const m = new Intl.NumberFormat(locale, { maximumFractionDigits: abs >= 1e8 ? 0 : 1 }).format(dollars / 1e6);
    return lang === 'es' ? `${m} millones de dólares` : `$${m} million`;
  }
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(dollars);
}
