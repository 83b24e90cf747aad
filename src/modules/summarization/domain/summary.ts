/** The model's answer, validated against this shape before anything is written. */
export interface Summary {
  title: string;
  summary: string;
  keyPoints: string[];
  actionItems: string[];
}

/** The bounds every summary respects, whoever wrote it (a model, or the offline summariser). */
export const SUMMARY_LIMITS = {
  titleChars: 200,
  summaryChars: 4_000,
  items: 10,
  itemChars: 300,
} as const;
