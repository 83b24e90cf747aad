import { z } from 'zod';
import { SUMMARY_LIMITS, type Summary } from '../domain/summary.js';

const { titleChars, summaryChars, items, itemChars } = SUMMARY_LIMITS;

/** The answer's JSON Schema, as sent in `response_format` (strict mode: every key required, no others). */
export const SUMMARY_JSON_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', description: `A short title for the email, at most ${titleChars} characters.` },
    summary: { type: 'string', description: `The summary in plain prose, at most ${summaryChars} characters.` },
    keyPoints: {
      type: 'array',
      items: { type: 'string' },
      description: `The important facts: at most ${items} items, one line of at most ${itemChars} characters each.`,
    },
    actionItems: {
      type: 'array',
      items: { type: 'string' },
      description: `What the reader is asked to do: at most ${items} items of at most ${itemChars} characters.`,
    },
  },
  required: ['title', 'summary', 'keyPoints', 'actionItems'],
  additionalProperties: false,
} as const;

const listItem = z.string().trim().max(itemChars);

/** The same contract for zod: trimmed, bounded; extra keys dropped; missing lists read as empty. */
const summarySchema = z.object({
  title: z.string().trim().max(titleChars),
  summary: z.string().trim().max(summaryChars),
  keyPoints: z.array(listItem).max(items).default([]),
  actionItems: z.array(listItem).max(items).default([]),
});

export type ParsedAnswer = { ok: true; summary: Summary } | { ok: false; problem: string };

/** Reads a model's answer: tolerant of code fences and chatter around the object, strict on its shape. */
export function parseAnswer(content: string | null | undefined): ParsedAnswer {
  if (content === null || content === undefined || content.trim() === '') return { ok: false, problem: 'the answer was empty' };
  let json: unknown;
  try {
    json = JSON.parse(jsonPart(content));
  } catch {
    return { ok: false, problem: 'the answer was not valid JSON' };
  }
  const result = summarySchema.safeParse(json);
  if (result.success) return { ok: true, summary: result.data };
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'the answer'}: ${issue.message}`);
  return { ok: false, problem: `the JSON did not match the schema (${issues.join('; ')})` };
}

function jsonPart(content: string): string {
  const text = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  if (text.startsWith('{')) return text;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : text;
}
