/**
 * The kiosk this device was opened as: its token, its worksite and the vote's questions, kept
 * in this tab's sessionStorage (a reload keeps the kiosk; closing the tab ends it on this
 * device). Nothing about a voter is ever stored here.
 */
import type { Question } from './types.ts';

export interface KioskHere { voteId: number; kioskId: number; token: string; site: string; title: string; questions: Question[] }

const key = (voteId: number) => `settle.kiosk.${voteId}`;

export function saveKiosk(k: KioskHere): void {
  sessionStorage.setItem(key(k.voteId), JSON.stringify(k));
}

export function loadKiosk(voteId: number): KioskHere | null {
  const raw = sessionStorage.getItem(key(voteId));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as KioskHere;
  } catch {
    return null;
  }
}

export function forgetKiosk(voteId: number): void {
  sessionStorage.removeItem(key(voteId));
}
