/**
 * Where the family is: a ZIP code or an address typed (located from the published sites' own ZIP
 * codes, sites-distance.ts), or the phone's location (navigator.geolocation, kept on the phone).
 * No outside service is asked. Says what was used, or what to type instead; when the place cannot
 * be found, the list goes back to alphabetical order, with no distance from an earlier place.
 */
import { useState } from 'react';
import { locate, type Point } from './sites-distance.ts';
import type { ST } from './sites-messages.ts';

export interface Said { key: 'found.zip' | 'found.address' | 'found.here' | 'why.empty' | 'why.no-zip' | 'why.unknown-zip' | 'why.denied' | 'why.unavailable'; zip?: string; typed?: string }

/** `zips`: the ZIP table, once it is here (asked for when the list shows; the day's own ZIP codes if it cannot be had). */
export function SiteSearch({ zips, onPlace, t }: { zips: () => Promise<Map<string, Point>>; onPlace: (p: Point | null) => void; t: ST }) {
  const [typed, setTyped] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const [locating, setLocating] = useState(false);
  const search = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = locate(typed, await zips());
    if (found.ok) {
      onPlace(found.point);
      setSaid({ key: found.by === 'zip' ? 'found.zip' : 'found.address', zip: found.zip });
    } else {
      // The place is not known: the distances from the one before would read as from this one.
      onPlace(null);
      setSaid({ key: `why.${found.why}`, zip: found.zip, typed: typed.trim() });
    }
  };
  const here = () => {
    if (!('geolocation' in navigator)) {
      onPlace(null);
      return setSaid({ key: 'why.unavailable' });
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onPlace({ lat: pos.coords.latitude, lon: pos.coords.longitude });
        setSaid({ key: 'found.here' });
      },
      (err) => {
        setLocating(false);
        onPlace(null);
        setSaid({ key: err.code === err.PERMISSION_DENIED ? 'why.denied' : 'why.unavailable' });
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };
  const bad = said !== null && said.key.startsWith('why.');
  return (
    <form className="fs-search" onSubmit={(e) => void search(e)} noValidate>
      <label htmlFor="fs-where">{t('search.label')}</label>
      <p id="fs-where-hint" className="fs-hint">{t('search.hint')}</p>
      <div className="fs-search-row">
        <input id="fs-where" type="text" inputMode="text" autoComplete="postal-code" value={typed} aria-describedby="fs-where-hint" aria-invalid={bad || undefined}
          onChange={(e) => setTyped(e.target.value)} />
        <button type="submit">{t('search.go')}</button>
      </div>
      <p className="fs-here">
        <button type="button" className="fs-here-button" onClick={here} disabled={locating}>{t('search.here')}</button>{' '}
        <span className="fs-hint">{t('search.herePrivate')}</span>
      </p>
      <p role="status" className={bad ? 'fs-said fs-said-bad' : 'fs-said'}>
        {locating ? t('search.locating') : said ? t(said.key, { zip: said.zip ?? '', typed: said.typed ?? '' }) : ''}
      </p>
    </form>
  );
}
