/**
 * What the editor needs to know about the table it drafts for: the newest dataset version
 * (what a preview is costed on unless another is named), its units and base year, the units
 * this workspace may draft for, and, read off the page's thread, the roles and caps in the data.
 */
import { useEffect, useState } from 'react';
import { api } from '../../api.ts';
import type { Session } from '../../App.tsx';
import type { DatasetChoices } from './dataset-worker.ts';
import { newestFirst } from '../workspace/types.ts';

export interface TableInfo {
  dataset: { versionId: number; name: string; version: number; baseFiscalYear: string; units: { id: string; name: string; union: string }[] } | null;
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
      const newest = newestFirst(datasets.datasets)[0];
      const dataset = newest ? { versionId: newest.v.id, name: newest.d.name, version: newest.v.version, baseFiscalYear: newest.v.summary.baseFiscalYear, units: newest.v.summary.units } : null;
      const unitName = (id: string) => dataset?.units.find((u) => u.id === id)?.name ?? id;
      const draftUnits = session.organization.kind === 'union'
        ? (session.organization.unit ? [{ id: session.organization.unit, name: unitName(session.organization.unit) }] : [])
        : (org?.acrossTheTable ?? []).filter((o) => o.kind === 'union' && o.unit).map((o) => ({ id: o.unit as string, name: `${unitName(o.unit as string)} (${o.name})` }));
      if (!live) return;
      setInfo({ dataset, draftUnits, choices: null });
      if (dataset) {
        const choices = await loadChoices(dataset.versionId);
        if (live && choices) setInfo((i) => (i ? { ...i, choices } : i));
      }
    })();
    return () => {
      live = false;
    };
  }, [session]);
  return info;
}
