/**
 * Off the page's thread: fetches a dataset version's folder (the zip anyone at the table may
 * download) and reads from it what the editor offers as choices: the roles each unit's staff
 * hold, the roles a new hire can be placed for, and today's class-size caps. The staff file of
 * a district the size of LAUSD is a few megabytes, so this never runs on the page's thread.
 */
import { unzipSync, strFromU8 } from 'fflate';
import { parse } from 'yaml';

export interface DatasetChoices {
  /** Roles held by the unit's staff, by unit id, most staff first. */
  roles: Record<string, string[]>;
  /** Roles a hire or staffing term may add, by unit id (staff roles and new-hire placements). */
  hireRoles: Record<string, string[]>;
  /** The current contract's class-size caps. */
  caps: { grades: string; measure: string; cap: number }[];
}

function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(cell); cell = ''; } else cell += ch;
  }
  out.push(cell);
  return out;
}

export function readChoices(files: { staff: string; district: string }): DatasetChoices {
  const lines = files.staff.split(/\r?\n/);
  const head = splitCsvLine(lines[0] ?? '');
  const ui = head.indexOf('unit');
  const ri = head.indexOf('role');
  const ci = head.indexOf('count');
  const counts = new Map<string, Map<string, number>>();
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i]) continue;
    const c = splitCsvLine(lines[i]);
    const unit = c[ui];
    const role = c[ri];
    if (!unit || !role) continue;
    const byRole = counts.get(unit) ?? new Map<string, number>();
    byRole.set(role, (byRole.get(role) ?? 0) + (ci >= 0 ? Number(c[ci]) || 1 : 1));
    counts.set(unit, byRole);
  }
  const roles: Record<string, string[]> = {};
  for (const [unit, byRole] of counts) roles[unit] = [...byRole].sort((a, b) => b[1] - a[1]).map(([r]) => r);
  const hireRoles: Record<string, string[]> = Object.fromEntries(Object.entries(roles).map(([u, rs]) => [u, [...rs]]));
  const caps: DatasetChoices['caps'] = [];
  try {
    const doc = parse(files.district) as Record<string, any> | null;
    const params = (doc?.parameters ?? doc ?? {}) as Record<string, any>;
    for (const [role, placement] of Object.entries((params.newHirePlacement ?? {}) as Record<string, { unit?: string }>)) {
      const unit = placement?.unit;
      // A key naming a unit is that unit's default placement, not a role.
      if (!unit || role === unit || roles[role]) continue;
      hireRoles[unit] = hireRoles[unit] ?? [];
      if (!hireRoles[unit].includes(role)) hireRoles[unit].push(role);
    }
    for (const s of (params.classSize?.spans ?? []) as { grades?: unknown; measure?: string; cap?: number }[]) {
      if (s && s.grades !== undefined && typeof s.cap === 'number') caps.push({ grades: String(s.grades), measure: s.measure ?? 'maximum', cap: s.cap });
    }
  } catch {
    // district.yaml is checked when the dataset is uploaded; without it the editor offers staff roles only
  }
  return { roles, hireRoles, caps };
}

self.onmessage = async (e: MessageEvent<{ url: string }>) => {
  const post = (m: unknown) => (self as unknown as Worker).postMessage(m);
  try {
    const res = await fetch(e.data.url, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const zip = new Uint8Array(await res.arrayBuffer());
    const files = unzipSync(zip, { filter: (f) => /(^|\/)(staff\.csv|district\.yaml)$/.test(f.name) });
    const find = (name: string) => Object.entries(files).find(([k]) => k === name || k.endsWith(`/${name}`))?.[1];
    const staff = find('staff.csv');
    const district = find('district.yaml');
    if (!staff) throw new Error('no staff.csv in the dataset folder');
    post({ ok: true, choices: readChoices({ staff: strFromU8(staff), district: district ? strFromU8(district) : '' }) });
  } catch (err) {
    post({ ok: false, message: String(err) });
  }
};
