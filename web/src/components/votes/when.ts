/**
 * A date and time as people read it, in the reader's own time zone, which the set-up form reads
 * its times in too, and naming it ("Aug 22, 2018, 7:00 AM PDT"): a reader whose device is set to
 * another zone than the union's sees which one the times are in.
 */
export function when(iso: string | null | undefined, lang: 'en' | 'es'): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', {
    year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
  }).format(d);
}
