/**
 * What the public sees of a district strike day (docs/sites.md, "Publishing"): written when the
 * district publishes a day's plan (the snapshot, `site_publications.snapshot`), and served by
 * `GET /api/public/sites` with each site's live status added. No person, no adult count, no
 * attendance: sites, hours, what they offer and where they are.
 */

/** A school or office open for children that day, as published. */
export interface PublishedSite {
  schoolId: string;
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  status: 'instruction' | 'supervision' | 'meals';
  /** Local HH:MM. */
  opens: string | null;
  closes: string | null;
  /** Children the site can take; null: not set. */
  capacity: number | null;
  offers: string;
  languages: string[];
}

/** A grab-and-go meal site or a partner site open that day, as published. */
export interface PublishedFamilySite {
  id: number;
  kind: 'meal' | 'partner';
  partnerKind: 'library' | 'park' | 'recreation' | 'other' | null;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  opens: string;
  closes: string;
  mealsPerChild: number | null;
  offers: string;
  languages: string[];
}

/** The snapshot a publication stores. */
export interface PublishedDay {
  date: string;
  label: string;
  district: { name: string; cdsCode: string };
  planVersion: number;
  publishedAt: string;
  /** How many of the dataset's sites are closed that day (a count of sites, not of people). */
  closedSites: number;
  sites: PublishedSite[];
  familySites: PublishedFamilySite[];
}

/** Open, filling (children present ≥ 80% of capacity) or full (≥ capacity); open without a capacity or a count. */
export type LiveStatus = 'open' | 'filling' | 'full';
/** The statuses the live answer lists: a site not listed is open. */
export type ShownStatus = Exclude<LiveStatus, 'open'>;

/**
 * The public answer: the day shown (today's, else the next, else the latest) as published. It
 * changes only with a publication, so a phone that has it revalidates it with a 304; the sites'
 * live statuses, which change all day, are a small answer of their own (PublicLiveAnswer).
 */
export interface PublicSitesAnswer {
  /** Every published day of every district, newest first: for the banner and the day picker. */
  days: { date: string; label: string; district: string; openSites: number; closedSites: number }[];
  day: PublicDay | null;
}

/**
 * A publication as the public sees it: without the plan's version number, which counts the
 * district's edits to its plan (its own working, not the public's business).
 */
export type PublicDay = Omit<PublishedDay, 'planVersion'>;

/** Each site's status now on the day shown (the same day as PublicSitesAnswer's for the same date). */
export interface PublicLiveAnswer {
  /** The day's date, and its publication's time (to match the days answer); null when nothing is published. */
  date: string | null;
  publishedAt: string | null;
  /** The sites filling or full now, by school id; every other site of the day is open. */
  live: Record<string, ShownStatus>;
  /** The time of the latest count behind the statuses (the publication's time before any count). */
  liveAt: string | null;
}
