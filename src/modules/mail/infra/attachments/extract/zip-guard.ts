import { inflateRawSync } from 'node:zlib';
import { formatCount, formatSize } from './extracted.js';

/**
 * Checks a ZIP (a DOCX) before a library unpacks it whole into memory: reads the central directory
 * itself and inflates every entry against a byte budget, so a ZIP bomb, an archive whose headers
 * understate sizes, or one with a huge number of entries is refused after at most `maxUncompressedBytes`
 * of work. Nothing here trusts a size the archive declares.
 */
export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

/** zlib's `inflateRawSync`; a parameter only so that tests can watch how much is inflated. */
export type Inflate = (data: Uint8Array, options: { maxOutputLength: number }) => Buffer;

export type ZipProblem = 'not-zip' | 'damaged' | 'zip64' | 'too-many-entries' | 'too-large' | 'encrypted' | 'unsupported-compression';

export type ZipCheck =
  | { ok: true; names: string[]; uncompressedBytes: number }
  | { ok: false; problem: ZipProblem; reason: string };

/** The four-byte signatures that open each record (PKWARE's APPNOTE, section 4.3). */
const SIGNATURE = {
  endOfCentralDirectory: 0x06054b50,
  zip64Locator: 0x07064b50,
  zip64EndOfCentralDirectory: 0x06064b50,
  centralEntry: 0x02014b50,
  localEntry: 0x04034b50,
} as const;
/** The end record's fixed part; a comment of up to 64 KiB may follow it. */
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/** Compression methods this guard can inflate, and the general-purpose flag bits it reads. */
const METHOD = { stored: 0, deflated: 8 } as const;
const FLAG = { encrypted: 0x0001, utf8Names: 0x0800 } as const;

function fail(problem: ZipProblem, reason: string): ZipCheck {
  return { ok: false, problem, reason };
}

const DAMAGED = (detail: string): ZipCheck => fail('damaged', `damaged archive (${detail})`);

/** The end-of-central-directory record sits in the last 22 bytes plus an optional comment. */
function findEndRecord(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - EOCD_SIZE - MAX_COMMENT);
  for (let at = view.byteLength - EOCD_SIZE; at >= lowest; at--) {
    if (view.getUint32(at, true) === SIGNATURE.endOfCentralDirectory) return at;
  }
  return -1;
}

/** The entry count a zip64 end record declares, or null when there is none to read. */
function zip64EntryCount(view: DataView, endAt: number): number | null {
  const locatorAt = endAt - 20;
  if (locatorAt < 0 || view.getUint32(locatorAt, true) !== SIGNATURE.zip64Locator) return null;
  const recordAt = Number(view.getBigUint64(locatorAt + 8, true));
  if (recordAt + 56 > view.byteLength || view.getUint32(recordAt, true) !== SIGNATURE.zip64EndOfCentralDirectory) return null;
  return Number(view.getBigUint64(recordAt + 32, true));
}

function tooMany(count: number, limits: ZipLimits): ZipCheck {
  return fail('too-many-entries', `too many files packed inside (${formatCount(count)}; the limit is ${formatCount(limits.maxEntries)})`);
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderAt: number;
}

/** Walks the central directory record by record; stops (and refuses) past the entry limit. */
function readCentralDirectory(view: DataView, bytes: Uint8Array, start: number, end: number, limits: ZipLimits): Entry[] | ZipCheck {
  const entries: Entry[] = [];
  const latin1 = new TextDecoder('latin1');
  const utf8 = new TextDecoder('utf-8');
  let at = start;
  // Count records by their signatures, not by the end record's count, which may lie.
  while (at + 46 <= end && view.getUint32(at, true) === SIGNATURE.centralEntry) {
    if (entries.length >= limits.maxEntries) return tooMany(entries.length + 1, limits);
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > end) return DAMAGED('central directory runs past its end');
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    entries.push({
      name: (flags & FLAG.utf8Names ? utf8 : latin1).decode(rawName),
      flags,
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localHeaderAt: view.getUint32(at + 42, true),
    });
    at = next;
  }
  return entries;
}

