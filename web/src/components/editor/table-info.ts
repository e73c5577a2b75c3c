/**
 * What the editor needs to know about the table it drafts for: the dataset versions at the
 * table with their base years (a proposal is costed on the newest of its own year: pickDataset),
 * the units this workspace may draft for, and, read off the page's thread, the roles and caps
 * in the chosen data.
 */
import { useEffect, useState } from 'react';
import { api } from '../../api.ts';
import type { Session } from '../../App.tsx';
import type { DatasetChoices } from './dataset-worker.ts';
import { newestFirst } from '../workspace/types.ts';

export interface DatasetChoice { versionId: number; name: string; version: number; baseFiscalYear: string; units: { id: string; name: string; union: string }[] }

export interface TableInfo {
  /** The dataset version the proposal is costed on (the newest until the editor picks by date). */
  dataset: DatasetChoice | null;
  /** Every dataset version at the table, the newest first. */
  datasets: DatasetChoice[];
  /** Units this workspace drafts for: a union its own; a district those of the unions at its table. */
  draftUnits: { id: string; name: string }[];
  /** Roles and caps from the dataset's files; null while they load or when they cannot be read. */
  choices: DatasetChoices | null;
}

interface DatasetList { datasets: { id: number; name: string; versions: { id: number; version: number; createdAt: string; summary: { baseFiscalYear: string; units: { id: string; name: string; union: string }[] } }[] }[] }
interface OrganizationAnswer { organization: { kind: string; unit: string | null; name: string }; acrossTheTable: { kind: string; unit: string | null; name: string }[] }

const choicesCache = new Map<number, Promise<DatasetChoices | null>>();

/** The dataset version's roles and caps, read by a worker; one download per version and page load. */
export function loadChoices(versionId: number): Promise<DatasetChoices | null> {
  let p = choicesCache.get(versionId);
  if (!p) {
    p = new Promise((resolve) => {
      let worker: Worker;
      try {
        worker = new Worker(new URL('./dataset-worker.ts', import.meta.url), { type: 'module' });
      } catch {
        resolve(null);
        return;
      }
      worker.onmessage = (e: MessageEvent<{ ok: boolean; choices?: DatasetChoices }>) => {
        resolve(e.data.ok ? (e.data.choices ?? null) : null);
        worker.terminate();
      };
      worker.onerror = () => {
        resolve(null);
        worker.terminate();
      };
      worker.postMessage({ url: `/api/dataset-versions/${versionId}/files` });
    });
    choicesCache.set(versionId, p);
  }
  return p;
}

export function useTableInfo(session: Session | null): TableInfo | null {
  const [info, setInfo] = useState<TableInfo | null>(null);
  useEffect(() => {
    if (!session) return;
    let live = true;
    (async () => {
      const [datasets, org] = await Promise.all([
        api<DatasetList>('GET', '/api/datasets').catch(() => ({ datasets: [] }) as DatasetList),
        api<OrganizationAnswer>('GET', '/api/organization').catch(() => null),
      ]);
      const all = newestFirst(datasets.datasets).map(({ d, v }) => ({ versionId: v.id, name: d.name, version: v.version, baseFiscalYear: v.summary.baseFiscalYear, units: v.summary.units }));
      const dataset = all[0] ?? null;
      const unitName = (id: string) => dataset?.units.find((u) => u.id === id)?.name ?? id;
      const draftUnits = session.organization.kind === 'union'
        ? (session.organization.unit ? [{ id: session.organization.unit, name: unitName(session.organization.unit) }] : [])
        : (org?.acrossTheTable ?? []).filter((o) => o.kind === 'union' && o.unit).map((o) => ({ id: o.unit as string, name: `${unitName(o.unit as string)} (${o.name})` }));
      if (!live) return;
      setInfo({ dataset, datasets: all, draftUnits, choices: null });
    })();
    return () => {
      live = false;
    };
  }, [session]);
  return info;
}

/** The fiscal year a date falls in ("2023-03-01" → "2022-23"); null when it is not a date. */
export function fiscalYearOfDate(date: unknown): string | null {
  const m = typeof date === 'string' ? /^(\d{4})-(\d{2})-\d{2}$/.exec(date) : null;
  if (!m) return null;
  const y = Number(m[1]) - (Number(m[2]) >= 7 ? 0 : 1);
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
}

/**
 * The dataset version a proposal is costed on: the one the person chose, else the newest whose
 * data are of the fiscal year of the proposal's date (a proposal is costed on data of its own
 * year), else the newest (the server then says the years differ). `datasets` is newest first.
 */
export function pickDataset(datasets: DatasetChoice[], date: unknown, chosen: number | null): DatasetChoice | null {
  if (chosen !== null) {
    const c = datasets.find((d) => d.versionId === chosen);
    if (c) return c;
  }
  const fy = fiscalYearOfDate(date);
  return datasets.find((d) => d.baseFiscalYear === fy) ?? datasets[0] ?? null;
}

/** The roles and caps of a dataset version (null while they load or when they cannot be read). */
export function useDatasetChoices(versionId: number | null): DatasetChoices | null {
  const [state, setState] = useState<{ id: number; choices: DatasetChoices | null } | null>(null);
  useEffect(() => {
    if (versionId === null) return;
    let live = true;
    loadChoices(versionId).then((choices) => { if (live) setState({ id: versionId, choices }); }, () => undefined);
    return () => {
      live = false;
    };
  }, [versionId]);
  return state && state.id === versionId ? state.choices : null;
}
