import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { imageSize } from 'image-size';
import { createWorker } from 'tesseract.js';

/**
 * Text in images (PNG, JPEG) through tesseract.js, with the English model shipped in the npm package
 * `@tesseract.js-data/eng`: nothing is fetched at run time (docs/attachments.md). Runs only inside the
 * attachment reader's child process, which caps its memory and time; a worker is made for each image and
 * ended after it, as tesseract's memory grows when a worker is reused.
 */
export interface OcrLimits {
  /** Images larger than this (width × height) are not decoded at all: a small file can declare a huge canvas. */
  maxPixels: number;
  maxChars: number;
}

export type OcrResult = { status: 'read'; text: string; truncated: boolean } | { status: 'not-read'; reason: string };

const LANGUAGE_DATA = join(dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng')), '4.0.0_best_int');
const MEGA = 1_000_000;

/** Width and height from the file's header, or null when it is not an image we can size. */
function dimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const size = imageSize(bytes);
    return size.width && size.height ? { width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}

export async function readImageText(bytes: Uint8Array, limits: OcrLimits): Promise<OcrResult> {
  const size = dimensions(bytes);
  if (!size) return { status: 'not-read', reason: 'damaged or unsupported image' };
  const pixels = size.width * size.height;
  if (pixels > limits.maxPixels) return { status: 'not-read', reason: `image too large (${(pixels / MEGA).toFixed(0)} megapixels, the limit is ${(limits.maxPixels / MEGA).toFixed(0)})` };
  const worker = await createWorker('eng', 1, { langPath: LANGUAGE_DATA, cacheMethod: 'none', gzip: true });
  try {
    const { data } = await worker.recognize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const text = data.text.trim();
    if (text === '') return { status: 'not-read', reason: 'no text found in the image' };
    return text.length > limits.maxChars ? { status: 'read', text: text.slice(0, limits.maxChars), truncated: true } : { status: 'read', text, truncated: false };
  } catch {
    return { status: 'not-read', reason: 'damaged or unsupported image' };
  } finally {
    await worker.terminate().catch(() => undefined);
  }
}
