/** A block as written into the document (`composeBlock`), kept with the mail's record. */
export interface WrittenBlock {
  heading: string;
  /** The meta lines joined by newlines. */
  meta: string;
  /** The summary body (summarization's `summaryBlock`): paragraphs, then "Key points:" and "Action items:" lists. */
  body: string;
}

/** A kept block read back into its parts, for the mail's panel. */
export interface BlockParts {
  heading: string;
  meta: string[];
  summary: string[];
  keyPoints: string[];
  actionItems: string[];
}