/** Where an entry's data starts, from its local header (whose name and extra lengths may differ). */
function dataStart(view: DataView, entry: Entry): number | null {
  const at = entry.localHeaderAt;
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== SIGNATURE.localEntry) return null;
  return at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
}

/** Bytes the entry really unpacks to, or 'over' past `budget`, or null when its data is broken. */
function realSize(bytes: Uint8Array, entry: Entry, start: number, budget: number, inflate: Inflate): number | 'over' | null {
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === METHOD.stored) return data.length > budget ? 'over' : data.length;
  try {
    // maxOutputLength makes zlib stop with ERR_BUFFER_TOO_LARGE instead of inflating a bomb whole;
    // it must be at least 1, so an exhausted budget still allows one byte, then refuses it below.
    const out = inflate(data, { maxOutputLength: Math.max(1, budget) });
    return out.length > budget ? 'over' : out.length;
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'over';
    return null;
  }
}

/** Whether the ZIP may be handed to a reader: the names of its entries, or why not (`reason` in plain words). */
export function checkZip(bytes: Uint8Array, limits: ZipLimits, inflate: Inflate = inflateRawSync): ZipCheck {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < EOCD_SIZE || view.getUint32(0, true) !== SIGNATURE.localEntry) return fail('not-zip', 'not a ZIP archive');
  const endAt = findEndRecord(view);
  if (endAt < 0) return DAMAGED('no end record');
  const declaredCount = view.getUint16(endAt + 10, true);
  const directorySize = view.getUint32(endAt + 12, true);
  const directoryAt = view.getUint32(endAt + 16, true);
  if (declaredCount === 0xffff || directorySize === 0xffffffff || directoryAt === 0xffffffff) {
    // Zip64 exists for archives past 65,535 entries or 4 GB: nothing a mailed document needs.
    const count = zip64EntryCount(view, endAt);
    if (count !== null && count > limits.maxEntries) return tooMany(count, limits);
    return fail('zip64', 'uses the ZIP64 format, which is not read');
  }
  if (view.getUint16(endAt + 4, true) !== 0 || view.getUint16(endAt + 6, true) !== 0) return DAMAGED('split across disks');
  if (declaredCount > limits.maxEntries) return tooMany(declaredCount, limits);
  if (directoryAt + directorySize > endAt) return DAMAGED('central directory out of place');

  const entries = readCentralDirectory(view, bytes, directoryAt, directoryAt + directorySize, limits);
  if (!Array.isArray(entries)) return entries;
  if (entries.length === 0 || entries.length !== declaredCount) return DAMAGED('entry count does not match');

  let total = 0;
  for (const entry of entries) {
    if (entry.flags & FLAG.encrypted) return fail('encrypted', 'password-protected document');
    if (entry.method !== METHOD.stored && entry.method !== METHOD.deflated) return fail('unsupported-compression', `unsupported compression method (${entry.method})`);
    const start = dataStart(view, entry);
    if (start === null || start + entry.compressedSize > bytes.length) return DAMAGED(`entry ${entry.name} out of bounds`);
    const size = realSize(bytes, entry, start, limits.maxUncompressedBytes - total, inflate);
    if (size === 'over') return fail('too-large', `expands to more than ${formatSize(limits.maxUncompressedBytes)} when unpacked (a ZIP bomb?)`);
    if (size === null) return DAMAGED(`entry ${entry.name} does not unpack`);
    // Sizes that differ from the headers would make other readers allocate the wrong amount.
    if (size !== entry.declaredSize) return DAMAGED(`entry ${entry.name} is not the size it declares`);
    total += size;
  }
  return { ok: true, names: entries.map((entry) => entry.name), uncompressedBytes: total };
}
