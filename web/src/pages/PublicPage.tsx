import { useT } from '../i18n.ts';

/** The public record (no sign-in). */
export function PublicPage() {
  const t = useT();
  return <h1>{t('app.tagline')}</h1>;
}
