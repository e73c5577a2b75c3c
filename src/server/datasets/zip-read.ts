/**
 * Reading an uploaded zip without trusting it. The central directory is read here, so every
 * entry's flags, sizes and checksum are known before anything is expanded; an entry is then
 * inflated off the event loop (node:zlib on its thread pool) with its output capped at the
 * size the zip declares, and its CRC-32 checked. Anything odd is refused with a 422 in the
 * one error shape, never a 500.
 */
import { promisify } from 'node:util';
import { crc32, inflateRaw, type InputType, type ZlibOptions } from 'node:zlib';
import { ApiError } from '../errors.ts';

const inflate = promisify<InputType, ZlibOptions, Buffer>(inflateRaw);

export interface ZipEntry {
  name: string;
  /** General-purpose flag bit 0: the entry is encrypted (password-protected). */
  encrypted: boolean;
  /** 0 stored, 8 deflated; anything else is refused when read. */
  method: number;
  crc: number;
  compressedSize: number;
  /** The expanded size the zip declares (checked when the entry is read). */
  size: number;
  localHeader: number;
}

/** A refused zip: 422 with a code under `dataset.zip-`. */
export function zipRefused(code: string, message: string, hint?: string, file?: string): ApiError {
  return new ApiError(422, { code: `dataset.zip-${code}`, message, where: file ? { file } : undefined, hint: hint ?? 'zip the dataset folder again with your system\'s "compress" command' });
}

const unreadable = (why: string) => zipRefused('unreadable', `the upload is not a zip file that can be read (${why})`);
const MAX_ENTRIES = 10_000;

/** Every entry of the zip's central directory. */
export function listEntries(zip: Uint8Array): ZipEntry[] {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => (at + 2 <= zip.length ? v.getUint16(at, true) : fail('it ends too soon'));
  const u32 = (at: number) => (at + 4 <= zip.length ? v.getUint32(at, true) : fail('it ends too soon'));
  const u64 = (at: number) => u32(at) + u32(at + 4) * 2 ** 32;
  let end = zip.length - 22;
  while (end >= 0 && end >= zip.length - 22 - 0xffff && v.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0 || end < zip.length - 22 - 0xffff) fail('no end-of-directory record');
  let count = u16(end + 10);
  let at = u32(end + 16);
  if ((count === 0xffff || at === 0xffffffff) && end >= 20 && u32(end - 20) === 0x07064b50) {
    const z64 = u64(end - 12);
    if (u32(z64) !== 0x06064b50) fail('a broken zip64 record');
    count = u64(z64 + 32);
    at = u64(z64 + 48);
  }
  if (count > MAX_ENTRIES) throw zipRefused('too-many-entries', `the zip holds ${count} entries; a dataset folder has seven files`, 'zip only the dataset folder');
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (u32(at) !== 0x02014b50) fail('a broken central directory');
    const flags = u16(at + 8);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    if (at + 46 + nameLength > zip.length) fail('it ends too soon');
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(nameBytes);
    const sizes = { size: u32(at + 24), compressedSize: u32(at + 20), localHeader: u32(at + 42) };
    zip64Sizes(sizes, { from: at + 46 + nameLength, length: extraLength, u16, u64 });
    entries.push({ name, encrypted: (flags & 1) === 1, method: u16(at + 10), crc: u32(at + 16), ...sizes });
    at += 46 + nameLength + extraLength + u16(at + 32);
  }
  return entries;
}

/** Sizes of 0xffffffff are in the zip64 extra field (id 1), in the order size, compressed size, offset. */
function zip64Sizes(s: { size: number; compressedSize: number; localHeader: number }, x: { from: number; length: number; u16: (a: number) => number; u64: (a: number) => number }): void {
  const wanted = (['size', 'compressedSize', 'localHeader'] as const).filter((k) => s[k] === 0xffffffff);
  if (wanted.length === 0) return;
  for (let p = x.from; p + 4 <= x.from + x.length; p += 4 + x.u16(p + 2)) {
    if (x.u16(p) !== 1) continue;
    wanted.forEach((k, i) => { s[k] = x.u64(p + 4 + 8 * i); });
    return;
  }
  fail('a zip64 entry without its sizes');
}

function fail(why: string): never {
  throw unreadable(why);
}

/** The entry's bytes, expanded and checked against its declared size and CRC-32. */
export async function readEntry(zip: Uint8Array, e: ZipEntry): Promise<Uint8Array> {
  if (e.encrypted) throw zipRefused('encrypted', `${e.name} in the zip is password-protected`, 'zip the folder without a password', e.name);
  if (e.method !== 0 && e.method !== 8) throw zipRefused('method', `${e.name} in the zip is compressed with a method settle cannot read (method ${e.method})`, 'zip the folder with the usual (deflate) compression', e.name);
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (e.localHeader + 30 > zip.length || v.getUint32(e.localHeader, true) !== 0x04034b50) fail(`a broken entry ${e.name}`);
  const start = e.localHeader + 30 + v.getUint16(e.localHeader + 26, true) + v.getUint16(e.localHeader + 28, true);
  if (start + e.compressedSize > zip.length) fail(`${e.name} ends past the end of the file`);
  const raw = zip.subarray(start, start + e.compressedSize);
  let data: Uint8Array = raw;
  if (e.method === 8) {
    try {
      data = await inflate(raw, { maxOutputLength: Math.max(1, e.size) });
    } catch (err) {
      const tooLarge = (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
      throw zipRefused(tooLarge ? 'size-mismatch' : 'corrupt', tooLarge ? `${e.name} expands past the size the zip declares for it` : `${e.name} in the zip is damaged and cannot be expanded`, undefined, e.name);
    }
  }
  if (data.length !== e.size || crc32(data) !== e.crc) throw zipRefused('corrupt', `${e.name} in the zip is damaged (its size or checksum does not match)`, undefined, e.name);
  return data;
}
