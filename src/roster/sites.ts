/**
 * Worksites: the text a roster gives for where a member works, matched against the district
 * dataset's schools and offices by CDS code (14 digits, or the school's last 7), school id, or
 * name (ignoring case, spacing and punctuation). Text that matches nothing stays as written and
 * is listed as unmatched; it is never guessed.
 */
export interface Site {
  /** The dataset's school id (`central` for the central office). */
  id: string;
  name: string;
  cdsCode: string | null;
}

export interface Worksite {
  /** `school:<id>` for a matched site, `text:<normalised text>` otherwise: the same worksite has the same key. */
  key: string;
  /** The school's name, or the text as the roster wrote it. */
  name: string;
  schoolId: string | null;
  cdsCode: string | null;
}

export const CENTRAL_OFFICE: Site = { id: 'central', name: 'Central office', cdsCode: null };

const plain = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, ' ').trim();

export interface SiteIndex {
  resolve(text: string): Worksite;
}

/** An index of the dataset's sites (and the central office); names shared by two sites match neither. */
export function siteIndex(sites: readonly Site[]): SiteIndex {
  const byKey = new Map<string, Site | null>();
  const add = (k: string, s: Site) => {
    if (k === '') return;
    const had = byKey.get(k);
    byKey.set(k, had === undefined || had?.id === s.id ? s : null);
  };
  for (const s of [...sites, CENTRAL_OFFICE]) {
    add(`id:${s.id.toLowerCase()}`, s);
    add(`name:${plain(s.name)}`, s);
    if (s.cdsCode && /^\d{14}$/.test(s.cdsCode)) {
      add(`cds:${s.cdsCode}`, s);
      add(`cds:${s.cdsCode.slice(7)}`, s);
    }
  }
  add('name:central office', CENTRAL_OFFICE);
  return {
    resolve(text) {
      const t = text.trim();
      const digits = t.replace(/[\s-]/g, '');
      const site = (/^\d{7}$|^\d{14}$/.test(digits) ? byKey.get(`cds:${digits}`) : undefined) ?? byKey.get(`id:${t.toLowerCase()}`) ?? byKey.get(`name:${plain(t)}`);
      if (site) return { key: `school:${site.id}`, name: site.name, schoolId: site.id, cdsCode: site.cdsCode };
      return { key: `text:${plain(t) || t.toLowerCase()}`, name: t, schoolId: null, cdsCode: null };
    },
  };
}
