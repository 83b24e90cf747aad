import type { Document } from '../../../src/modules/documents/domain/document.js';
import { normaliseEmail } from '../../../src/modules/documents/domain/allowed-emails.js';
import {
  DocNotFoundError,
  type CreatedDoc,
  type DocBlock,
  type DocNote,
  type DocOwner,
  type DocPosition,
  type DocStore,
} from '../../../src/modules/documents/application/ports/doc-store.port.js';
import type { ClaimResult, DeletionStep, DocumentPatch, DocumentRepository, NewDocument } from '../../../src/modules/documents/application/ports/document.repository.port.js';
import type { Transaction } from '../../../src/shared/transaction.js';

type Row = Document & { complete: boolean; deleted: boolean };

/** What the fake hands a deletion step: there is no database, so nothing to join. */
const NO_TRANSACTION: Transaction = { kind: 'transaction' };

export class InMemoryDocumentRepository implements DocumentRepository {
  readonly rows = new Map<string, Row>();

  claim(document: NewDocument): Promise<ClaimResult> {
    const existing = this.rows.get(document.id);
    if (existing) {
      const usable = existing.ownerId === document.ownerId && !existing.deleted;
      return Promise.resolve({ outcome: 'exists', sameOwner: usable, document: usable && existing.complete ? { ...existing } : null });
    }
    this.rows.set(document.id, { ...document, externalId: '', processedEmailsCount: 0, createdAt: new Date(), complete: false, deleted: false });
    return Promise.resolve({ outcome: 'claimed' });
  }

  complete(id: string, externalId: string): Promise<Document> {
    const row = this.rows.get(id);
    if (!row) throw new Error('not claimed');
    Object.assign(row, { externalId, complete: true });
    return Promise.resolve({ ...row });
  }

  abandon(id: string): Promise<void> {
    if (!this.rows.get(id)?.complete) this.rows.delete(id);
    return Promise.resolve();
  }

  private live(ownerId: string, id: string): Row | null {
    const row = this.rows.get(id);
    return row && row.ownerId === ownerId && row.complete && !row.deleted ? row : null;
  }

  findOwned(ownerId: string, id: string): Promise<Document | null> {
    const row = this.live(ownerId, id);
    return Promise.resolve(row ? { ...row, emails: [...row.emails] } : null);
  }

  processedCount(ownerId: string, id: string): Promise<number | null> {
    return Promise.resolve(this.live(ownerId, id)?.processedEmailsCount ?? null);
  }

  listOwned(ownerId: string): Promise<Document[]> {
    return Promise.resolve([...this.rows.values()].filter((row) => this.live(ownerId, row.id)).reverse());
  }

  findByForwardToken(token: string): Promise<Document | null> {
    return Promise.resolve([...this.rows.values()].find((row) => row.forwardToken === token && row.complete && !row.deleted) ?? null);
  }

  update(ownerId: string, id: string, patch: DocumentPatch): Promise<Document | null> {
    const row = this.live(ownerId, id);
    if (row) Object.assign(row, patch);
    return Promise.resolve(row ? { ...row } : null);
  }

  addEmail(ownerId: string, id: string, email: string): Promise<{ emails: string[]; added: boolean } | null> {
    const row = this.live(ownerId, id);
    if (!row) return Promise.resolve(null);
    const added = !row.emails.includes(normaliseEmail(email));
    if (added) row.emails.push(normaliseEmail(email));
    return Promise.resolve({ emails: [...row.emails], added });
  }

  removeEmail(ownerId: string, id: string, email: string): Promise<string[] | null> {
    const row = this.live(ownerId, id);
    if (!row) return Promise.resolve(null);
    row.emails = row.emails.filter((entry) => entry !== normaliseEmail(email));
    return Promise.resolve([...row.emails]);
  }

  /** `deleted` marks a document an earlier version only hid; a deletion now removes the row. */
  async delete(ownerId: string, id: string, within?: DeletionStep): Promise<boolean> {
    if (!this.live(ownerId, id)) return false;
    await within?.(NO_TRANSACTION, { id, ownerId });
    this.rows.delete(id);
    return true;
  }

  async eraseHidden(limit: number, within?: DeletionStep): Promise<number> {
    const hidden = [...this.rows.values()].filter((row) => row.deleted).slice(0, limit);
    for (const row of hidden) {
      await within?.(NO_TRANSACTION, { id: row.id, ownerId: row.ownerId });
      this.rows.delete(row.id);
    }
    return hidden.length;
  }

