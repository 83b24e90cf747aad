/** Limits shared with the browser (spec §5, §9). */
export const MAX_DOCUMENT_NAME_LENGTH = 70;
export const MAX_EMAIL_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 2000;

export type RuleViolation = { field: string; message: string };

export function normaliseName(raw: string): string {
  return raw.trim();
}

export function checkName(raw: string): RuleViolation | null {
  const name = normaliseName(raw);
  if (name.length === 0) return { field: 'name', message: 'Document name cannot be empty' };
  if (name.length > MAX_DOCUMENT_NAME_LENGTH) return { field: 'name', message: `Document name is too long (max ${MAX_DOCUMENT_NAME_LENGTH} characters)` };
  return null;
}

export function checkDescription(raw: string): RuleViolation | null {
  if (raw.trim().length > MAX_DESCRIPTION_LENGTH) {
    return { field: 'description', message: `Description is too long (max ${MAX_DESCRIPTION_LENGTH} characters)` };
  }
  return null;
}
