import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Database } from '../../../platform/db/database.js';
import { DocNotFoundError, type CreatedDoc, type DocBlock, type DocNote, type DocTab, type DocOwner, type DocPosition, type DocStore } from '../application/ports/doc-store.port.js';

export interface LocalDocView {
  title: string;
  intro: string;
  blocks: DocBlock[];
  /** The last line of a full part: where the document goes on. */
  note: DocNote | null;
}

/**
 * The local store's own limit: its document is one page the browser renders whole, which stays quick
 * well under Google's size (docs/operations.md § Documents that never fill up).
 */
export const LOCAL_DOC_MAX_CHARACTERS = 300_000;

/** The one tab of a local document. */
export const LOCAL_TAB_ID = 't.0';

/**
 * The embedded stand-in for Google Docs: documents and their blocks live in the app's database and open
 * at an unguessable local link, so the whole product works with no Google account.
 */
export class LocalDocStore implements DocStore {
  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
    readonly maxCharacters: number = LOCAL_DOC_MAX_CHARACTERS,
  ) {}

  async create(owner: DocOwner, input: { title: string; intro: string }): Promise<CreatedDoc> {
    const id = `local-${randomBytes(16).toString('base64url')}`;
    await this.db('local_docs').insert({ id, owner_id: owner.userId, title: input.title, intro: input.intro });
    return { externalId: id };
  }

  async rename(owner: DocOwner, externalId: string, title: string): Promise<void> {
    const updated = await this.db('local_docs').where({ id: externalId, owner_id: owner.userId }).update({ title });
    if (updated !== 1) throw new DocNotFoundError(`local document ${externalId} not found`);
  }

  async write(owner: DocOwner, externalId: string, block: DocBlock, position: DocPosition): Promise<void> {
    await this.writeMany(owner, externalId, [block], position);
  }

  /** The blocks in one transaction, in their order (each above the one before at the beginning). */
  async writeMany(owner: DocOwner, externalId: string, blocks: readonly DocBlock[], position: DocPosition): Promise<void> {
    await this.db.transaction(async (trx) => {
      // Locking the document row orders concurrent writes, so two blocks never share a position.
      const doc = await trx('local_docs').where({ id: externalId, owner_id: owner.userId }).forUpdate().first('id');
      if (!doc) throw new DocNotFoundError(`local document ${externalId} not found`);
      // Write once (the port's promise): a second run of the same mail (the queue's retry of a run that outlived
      // its lease on a loaded machine) finds the block under the same lock and writes nothing. The meta line
      // carries the mail's reference, so it tells the mail's block apart even when the summaries differ.
      const written = new Set(((await trx('local_doc_blocks').where({ doc_id: externalId }).whereIn('meta', blocks.map((block) => block.meta)).select('meta')) as { meta: string }[]).map((row) => row.meta));
      const missing = blocks.filter((block) => !written.has(block.meta));
      if (missing.length === 0) return;
      const bounds = (await trx('local_doc_blocks').where({ doc_id: externalId }).min({ low: 'position' }).max({ high: 'position' }).first()) as
        | { low: number | null; high: number | null }
        | undefined;
      const first = position === 'beginning' ? (bounds?.low ?? 1) - 1 : (bounds?.high ?? -1) + 1;
      const step = position === 'beginning' ? -1 : 1;
      await trx('local_doc_blocks').insert(
        missing.map((block, i) => ({ doc_id: externalId, position: first + step * i, heading: block.heading, meta: block.meta, body: block.body, link: block.link ?? null })),
      );
    });
  }

  /** A local document has one tab: every block goes there, whatever tab the document names. */
  async tabs(owner: DocOwner, externalId: string): Promise<DocTab[]> {
    const doc = (await this.db('local_docs').where({ id: externalId, owner_id: owner.userId }).first('title')) as { title: string } | undefined;
    if (!doc) throw new DocNotFoundError(`local document ${externalId} not found`);
    return [{ id: LOCAL_TAB_ID, title: doc.title }];
  }

  async appendNote(owner: DocOwner, externalId: string, note: DocNote): Promise<void> {
    // Once: a note already there stays as it is.
    const updated = await this.db('local_docs')
      .where({ id: externalId, owner_id: owner.userId })
      .update({ continued_text: this.db.raw('coalesce(continued_text, ?)', [note.text]), continued_url: this.db.raw('coalesce(continued_url, ?)', [note.url]) });
    if (updated !== 1) throw new DocNotFoundError(`local document ${externalId} not found`);
  }

  async readText(owner: DocOwner, externalId: string): Promise<string> {
    const view = await this.view(externalId, owner.userId);
    if (!view) throw new DocNotFoundError(`local document ${externalId} not found`);
    const blocks = view.blocks.map((block) => `${block.heading}\n${block.meta}\n${block.body}`);
    return [view.title, view.intro, ...blocks, ...(view.note ? [view.note.text] : [])].join('\n\n');
  }

  urlOf(externalId: string): string {
    return `${this.publicUrl}/local-docs/${encodeURIComponent(externalId)}`;
  }

  blockUrlOf(externalId: string, ref: string): string {
    return `${this.urlOf(externalId)}#${blockAnchor(ref)}`;
  }

  /** What the local document page shows; the link itself is the capability, as a shared Google link is. */
  async view(externalId: string, ownerId?: string): Promise<LocalDocView | null> {
    const doc = (await this.db('local_docs')
      .where({ id: externalId, ...(ownerId ? { owner_id: ownerId } : {}) })
      .first('title', 'intro', 'continued_text', 'continued_url')) as
      | { title: string; intro: string; continued_text: string | null; continued_url: string | null }
      | undefined;
    if (!doc) return null;
    const note = doc.continued_text && doc.continued_url ? { text: doc.continued_text, url: doc.continued_url } : null;
    // The page renders the link; readText stays heading, meta and body, as the Google Doc's text has no URL in it.
    const rows = (await this.db('local_doc_blocks').where({ doc_id: externalId }).orderBy('position').select('heading', 'meta', 'body', 'link')) as (DocBlock & { link: string | null })[];
    const blocks = rows.map(({ link, ...text }): DocBlock => (link ? { ...text, link } : text));
    return { title: doc.title, intro: doc.intro, blocks, note };
  }
}

/** The id of a block's section on the local page: its reference (`ref 0123456789ab` → `ref-0123456789ab`). */
export function blockAnchor(ref: string): string {
  return ref.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The reference a block's meta line prints (the mail module's `blockRef`), when it has one. */
export function refOfMeta(meta: string): string | null {
  return /\bref [0-9a-f]{12}\b/.exec(meta)?.[0] ?? null;
}

/**
 * Deletes a document of the local store with its blocks, in the caller's transaction (the document's
 * deletion). A Google Doc's id matches no local document: that one stays in its owner's Drive.
 */
export async function deleteLocalDoc(trx: Knex.Transaction, ownerId: string, externalId: string | null): Promise<void> {
  if (externalId) await trx('local_docs').where({ id: externalId, owner_id: ownerId }).delete();
}