  async eraseAllOwned(_tx: Transaction, ownerId: string, within: DeletionStep): Promise<string[]> {
    const owned = [...this.rows.values()].filter((row) => row.ownerId === ownerId);
    for (const row of owned) {
      await within(NO_TRANSACTION, { id: row.id, ownerId });
      this.rows.delete(row.id);
    }
    return owned.map((row) => row.id);
  }

  async erasureCommitted(): Promise<void> {}
}

/** A document store in memory, with a switch to make its next call fail. */
export class InMemoryDocStore implements DocStore {
  readonly docs = new Map<string, { ownerId: string; title: string; intro: string; blocks: DocBlock[] }>();
  /** Each document's last line, once a later part continues it. */
  readonly notes = new Map<string, DocNote>();
  maxCharacters = 1_000_000;
  private failure: Error | null = null;
  private counter = 0;
  readonly calls: string[] = [];

  failNextWith(error: Error): void {
    this.failure = error;
  }

  private maybeFail(call: string): void {
    this.calls.push(call);
    const failure = this.failure;
    this.failure = null;
    if (failure) throw failure;
  }

  async create(owner: DocOwner, input: { title: string; intro: string }): Promise<CreatedDoc> {
    this.maybeFail('create');
    const externalId = `doc-${++this.counter}`;
    this.docs.set(externalId, { ownerId: owner.userId, title: input.title, intro: input.intro, blocks: [] });
    return { externalId };
  }

  async rename(_owner: DocOwner, externalId: string, title: string): Promise<void> {
    this.maybeFail('rename');
    const doc = this.docs.get(externalId);
    if (!doc) throw new DocNotFoundError(externalId);
    doc.title = title;
  }

  /** The tab each write named (null: none); a write naming one of `missingTabs` reports it missing, as Google's falls back. */
  readonly writtenTabs: (string | null)[] = [];
  readonly missingTabs = new Set<string>();

  async write(_owner: DocOwner, externalId: string, block: DocBlock, position: DocPosition, tabId: string | null = null): Promise<{ tabMissing: boolean }> {
    this.maybeFail('write');
    const doc = this.docs.get(externalId);
    if (!doc) throw new DocNotFoundError(externalId);
    if (position === 'beginning') doc.blocks.unshift(block);
    else doc.blocks.push(block);
    this.writtenTabs.push(tabId);
    return { tabMissing: tabId !== null && this.missingTabs.has(tabId) };
  }

  /** One call, as one batchUpdate; a block whose meta (its reference) the document holds is skipped, as its marker is. */
  async writeMany(_owner: DocOwner, externalId: string, blocks: readonly DocBlock[], position: DocPosition, tabId: string | null = null): Promise<{ tabMissing: boolean }> {
    this.maybeFail('writeMany');
    const doc = this.docs.get(externalId);
    if (!doc) throw new DocNotFoundError(externalId);
    for (const block of blocks) {
      if (doc.blocks.some((written) => written.meta === block.meta)) continue;
      if (position === 'beginning') doc.blocks.unshift(block);
      else doc.blocks.push(block);
    }
    this.writtenTabs.push(tabId);
    return { tabMissing: tabId !== null && this.missingTabs.has(tabId) };
  }

  /** One tab, as the local store has. */
  tabs(_owner: DocOwner, externalId: string): Promise<{ id: string; title: string }[]> {
    const doc = this.docs.get(externalId);
    if (!doc) return Promise.reject(new DocNotFoundError(externalId));
    return Promise.resolve([{ id: 't.0', title: doc.title }]);
  }

  async appendNote(_owner: DocOwner, externalId: string, note: DocNote): Promise<void> {
    this.maybeFail('appendNote');
    if (!this.docs.has(externalId)) throw new DocNotFoundError(externalId);
    if (!this.notes.has(externalId)) this.notes.set(externalId, note);
  }

  readText(_owner: DocOwner, externalId: string): Promise<string> {
    const doc = this.docs.get(externalId);
    if (!doc) throw new DocNotFoundError(externalId);
    const note = this.notes.get(externalId);
    return Promise.resolve([doc.title, doc.intro, ...doc.blocks.map((b) => `${b.heading}\n${b.meta}\n${b.body}`), ...(note ? [note.text] : [])].join('\n\n'));
  }

  urlOf(externalId: string): string {
    return `https://docs.test/${externalId}`;
  }

  blockUrlOf(externalId: string, ref: string): string {
    return `https://docs.test/${externalId}#${ref.replace(/ /g, '-')}`;
  }
}
