import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { DocumentListItem } from '../../src/contract/documents.js';
import type { TestApp } from './test-app.js';

export const aCreateBody = (overrides: Record<string, unknown> = {}) => ({
  documentId: randomUUID(),
  docName: 'Weekly reports',
  description: 'Keep it short.',
  allowedEmails: ['boss@example.com'],
  ...overrides,
});

export async function createDocument(app: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<DocumentListItem> {
  const response = await app.fetch('/api/createGoogleDoc', { method: 'POST', token, json: aCreateBody(overrides) });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as DocumentListItem;
}
