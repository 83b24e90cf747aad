import { capText, normaliseMailText } from '../../../domain/mail-text.js';
import { KB, MB } from '../../../../../shared/sizes.js';

/** Limits for reading one attachment. */
export interface ExtractLimits {
  /** PDFs with more pages are not read at all. */
  maxPages: number;
  /** Text kept per attachment (UTF-16 units); more is cut and `truncated` set. */
  maxChars: number;
  /** ZIP-based files (DOCX) with more entries are not read. */
  maxZipEntries: number;
  /** ZIP-based files that really unpack to more bytes than this are not read. */
  maxUncompressedBytes: number;
}

export type Extracted =
  | { status: 'read'; text: string; pages: number | null; truncated: boolean }
  | { status: 'not-read'; reason: string };

export function notRead(reason: string): Extracted {
  return { status: 'not-read', reason };
}

/**
 * Text tidied like a mail body (see normaliseMailText) and cut at `maxChars` without splitting a
 * surrogate pair. `cut` says the source was already cut before this point.
 */
export function readText(raw: string, maxChars: number, options: { pages?: number | null; cut?: boolean } = {}): Extracted {
  const text = normaliseMailText(raw);
  const capped = capText(text, maxChars);
  return { status: 'read', text: capped, pages: options.pages ?? null, truncated: options.cut === true || capped.length < text.length };
}

/** 1234567 → "1,234,567": counts in reasons read the same whatever the process locale. */
export function formatCount(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A size limit in a reason: whole megabytes from 1 MB ("50 MB"), whole kilobytes below it ("29 KB"). */
export function formatSize(bytes: number): string {
  return bytes >= MB ? `${formatCount(Math.round(bytes / MB))} MB` : `${formatCount(Math.max(1, Math.round(bytes / KB)))} KB`;
}
