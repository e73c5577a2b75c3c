/**
 * A dataset version as a zip download: one folder holding the seven files exactly as stored.
 * Compression runs on fflate's worker threads, so a large district's staff file does not hold
 * up other requests; the entries' dates are the version's, so the same version always gives
 * the same bytes.
 */
import { zip, type AsyncZippable } from 'fflate';
import { DATASET_FILES, type DatasetFiles } from '../../district/load.ts';

let builds = 0;

/** How many zips zipFolder has started building in this process (tests check downloads share builds). */
export function zipBuildCount(): number {
  return builds;
}

/** The folder `name/` with the seven files, zipped. */
export function zipFolder(name: string, files: DatasetFiles, mtime: Date): Promise<Uint8Array> {
  builds += 1;
  const encoder = new TextEncoder();
  const entries: AsyncZippable = {};
  for (const f of DATASET_FILES) entries[`${name}/${f}`] = [encoder.encode(files[f]), { mtime }];
  return new Promise((resolve, reject) => {
    zip(entries, { level: 6 }, (err, data) => (err ? reject(err) : resolve(data)));
  });
}
