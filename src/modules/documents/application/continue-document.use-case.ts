import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { CLOCK, type Clock, MINUTE_MS } from '../../../shared/clock.js';
import type { Document } from '../domain/document.js';
import { continuationIntro, continuationThreshold, continuedNote, partTitle, wouldOverflow } from '../domain/document-part.js';
import { DOC_STORE, type DocStore } from './ports/doc-store.port.js';
import { DOCUMENT_PART_REPOSITORY, type DocumentPartRepository } from './ports/document-part.repository.port.js';

/**
 * How long a claim on the next part is held before another run may take it over: well past the longest
 * create the Google adapter tries (four attempts of 20 s with backoff, for the document and its intro).
 */
export const CONTINUATION_CLAIM_LEASE_MS = 5 * MINUTE_MS;
/** When a mail whose document another run is continuing is due again. */
export const CONTINUATION_WAIT_SECONDS = 10;
/** Steps of the state machine one call may take: claim → create → record, then created → link → switch. */
const MAX_STEPS = 3;

export interface ContinuationInput {
  document: Pick<Document, 'id' | 'ownerId' | 'name' | 'externalId'>;
  /** Characters the document (as read before the write) holds. */
  size: number;
  /** Characters the block about to be written adds. */
  blockSize: number;
}

export type ContinuationTarget =
  /** Write to `externalId`; `continuedIn`: a new part, when the document had to continue. */
  | { outcome: 'write'; externalId: string; continuedIn: { part: number; title: string; url: string } | null }
  /** Another run is creating the next part (or the document changed meanwhile): try again later. */
  | { outcome: 'wait'; retryAfterSeconds: number };

/**
 * Before a write would pass the threshold, the document continues in a new linked document, its next part
 * (docs/operations.md § Documents that never fill up). Each step is recorded in the database before the
 * next one starts, so a retry resumes where a crashed run stopped: the new document's id is recorded as
 * soon as the store answers; the full part's "Continued in …" line and the switch are each done once.
 * A run that dies between the store's answer and the record leaves that document unrecorded in the
 * user's Drive; the run that takes over its claim (after the lease) creates one more, and only one.
 */
@injectable()
export class ContinueDocument {
  constructor(
    @inject(DOCUMENT_PART_REPOSITORY) private readonly parts: DocumentPartRepository,
    @inject(DOC_STORE) private readonly store: DocStore,
    @inject(APP_CONFIG) private readonly config: AppConfig,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Characters at which a part continues: a batch of blocks is cut to fit under it (write.step.ts). */
  threshold(): number {
    return continuationThreshold(this.config.DOC_CONTINUATION_CHARACTERS, this.store.maxCharacters);
  }

  async execute({ document, size, blockSize }: ContinuationInput): Promise<ContinuationTarget> {
    if (!wouldOverflow(size, blockSize, this.threshold())) return { outcome: 'write', externalId: document.externalId, continuedIn: null };

    const owner = { userId: document.ownerId };
    for (let step = 0; step < MAX_STEPS; step += 1) {
      const now = this.clock.now();
      const token = randomUUID();
      const next = await this.parts.claimNext({
        documentId: document.id,
        ownerId: document.ownerId,
        fromExternalId: document.externalId,
        token,
        now,
        staleBefore: new Date(now.getTime() - CONTINUATION_CLAIM_LEASE_MS),
      });
      if (next.state === 'gone' || next.state === 'creating') break;
      const title = partTitle(document.name, next.part);
      if (next.state === 'claimed') {
        const previous = next.part === 2 ? document.name : partTitle(document.name, next.part - 1);
        const intro = continuationIntro(document.name, previous, this.store.urlOf(document.externalId));
        let created;
        try {
          created = await this.store.create(owner, { title, intro });
        } catch (error) {
          // The store made nothing (a half-made document is trashed by the adapter): the next run starts over.
          await this.parts.release(document.id, next.part, token);
          throw error;
        }
        // Recorded before anything else; false when a run that took the claim over recorded its own.
        await this.parts.recordCreated(document.id, next.part, token, created.externalId);
        continue;
      }
      const url = this.store.urlOf(next.externalId);
      if (!next.linked) {
        await this.store.appendNote(owner, document.externalId, { text: continuedNote(title, url), url });
        await this.parts.markLinked(document.id, next.part, this.clock.now());
      }
      if (!next.switched) await this.parts.switchTo(document.ownerId, document.id, next.part, document.externalId, this.clock.now());
      return { outcome: 'write', externalId: next.externalId, continuedIn: { part: next.part, title, url } };
    }
    return { outcome: 'wait', retryAfterSeconds: CONTINUATION_WAIT_SECONDS };
  }
}
