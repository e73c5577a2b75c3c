/**
 * Meal and partner sites (docs/sites.md "Meal and partner sites"): what one is, its limits, and
 * the rules that tie its fields together (a meal site serves meals per child and has no partner
 * kind; a partner site has a partner kind and serves no meals; it closes after it opens). Pure:
 * read by the CSV reader (family-csv.ts) and by the routes that enter one site at a time.
 */
import { withoutInvisible } from '../text/invisible.ts';

export const FAMILY_KINDS = ['meal', 'partner'] as const;
export const PARTNER_KINDS = ['library', 'park', 'recreation', 'other'] as const;
export type FamilyKind = (typeof FAMILY_KINDS)[number];
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** The most a field may hold. Text is data, never markup: it is shown as text, with these bounds. */
export const FAMILY_LIMITS = {
  name: 200,
  address: 300,
  offers: 500,
  /** Characters in one language's name, and languages per site. */
  language: 40,
  languages: 20,
  /** Dates a site lists (none: every strike day). */
  dates: 366,
  mealsPerChild: 10,
  /** Sites in one import. */
  rows: 5000,
} as const;

export interface FamilySite {
  kind: FamilyKind;
  /** Partner sites only. */
  partnerKind: PartnerKind | null;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Local time, HH:MM (24-hour). */
  opens: string;
  closes: string;
  /** YYYY-MM-DD, in order, each once; [] = every strike day. */
  dates: string[];
  /** Meal sites only: meals handed to each child (2: breakfast and lunch). */
  mealsPerChild: number | null;
  offers: string;
  languages: string[];
}

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A field's problem, by the site's field name (the CSV reader maps it to its column). */
export interface FieldProblem {
  field: 'partnerKind' | 'mealsPerChild' | 'closes';
  code: string;
  message: string;
  hint: string;
}

/** The rules between fields. Each field alone is assumed valid (its own format was checked). */
export function siteRuleProblems(site: Pick<FamilySite, 'kind' | 'partnerKind' | 'mealsPerChild' | 'opens' | 'closes'>): FieldProblem[] {
  return [...kindRuleProblems(site), ...hoursRuleProblems(site)];
}

/** A meal site's meals and no partner kind; a partner site's partner kind and no meals. */
export function kindRuleProblems(site: Pick<FamilySite, 'kind' | 'partnerKind' | 'mealsPerChild'>): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (site.kind === 'meal') {
    if (site.partnerKind !== null) out.push({ field: 'partnerKind', code: 'partner-kind-on-meal-site', message: `a meal site has no partner kind (it says "${site.partnerKind}"): leave it empty, or make the site a partner site`, hint: 'meal sites: empty; partner sites: library, park, recreation or other' });
    if (site.mealsPerChild === null) out.push({ field: 'mealsPerChild', code: 'meals-per-child-missing', message: 'a meal site needs the meals it hands each child, a whole number from 1', hint: '2 (breakfast and lunch)' });
  } else {
    if (site.partnerKind === null) out.push({ field: 'partnerKind', code: 'partner-kind-missing', message: 'a partner site needs its partner kind: library, park, recreation or other', hint: 'library' });
    if (site.mealsPerChild !== null) out.push({ field: 'mealsPerChild', code: 'meals-on-partner-site', message: `a partner site hands out no meals (it says ${site.mealsPerChild}): leave it empty, or make the site a meal site`, hint: 'empty for a partner site' });
  }
  return out;
}

/** Closing after opening. */
export function hoursRuleProblems(site: Pick<FamilySite, 'opens' | 'closes'>): FieldProblem[] {
  return site.closes <= site.opens ? [{ field: 'closes', code: 'closes-before-opens', message: `closes at ${site.closes}, which is not after it opens (${site.opens})`, hint: 'opens 08:00, closes 12:00' }] : [];
}

/**
 * The key that makes two sites the same: name and address, case, spaces, punctuation spacing and
 * invisible characters (src/text/invisible.ts: pages show names without them) aside.
 */
export const sameSiteKey = (s: Pick<FamilySite, 'name' | 'address'>): string =>
  `${withoutInvisible(s.name).toLowerCase().replace(/\s+/g, ' ').trim()}\u0000${withoutInvisible(s.address).toLowerCase().replace(/\s*,\s*/g, ', ').replace(/\s+/g, ' ').trim()}`;

/** The district's area: the box around its schools, widened by AREA_MARGIN_DEGREES on each side. */
export interface DistrictArea { south: number; north: number; west: number; east: number }

/**
 * How far beyond its outermost schools a meal or partner site may be: 0.3° (about 21 miles north
 * and south, 17 east and west in Los Angeles), room for a library or park across the district's
 * line, not for a site typed at 0,0 or in another state.
 */
export const AREA_MARGIN_DEGREES = 0.3;

/** The area of schools with coordinates; null when none has any (then no site is checked). */
export function districtArea(schools: readonly { latitude: number | null; longitude: number | null }[]): DistrictArea | null {
  const placed = schools.filter((s): s is { latitude: number; longitude: number } => s.latitude !== null && s.longitude !== null);
  if (placed.length === 0) return null;
  const lats = placed.map((s) => s.latitude);
  const lons = placed.map((s) => s.longitude);
  const m = AREA_MARGIN_DEGREES;
  return { south: Math.min(...lats) - m, north: Math.max(...lats) + m, west: Math.min(...lons) - m, east: Math.max(...lons) + m };
}

const deg = (x: number) => String(Math.round(x * 100) / 100);

/** Why a site's place is outside the district's area, or null when it is inside. */
export function outsideArea(area: DistrictArea | null, site: Pick<FamilySite, 'latitude' | 'longitude'>): { field: 'latitude' | 'longitude'; message: string; hint: string } | null {
  if (area === null) return null;
  const { latitude: lat, longitude: lon } = site;
  const latIn = lat >= area.south && lat <= area.north;
  const lonIn = lon >= area.west && lon <= area.east;
  if (latIn && lonIn) return null;
  return {
    // The coordinate that is out (a longitude without its minus sign is the longitude's fault); both out: the latitude, the first.
    field: latIn ? 'longitude' : 'latitude',
    message: `${lat}, ${lon} is outside the district: its schools, with ${AREA_MARGIN_DEGREES}° around them, lie between latitudes ${deg(area.south)} and ${deg(area.north)} and longitudes ${deg(area.west)} and ${deg(area.east)}`,
    hint: `latitude then longitude, such as ${deg((area.south + area.north) / 2)}, ${deg((area.west + area.east) / 2)}`,
  };
}
