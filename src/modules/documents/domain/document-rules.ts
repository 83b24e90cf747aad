// The limits and messages come from src/contract/document-input-rules.ts, which the web app's create
// dialog and details page use too (docs/api.md); this file gives them the domain's violation shape.
import { descriptionProblem, documentNameProblem } from '../../../contract/document-input-rules.js';

export type RuleViolation = { field: string; message: string };

export function normaliseName(raw: string): string {
  return raw.trim();
}

export function checkName(raw: string): RuleViolation | null {
  const message = documentNameProblem(normaliseName(raw));
  return message === null ? null : { field: 'name', message };
}

export function checkDescription(raw: string): RuleViolation | null {
  const message = descriptionProblem(raw.trim());
  return message === null ? null : { field: 'description', message };
}
