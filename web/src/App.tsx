import { useEffect, useState } from 'react';
import { api, setCsrf } from './api.ts';
import { useLang, useT } from './i18n.ts';
import { navigate, useLocation, withQuery } from './router.ts';
import { SignIn } from './pages/SignIn.tsx';
import { PublicPage } from './pages/PublicPage.tsx';
import { Workspace } from './pages/Workspace.tsx';

export interface Session {
  person: { id: number; name: string; email: string; role: string };
  organization: { id: number; kind: 'district' | 'union'; name: string; unit: string | null };
  csrfToken: string;
}

/** Keeps `?lang=` on every internal link. */
export function href(path: string, lang: string): string {
  return lang === 'es' ? `${path}${path.includes('?') ? '&' : '?'}lang=es` : path;
}

export function App() {
  const { path } = useLocation();
  const lang = useLang();
  const t = useT();
  const [session, setSession] = useState<Session | null | undefined>(undefined);

  useEffect(() => {
    api<Session>('GET', '/api/session').then(
      (s) => {
        setCsrf(s.csrfToken);
        setSession(s);
      },
      () => setSession(null),
    );
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  const signedIn = (s: Session) => {
    setCsrf(s.csrfToken);
    setSession(s);
    navigate(href('/workspace', lang));
  };
  const signOut = async () => {
    await api('DELETE', '/api/session').catch(() => undefined);
    setCsrf('');
    setSession(null);
    navigate(href('/', lang));
  };
  const go = (to: string) => (e: React.MouseEvent) => {
    e.preventDefault();
    navigate(href(to, lang));
  };

  let page: React.ReactNode;
  if (path.startsWith('/workspace')) page = session === undefined ? <p>{t('loading')}</p> : session ? <Workspace session={session} /> : <SignIn onSignedIn={signedIn} />;
  else if (path === '/sign-in') page = <SignIn onSignedIn={signedIn} />;
  else page = <PublicPage />;

  return (
    <>
      <header className="top">
        <a className="brand" href={href('/', lang)} onClick={go('/')}>
          {t('app.name')}
        </a>
        <nav aria-label="main">
          <a href={href('/', lang)} onClick={go('/')}>{t('nav.public')}</a>
          {session ? (
            <>
              <a href={href('/workspace', lang)} onClick={go('/workspace')}>{t('nav.workspace')}</a>
              <button type="button" className="link" onClick={signOut}>{t('nav.signOut')}</button>
            </>
          ) : (
            <a href={href('/sign-in', lang)} onClick={go('/sign-in')}>{t('nav.signIn')}</a>
          )}
          <a href={withQuery('lang', lang === 'es' ? null : 'es')} hrefLang={lang === 'es' ? 'en' : 'es'} lang={lang === 'es' ? 'en' : 'es'} onClick={(e) => { e.preventDefault(); navigate(withQuery('lang', lang === 'es' ? null : 'es'), { replace: true }); }}>
            {t('lang.switch')}
          </a>
        </nav>
      </header>
      <main>{page}</main>
    </>
  );
}
