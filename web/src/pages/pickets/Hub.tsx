/** Strike mornings: the pages this person may open (organizers, captains, members). */
import type { PageProps, Session } from '../../App.tsx';
import { useMessages } from '../../i18n.ts';
import { isMember } from '../../components/pickets/roles.ts';
import { Guard, PicketsNav } from '../../components/pickets/parts.tsx';
import { pk } from './messages.ts';

export function Hub({ session }: PageProps) {
  const t = useMessages(pk);
  return (
    <Guard allowed={isMember(session)}>
      <div className="pk-page">
        <PicketsNav session={session as Session} here={null} />
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
      </div>
    </Guard>
  );
}
