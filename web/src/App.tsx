import { lazy, Suspense, useEffect, useState } from 'react';
import { api, setCsrf } from './api.ts';
import { langParam, useLang, useT, type Lang } from './i18n.ts';
import { navigate, useLocation, withQuery } from './router.ts';
import { SignIn } from './pages/SignIn.tsx';
import { PublicPage } from './pages/public/PublicPage.tsx';
import { fetchOnce } from './pages/public/data.ts';
import { PublicCompare } from './pages/public/PublicCompare.tsx';
import { Sites as PublicSites } from './pages/public/Sites.tsx';
import { VotePage } from './pages/votes/VotePage.tsx';
import { Kiosk } from './pages/votes/Kiosk.tsx';

// Pages a visitor of the public pages never opens load when first opened: the public page on a slow phone stays small.
const Home = lazy(() => import('./pages/workspace/Home.tsx').then((m) => ({ default: m.Home })));
const Dataset = lazy(() => import('./pages/workspace/Dataset.tsx').then((m) => ({ default: m.Dataset })));
const Compare = lazy(() => import('./pages/workspace/Compare.tsx').then((m) => ({ default: m.Compare })));
const People = lazy(() => import('./pages/workspace/People.tsx').then((m) => ({ default: m.People })));
const Roster = lazy(() => import('./pages/roster/Roster.tsx').then((m) => ({ default: m.Roster })));
const RosterImport = lazy(() => import('./pages/roster/Import.tsx').then((m) => ({ default: m.RosterImport })));
const Worksites = lazy(() => import('./pages/roster/Worksites.tsx').then((m) => ({ default: m.Worksites })));
const Editor = lazy(() => import('./pages/editor/Editor.tsx').then((m) => ({ default: m.Editor })));
const Version = lazy(() => import('./pages/editor/Version.tsx').then((m) => ({ default: m.Version })));
const VoteList = lazy(() => import('./pages/votes/VoteList.tsx').then((m) => ({ default: m.VoteList })));
const VoteSetup = lazy(() => import('./pages/votes/VoteSetup.tsx').then((m) => ({ default: m.VoteSetup })));
const VoteAdmin = lazy(() => import('./pages/votes/VoteAdmin.tsx').then((m) => ({ default: m.VoteAdmin })));
const KioskOpen = lazy(() => import('./pages/votes/KioskOpen.tsx').then((m) => ({ default: m.KioskOpen })));
const Paper = lazy(() => import('./pages/votes/Paper.tsx').then((m) => ({ default: m.Paper })));
const PicketsHub = lazy(() => import('./pages/pickets/Hub.tsx').then((m) => ({ default: m.Hub })));
const PicketsPlan = lazy(() => import('./pages/pickets/Plan.tsx').then((m) => ({ default: m.Plan })));
const PicketsBoard = lazy(() => import('./pages/pickets/Board.tsx').then((m) => ({ default: m.Board })));
const PicketsPay = lazy(() => import('./pages/pickets/Pay.tsx').then((m) => ({ default: m.Pay })));
const PicketsCaptain = lazy(() => import('./pages/pickets/Captain.tsx').then((m) => ({ default: m.Captain })));
const PicketsMine = lazy(() => import('./pages/pickets/Mine.tsx').then((m) => ({ default: m.Mine })));
const SitesPlan = lazy(() => import('./pages/sites/Plan.tsx').then((m) => ({ default: m.Plan })));
const SitesReport = lazy(() => import('./pages/sites/Report.tsx').then((m) => ({ default: m.Report })));
const SitesCost = lazy(() => import('./pages/sites/Cost.tsx').then((m) => ({ default: m.Cost })));
const Invite = lazy(() => import('./pages/Invite.tsx').then((m) => ({ default: m.Invite })));
const SitesFamily = lazy(() => import('./pages/sites/Family.tsx').then((m) => ({ default: m.Family })));

export interface Session {
  person: { id: number; name: string; email: string; role: string };
  organization: { id: number; kind: 'district' | 'union'; name: string; unit: string | null };
  csrfToken: string;
}

/** What every page gets: the signed-in session (null on public pages when nobody is signed in), the path's id if any, and the query. */
export interface PageProps {
  session: Session | null;
  id: number | null;
  query: URLSearchParams;
}

/**
 * The pages, by path. Workspace pages need a session (the sign-in form shows otherwise);
 * public pages do not. `:id` is a whole number.
 */
