/**
 * A minimal ZIP writer for the DOCX builders, the honest ones and the hostile ones.
 *
 * ZIP files are written by hand rather than with `jszip`: JSZip 3 only generates asynchronously, these
 * builders return a `Buffer` synchronously, and the hostile ZIPs need headers JSZip would never write.
 * Tests check the valid ones open in `jszip`.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Bytes as stored in the archive (already deflated when `method` is 8). */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** Uncompressed size written into both headers (may lie). */
  size: number;
  /** General purpose flag (bit 0: encrypted). */
  flags?: number;
}

export function entry(name: string, content: Buffer | string, method: 0 | 8 = 8): ZipEntry {
  const raw = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, data: method === 8 ? deflateRawSync(raw) : raw, method, crc: crc32(raw), size: raw.length };
}

/** Writes a classic (non-zip64) ZIP: local headers and data, central directory, end record. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE((e.flags ?? 0) | 0x0800, 6); // bit 11: UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, e.data);

    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4); // version made by
    local.copy(cd, 6, 4, 30); // version needed … name length: same fields as the local header
    cd.writeUInt16LE(0, 30); // extra length
    cd.writeUInt16LE(0, 32); // comment length
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    offset += 30 + name.length + e.data.length;
  }
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  // Over 65,535 entries the classic end record cannot count them: 0xFFFF there points to zip64 records.
  const zip64 = entries.length >= 0xffff ? zip64End(entries.length, cdSize, offset) : [];
  return Buffer.concat([...locals, ...central, ...zip64, end]);
}

/** Zip64 end of central directory record and its locator, written just before the classic end record. */
function zip64End(count: number, cdSize: number, cdOffset: number): Buffer[] {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // size of the rest of the record
  record.writeUInt16LE(45, 12); // version made by
  record.writeUInt16LE(45, 14); // version needed
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(cdSize), 40);
  record.writeBigUInt64LE(BigInt(cdOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
  locator.writeUInt32LE(1, 16); // total number of disks
  return [record, locator];
}
