import type { ParsedMail } from '../../application/ports/mail-parser.port.js';

/** What the pool and its worker threads say to each other; every shape is structured-clone safe. */
export interface MailParseWorkerData {
  maxTextChars: number;
  /** From TypeScript sources only: the `.ts` worker the tsx bootstrap loads. */
  entry?: string;
}

export interface MailParseRequest {
  id: number;
  raw: Uint8Array;
}

export type MailParseResponse =
  | { type: 'ready' }
  | { type: 'parsed'; id: number; mail: ParsedMail }
  | { type: 'failed'; id: number; message: string; reason: 'malformed' | 'too-many-parts' };
