/**
 * A document that would grow past its store's limit continues in a new linked document, its next part
 * (docs/operations.md § Documents that never fill up). Part 1 is the document it was created with.
 */
export interface DocumentPart {
  number: number;
  externalId: string;
  /** When blocks started going to this part (part 1: when the document was created). */
  startedAt: Date;
}

/** The title of part `part` (2 and up) of the document named `name`: "Invoices (2)". */
export function partTitle(name: string, part: number): string {
  return `${name} (${part})`;
}

/** The last line of a full part, written once: where the document goes on. */
export function continuedNote(title: string, url: string): string {
  return `Continued in ${title}: ${url}`;
}

/** The intro of a continuation document. */
export function continuationIntro(name: string, previousTitle: string, previousUrl: string): string {
  return `This document is kept by Mailscribe. It continues "${name}": the earlier part, ${previousTitle}, is at ${previousUrl}.`;
}

/**
 * The size (in characters) at which a document continues: the setting, or the store's own limit when
 * that is lower.
 */
export function continuationThreshold(setting: number, storeLimit: number): number {
  return Math.min(setting, storeLimit);
}

/** Whether writing `blockSize` more characters to a part holding `size` would pass the threshold. */
export function wouldOverflow(size: number, blockSize: number, threshold: number): boolean {
  return size + blockSize > threshold;
}
