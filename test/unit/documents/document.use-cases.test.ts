import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { CreateDocument } from '../../../src/modules/documents/application/create-document.use-case.js';
import { RenameDocument } from '../../../src/modules/documents/application/rename-document.use-case.js';
import { AddAllowedEmail, MAX_ALLOWED_EMAILS } from '../../../src/modules/documents/application/add-allowed-email.use-case.js';
import { DocAccessRevokedError, DocStoreUnavailableError } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { AppError } from '../../../src/shared/app-error.js';
import { InMemoryDocStore, InMemoryDocumentRepository } from '../../support/fakes/in-memory-documents.js';
import { testConfig } from '../../support/test-config.js';

const OWNER = 'owner-1';
const input = (overrides: Partial<Parameters<CreateDocument['execute']>[0]> = {}) => ({
  ownerId: OWNER,
  documentId: '6b0c1c3e-0f43-4f59-9c37-1d6e2e4b7a10',
  name: 'Invoices',
  description: '',
  allowedEmails: ['billing@example.com'],
  ...overrides,
});
const code = (error: unknown) => (error instanceof AppError ? error.code : String(error));

describe('document use cases', () => {
  let documents: InMemoryDocumentRepository;
  let store: InMemoryDocStore;
  let create: CreateDocument;

  beforeEach(() => {
    documents = new InMemoryDocumentRepository();
    store = new InMemoryDocStore();
    create = new CreateDocument(documents, store, testConfig({ INBOUND_DOMAIN: 'in.test' }));
  });

  it('creates the linked document titled after the name, with an intro', async () => {
    const document = await create.execute(input());
    expect(store.docs.get(document.externalId)).toMatchObject({ ownerId: OWNER, title: 'Invoices', intro: expect.stringContaining('Invoices') });
    expect(document.forwardEmail).toMatch(/^invoices-[a-z2-7]{10}@in\.test$/);
  });

  it('gives every document its own unguessable forward token', async () => {
    const a = await create.execute(input());
    const b = await create.execute(input({ documentId: '7b0c1c3e-0f43-4f59-9c37-1d6e2e4b7a10' }));
    expect(a.forwardToken).not.toBe(b.forwardToken);
  });

  it('answers a retry with the same document and creates no second linked document', async () => {
    const first = await create.execute(input());
    const again = await create.execute(input({ name: 'Something else' }));
    expect(again).toEqual(first);
    expect(store.docs.size).toBe(1);
  });

  it('releases the id when the store fails, so the retry succeeds', async () => {
    store.failNextWith(new DocStoreUnavailableError('503'));
    await expect(create.execute(input())).rejects.toSatisfy((error) => code(error) === 'DOC_STORE.UNAVAILABLE');
    expect(documents.rows.size).toBe(0);
    await expect(create.execute(input())).resolves.toMatchObject({ name: 'Invoices' });
  });

  it('tells the user to sign in again when document access was revoked', async () => {
    store.failNextWith(new DocAccessRevokedError('invalid_grant'));
    await expect(create.execute(input())).rejects.toSatisfy((error) => code(error) === 'DOC_STORE.ACCESS_REVOKED');
  });

  it('refuses an id claimed by another user', async () => {
    await create.execute(input());
    await expect(create.execute(input({ ownerId: 'someone-else' }))).rejects.toSatisfy((error) => code(error) === 'DOCUMENT.ID_TAKEN');
  });

  it('answers "in progress" for a retry that races the first creation', async () => {
    await documents.claim({ id: input().documentId, ownerId: OWNER, name: 'Invoices', description: '', emails: [], forwardToken: 't', forwardEmail: 'e', overwriteAtBeginning: true });
    await expect(create.execute(input())).rejects.toSatisfy((error) => code(error) === 'DOCUMENT.CREATE_IN_PROGRESS');
  });

  it('renames the record even when the user already deleted the linked document', async () => {
    const document = await create.execute(input());
    store.docs.delete(document.externalId);
    const rename = new RenameDocument(documents, store, pino({ level: 'silent' }));
    await rename.execute(OWNER, document.id, 'Receipts');
    expect((await documents.findOwned(OWNER, document.id))?.name).toBe('Receipts');
  });

  it('does not call the store for a rename to the same name', async () => {
    const document = await create.execute(input());
    await new RenameDocument(documents, store, pino({ level: 'silent' })).execute(OWNER, document.id, '  Invoices ');
    expect(store.calls).toEqual(['create']);
  });

  it(`caps the allow-list at ${MAX_ALLOWED_EMAILS} addresses`, async () => {
    const document = await create.execute(input());
    const add = new AddAllowedEmail(documents);
    for (let index = 1; index < MAX_ALLOWED_EMAILS; index += 1) await add.execute(OWNER, document.id, `sender${index}@example.com`);
    await expect(add.execute(OWNER, document.id, 'one-more@example.com')).rejects.toSatisfy((error) => code(error) === 'DOCUMENT.INVALID');
  });
});
