/**
 * The list a family reads: every school open for children and every meal or partner site of the
 * published day, as one kind of entry, nearest first from a place (or by name without one), and
 * the day the strike banner names. Pure functions (no browser); the answer's shape is
 * src/sites/public-types.ts.
 */
import type { LiveStatus, PublicLiveAnswer, PublicSitesAnswer } from '../../../../src/sites/public-types.ts';
import { milesBetween, type Point } from './sites-distance.ts';

export const SITES = '/api/public/sites';
/** Each site's status now on the same day (PublicLiveAnswer): small, asked for again with the day. */
export const LIVE = '/api/public/sites/live';
/** Where each ZIP code is (published schools' addresses, else the school directory's centroids): PublicZipsAnswer, src/sites/zip.ts. */
export const ZIPS = '/api/public/sites/zips';

/** The day as published, with its sites' live statuses (none known: each site reads open, as published). */
export type Shown = NonNullable<PublicSitesAnswer['day']> & { live: Record<string, LiveStatus>; liveAt: string };

/** The day with the statuses of `live` when they belong to it (the same date and publication). */
export function withLive(day: NonNullable<PublicSitesAnswer['day']>, live: PublicLiveAnswer | null): Shown {
  const ours = live !== null && live.date === day.date && live.publishedAt === day.publishedAt;
  return { ...day, live: ours ? live.live : {}, liveAt: (ours ? live.liveAt : null) ?? day.publishedAt };
}
export type Kind = 'instruction' | 'supervision' | 'meals' | 'meal' | 'library' | 'park' | 'recreation' | 'other';

export interface Entry {
  key: string;
  name: string;
  address: string;
  at: Point | null;
  kind: Kind;
  status: LiveStatus;
  opens: string | null;
  closes: string | null;
  offers: string;
  languages: string[];
  mealsPerChild: number | null;
  /** From the place searched; null: no place yet, or the site has no coordinates. */
  miles: number | null;
}

/** Schools open for children and the meal and partner sites, with their live status (open when the answer gives none). */
export function entriesOf(day: Shown): Entry[] {
  const schools: Entry[] = day.sites.map((s) => ({
    key: `school:${s.schoolId}`, name: s.name, address: s.address, kind: s.status,
    at: s.latitude !== null && s.longitude !== null ? { lat: s.latitude, lon: s.longitude } : null,
    status: day.live[s.schoolId] ?? 'open', opens: s.opens, closes: s.closes, offers: s.offers, languages: s.languages, mealsPerChild: null, miles: null,
  }));
  const family: Entry[] = day.familySites.map((f) => ({
    key: `family:${f.id}`, name: f.name, address: f.address, kind: f.kind === 'meal' ? 'meal' : (f.partnerKind ?? 'other'),
    at: { lat: f.latitude, lon: f.longitude }, status: day.live[`family:${f.id}`] ?? 'open',
    opens: f.opens, closes: f.closes, offers: f.offers, languages: f.languages, mealsPerChild: f.mealsPerChild, miles: null,
  }));
  return [...schools, ...family];
}

/** Nearest first from `from` (sites without coordinates last, by name); by name when there is no place. */
export function ordered(entries: Entry[], from: Point | null, lang: 'en' | 'es'): Entry[] {
  const byName = (a: Entry, b: Entry) => a.name.localeCompare(b.name, lang);
  if (from === null) return [...entries].sort(byName);
  const measured = entries.map((e) => ({ ...e, miles: e.at ? milesBetween(from, e.at) : null }));
  return measured.sort((a, b) => (a.miles ?? Infinity) - (b.miles ?? Infinity) || byName(a, b));
}

/** The district's time zone: strike days are its dates, as the server reads "today" (src/server/public/sites-choose.ts). */
export const DISTRICT_TIME_ZONE = 'America/Los_Angeles';
const districtDate = new Intl.DateTimeFormat('en-CA', { timeZone: DISTRICT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in the district (Los Angeles), YYYY-MM-DD, wherever the phone is set. */
export const districtToday = (now: Date): string => districtDate.format(now);

/** The strike day the banner names: today's, else the soonest upcoming; none when every published day is past. */
export function bannerDay(days: PublicSitesAnswer['days'], today: string): PublicSitesAnswer['days'][number] | null {
  const coming = days.filter((d) => d.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  return coming[0] ?? null;
}

/** "7:30 AM" / "7:30 a.m.": a local HH:MM as the language writes a time of day. */
export function clock(hhmm: string, lang: 'en' | 'es'): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const d = new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])));
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(d);
}

/** Miles with one decimal, as the language writes it. */
export function miles(n: number, lang: 'en' | 'es'): string {
  return new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
}

/** "Monday, January 14, 2030" / "lunes, 14 de enero de 2030": a strike day as parents say it. */
export function dayDate(iso: string, lang: 'en' | 'es'): string {
  const d = new Date(`${iso}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(d);
}
