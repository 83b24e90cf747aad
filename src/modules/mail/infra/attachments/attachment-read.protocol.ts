import type { AttachmentRole } from '../../domain/attachment.js';
import type { Extracted, ExtractLimits } from './extract/extract-attachment.js';

/** What the reader and its child process say to each other over IPC (advanced serialisation). */
export interface ReadLimits extends ExtractLimits {
  maxBytes: number;
  maxAttachments: number;
  ocr: boolean;
  /** Width × height of an image read through OCR. */
  maxPixels: number;
}

/** Parent → child: read the message's attachments from index `from` on (earlier ones were dealt with). */
export interface ReadRequest {
  raw: Uint8Array;
  from: number;
  limits: ReadLimits;
}

export interface PartInfo {
  name: string;
  contentType: string;
  size: number;
  role: AttachmentRole;
}

export type ChildMessage =
  | { type: 'parts'; parts: PartInfo[] }
  | { type: 'start'; index: number }
  | { type: 'done'; index: number; result: Extracted }
  | { type: 'end' };
