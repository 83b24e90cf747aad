/** PNG builders: a valid greyscale gradient of any size and a damaged one. */
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid 8-bit grey PNG of `width` × `height`, a horizontal gradient. */
export function pngFile(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // colour type: greyscale
  const rows = Buffer.alloc((width + 1) * height); // each row: filter byte 0, then one byte per pixel
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = Math.floor((x * 255) / Math.max(1, width - 1));
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A PNG signature and IHDR followed by a truncated IDAT with a wrong CRC. */
export function corruptPng(): Buffer {
  const good = pngFile(4, 4);
  const cut = good.subarray(0, 33 + 20);
  return Buffer.concat([cut, Buffer.from('garbage')]);
}