const ROUTES: { path: RegExp; page: (p: PageProps) => React.ReactNode; signedIn: boolean }[] = [
  { path: /^\/$/, page: PublicPage, signedIn: false },
  { path: /^\/public\/compare$/, page: PublicCompare, signedIn: false },
  { path: /^\/public\/sites$/, page: PublicSites, signedIn: false },
  { path: /^\/workspace$/, page: Home, signedIn: true },
  { path: /^\/workspace\/dataset$/, page: Dataset, signedIn: true },
  { path: /^\/workspace\/compare$/, page: Compare, signedIn: true },
  { path: /^\/workspace\/people$/, page: People, signedIn: true },
  { path: /^\/workspace\/roster$/, page: Roster, signedIn: true },
  { path: /^\/workspace\/roster\/import$/, page: RosterImport, signedIn: true },
  { path: /^\/workspace\/roster\/worksites$/, page: Worksites, signedIn: true },
  { path: /^\/workspace\/proposals\/new$/, page: Editor, signedIn: true },
  { path: /^\/workspace\/proposals\/(\d+)$/, page: Editor, signedIn: true },
  { path: /^\/workspace\/versions\/(\d+)$/, page: Version, signedIn: true },
  { path: /^\/workspace\/votes$/, page: VoteList, signedIn: true },
  { path: /^\/workspace\/votes\/new$/, page: VoteSetup, signedIn: true },
  { path: /^\/workspace\/votes\/(\d+)$/, page: VoteAdmin, signedIn: true },
  { path: /^\/workspace\/votes\/(\d+)\/edit$/, page: VoteSetup, signedIn: true },
  { path: /^\/workspace\/votes\/(\d+)\/kiosk$/, page: KioskOpen, signedIn: true },
  { path: /^\/workspace\/votes\/(\d+)\/paper$/, page: Paper, signedIn: true },
  { path: /^\/workspace\/pickets$/, page: PicketsHub, signedIn: true },
  { path: /^\/workspace\/pickets\/plan$/, page: PicketsPlan, signedIn: true },
  { path: /^\/workspace\/pickets\/board$/, page: PicketsBoard, signedIn: true },
  { path: /^\/workspace\/pickets\/pay$/, page: PicketsPay, signedIn: true },
  { path: /^\/workspace\/pickets\/captain$/, page: PicketsCaptain, signedIn: true },
  { path: /^\/workspace\/pickets\/me$/, page: PicketsMine, signedIn: true },
  { path: /^\/workspace\/sites$/, page: SitesPlan, signedIn: true },
  { path: /^\/workspace\/sites\/report$/, page: SitesReport, signedIn: true },
  { path: /^\/workspace\/sites\/cost$/, page: SitesCost, signedIn: true },
  { path: /^\/workspace\/sites\/family$/, page: SitesFamily, signedIn: true },
  // A member votes here without an account (a one-time code); a kiosk device has no session.
  { path: /^\/vote\/(\d+)$/, page: VotePage, signedIn: false },
  { path: /^\/kiosk\/(\d+)$/, page: Kiosk, signedIn: false },
];

/** Keeps `?lang=` on every internal link. */
export function href(path: string, lang: Lang): string {
  const param = langParam(lang);
  return param ? `${path}${path.includes('?') ? '&' : '?'}lang=${param}` : path;
}

export function App() {
  const { path, query } = useLocation();
  const lang = useLang();
  const other: Lang = lang === 'es' ? 'en' : 'es';
  const t = useT();
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [insecure, setInsecure] = useState(false);

  useEffect(() => {
    api<Session>('GET', '/api/session').then(
      (s) => {
        setCsrf(s.csrfToken);
        setSession(s);
      },
      () => setSession(null),
    );
    // settle serve --insecure-http: say so on every page. Asked once per visit (the map asks too).
    fetchOnce<{ insecureHttp?: boolean }>('/api/config').then((c) => setInsecure(c.insecureHttp === true), () => undefined);
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  const signedIn = (s: Session) => {
    setCsrf(s.csrfToken);
    setSession(s);
    navigate(href('/workspace', lang));
  };
  // An invitation's page leaves the history once used: its link is not kept to go back to.
  const invited = (s: Session) => {
    setCsrf(s.csrfToken);
    setSession(s);
    navigate(href('/workspace', lang), { replace: true });
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

  let page: React.ReactNode = <p>{t('notFound')}</p>;
  if (path === '/sign-in') page = <SignIn onSignedIn={signedIn} />;
  // Where the invitations the server sends lead: a link's token, or a text message's invitation number.
  const byLink = /^\/invite\/([A-Za-z0-9_-]{1,200})$/.exec(path);
  const byCode = /^\/invite-code\/(\d{1,20})$/.exec(path);
  if (byLink) page = <Invite token={byLink[1]} onSignedIn={invited} />;
  if (byCode) page = <Invite invitation={Number(byCode[1])} onSignedIn={invited} />;
  for (const r of ROUTES) {
    const m = r.path.exec(path);
    if (!m) continue;
    const Page = r.page;
    const props: PageProps = { session: session ?? null, id: m[1] ? Number(m[1]) : null, query };
    if (!r.signedIn) page = <Page {...props} />;
    else page = session === undefined ? <p>{t('loading')}</p> : session ? <Page {...props} /> : <SignIn onSignedIn={signedIn} />;
    break;
  }

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
          <a href={withQuery('lang', langParam(other))} hrefLang={other} lang={other} onClick={(e) => { e.preventDefault(); navigate(withQuery('lang', langParam(other)), { replace: true }); }}>
            {t('lang.switch')}
          </a>
        </nav>
      </header>
      {insecure && <p className="insecure-banner" role="alert">{t('insecure.banner')}</p>}
      <main><Suspense fallback={<p>{t('loading')}</p>}>{page}</Suspense></main>
    </>
  );
}
