/**
 * /workspace/votes/<id>/kiosk: a site captain (or the committee) turns this device into a kiosk
 * for one worksite of a vote, then the device shows the kiosk screen (/kiosk/<id>).
 */
import { useState } from 'react';
import { href, type PageProps } from '../../App.tsx';
import { api } from '../../api.ts';
import { useLang, useMessages } from '../../i18n.ts';
import { Link } from '../../components/workspace/Link.tsx';
import { Pending } from '../../components/workspace/parts.tsx';
import { useApi } from '../../components/workspace/useApi.ts';
import { UserText } from '../../components/UserText.tsx';
import { saveKiosk } from '../../components/votes/kiosk-store.ts';
import { refusal, SaidLine, type Said } from '../../components/votes/parts.tsx';
import { useWorksites } from '../../components/votes/worksites.ts';
import type { Vote } from '../../components/votes/types.ts';
import { committeeWords } from './committee-messages.ts';
import { siteWords } from './site-messages.ts';

export function KioskOpen({ id }: PageProps) {
  const voteId = id as number;
  const t = useMessages(siteWords);
  const c = useMessages(committeeWords);
  const lang = useLang();
  const vote = useApi<{ vote: Vote }>(`/api/votes/${voteId}`);
  const sites = useWorksites(voteId);
  const [site, setSite] = useState('');
  const [said, setSaid] = useState<Said | null>(null);

  const open = async (e: React.FormEvent) => {
    e.preventDefault();
    if (vote.state !== 'done' || sites.state !== 'done') return;
    const chosen = sites.value.find((w) => String(w.id) === (site || String(sites.value[0]?.id)));
    if (!chosen) return;
    try {
      const k = await api<{ kioskId: number; kioskToken: string }>('POST', `/api/votes/${voteId}/kiosks`, { worksiteId: chosen.id });
      saveKiosk({ voteId, kioskId: k.kioskId, token: k.kioskToken, site: chosen.name, title: vote.value.vote.title, questions: vote.value.vote.questions });
      // The device is the kiosk's now, not the captain's: their session ends here, and the
      // page loads afresh, so a member at the kiosk cannot reach the captain's workspace.
      await api('DELETE', '/api/session').catch(() => undefined);
      location.assign(href(`/kiosk/${voteId}`, lang));
    } catch (err) {
      setSaid(refusal(err));
    }
  };

  return (
    <div className="vt-page">
      <p><Link to="/workspace/votes">{c('back')}</Link></p>
      <h1>{t('open.title')}</h1>
      {vote.state === 'done' && <p className="vt-strong"><UserText text={vote.value.vote.title} /></p>}
      <p>{t('open.intro')}</p>
      <Pending loaded={vote} />
      <Pending loaded={sites} />
      {sites.state === 'done' && sites.value.length === 0 && <p>{t('open.none')}</p>}
      {sites.state === 'done' && sites.value.length > 0 && (
        <form onSubmit={open} className="vt-step card">
          <label>
            {t('open.site')}
            <select value={site || String(sites.value[0].id)} onChange={(e) => setSite(e.target.value)}>
              {sites.value.map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}
            </select>
          </label>
          <SaidLine said={said} />
          <button type="submit" className="vt-big">{t('open.submit')}</button>
        </form>
      )}
    </div>
  );
}
