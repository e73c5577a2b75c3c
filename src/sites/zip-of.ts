/**
 * The ZIP code of an address, read the same way by the server (the published sites' ZIPs,
 * src/sites/zip.ts) and by the public page (a family's typed address, and the sites' ZIPs it
 * locates itself: web/src/pages/public/sites-distance.ts). Its own module, so the page takes
 * this and not the server's table of ZIP centroids.
 */

/**
 * The 5-digit ZIP an address ends with ("…, CA 90012" or "…, CA 90012-1466"); null if none.
 * A house number is not one: "14500 Roscoe Blvd, Panorama City" has no ZIP.
 */
export function zipOf(address: string): string | null {
  return /(?:^|[\s,])(\d{5})(?:-\d{4})?\s*$/.exec(address)?.[1] ?? null;
}
