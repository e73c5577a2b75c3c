/**
 * LibreOffice headless recalculation for the spreadsheet tests (verified-stack.md, recipe 5):
 * a fresh, isolated profile that always recalculates on load, then a conversion that re-saves
 * each workbook as XLSX with freshly computed cached values.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';

/** The soffice binary, or null when LibreOffice is not installed (or SOFFICE=none, to try the tests without it). */
export function findSoffice(): string | null {
  if (process.env.SOFFICE === 'none') return null;
  for (const candidate of [process.env.SOFFICE, '/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const which = spawnSync('which', ['soffice'], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  return found !== '' ? found : null;
}

const RECALC_ALWAYS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** Writes a LibreOffice user profile into `profile` that recalculates every workbook on load. */
export function writeRecalcProfile(profile: string): void {
  mkdirSync(join(profile, 'user'), { recursive: true });
  writeFileSync(join(profile, 'user', 'registrymodifications.xcu'), RECALC_ALWAYS);
}

/**
 * Recalculates every workbook in `files` (absolute paths) with LibreOffice and writes the
 * re-saved copies to `outDir` under the same names. Returns the paths written. The profile
 * lives in a fresh temporary directory that is removed afterwards; its path is checked to be
 * a non-empty absolute path, since an empty one would make LibreOffice use `/` as the profile.
 */
export function recalculate(soffice: string, files: string[], outDir: string): string[] {
  const profile = mkdtempSync(join(tmpdir(), 'settle-lo-profile-'));
  if (!profile || !isAbsolute(profile) || profile === '/' || !existsSync(profile)) throw new Error(`refusing an unsafe LibreOffice profile path: "${profile}"`);
  try {
    writeRecalcProfile(profile);
    mkdirSync(outDir, { recursive: true });
    execFileSync(soffice, [
      '--headless', '--norestore', '--nologo', '--nodefault', '--nolockcheck',
      `-env:UserInstallation=file://${profile}`,
      '--convert-to', 'xlsx:Calc MS Excel 2007 XML', '--outdir', outDir, ...files,
    ], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
    // soffice exits 0 even when a file cannot be loaded: check every output exists.
    const out = files.map((f) => join(outDir, basename(f)));
    const lost = out.filter((f) => !existsSync(f));
    if (lost.length > 0) throw new Error(`LibreOffice wrote no recalculated copy of: ${lost.join(', ')}`);
    return out;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
