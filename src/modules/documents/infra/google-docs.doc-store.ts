import { auth as googleAuth, docs, type docs_v1 } from '@googleapis/docs';
import { drive, type drive_v3 } from '@googleapis/drive';
import type { ProviderCredentials } from '../../identity/index.js';
import {
  DocAccessRevokedError,
  DocNotFoundError,
  DocStoreBusyError,
  DocStoreUnavailableError,
  type CreatedDoc,
  type DocBlock,
  type DocNote,
  type DocOwner,
  type DocPosition,
  type DocStore,
  type DocTab,
  type DocWriteResult,
} from '../application/ports/doc-store.port.js';
import { classifyGoogleFailure } from './google-api-failure.js';
import { blockMarker, blocksRequests, endPlacement, hasBlockMarker, introRequests, textOf, type Placement } from './google-docs.requests.js';
import { noteRequests } from './google-docs.note-requests.js';
import { inTab, tabReadFields, tabTarget, tabsOf, type TabTarget } from './google-docs.tabs.js';
import { GOOGLE_DOC_MAX_CHARACTERS, googleDocUrl } from './lazy.doc-store.js';
import { SerialByKey } from './serial-by-key.js';

export interface GoogleDocsDocStoreOptions {
  clientId: string;
  clientSecret: string;
  credentials: ProviderCredentials;
  /** Root of the Docs and Drive APIs; Google's own by default (tests point it at a local fake). */
  rootUrl?: string;
  /** OAuth token endpoint used to refresh access tokens; Google's by default. */
  tokenUrl?: string;
  /** Per HTTP request (API call or token refresh). Default 20 s. */
  timeoutMs?: number;
  /** Backoff for transient failures: attempt n waits between ½ and 1 × baseDelayMs × 2ⁿ. */
  retry?: { retries: number; baseDelayMs: number };
}

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const MAX_CACHED_USERS = 500;
/** Times a block is written when someone else edits the document between its read and its write. */
const WRITE_ATTEMPTS = 5;
/**
 * How long a call refused for Google's rate limit waits when Google does not say: its quotas are counted
 * a minute at a time, so a minute always finds a fresh one.
 */
const BUSY_RETRY_SECONDS = 60;
/** The revision to guard the write with, the markers of the blocks already written, and at the end the body's end. */
const BEGINNING_READ_FIELDS = 'revisionId,namedRanges';
const END_READ_FIELDS = `${BEGINNING_READ_FIELDS},body/content(endIndex,paragraph/elements/textRun/content)`;

/**
 * - idempotent: repeating it is harmless (reads, a rename), so 5xx and timeouts are retried too.
 * - guarded: a write bound to a revision (`requiredRevisionId`): once one copy landed, Google refuses
 *   every other, so it is retried like an idempotent call.
 * - write: repeating it after Google may have acted would write twice (or create a second document),
 *   so it is retried only when Google cannot have acted: no connection, a failed token refresh.
 * A 429 (Google's rate limit) is never retried here: its quota is a minute long, so the caller gets
 * DocStoreBusyError and waits (the mail pipeline re-queues the mail without counting a failure).
 */
type CallKind = 'idempotent' | 'guarded' | 'write';

interface UserApis {
  refreshToken: string;
  docs: docs_v1.Docs;
  drive: drive_v3.Drive;
}

/** A refusal that is neither transient nor about access: a bug on our side, or a stale revision. */
class GoogleRequestError extends Error {
  override readonly name = 'GoogleRequestError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export class GoogleDocsDocStore implements DocStore {
  readonly maxCharacters = GOOGLE_DOC_MAX_CHARACTERS;
  private readonly tokenUrl: string;
  private readonly retry: { retries: number; baseDelayMs: number };
  /** Per user, in least-recently-used order: each keeps its access token until it expires. */
  private readonly apis = new Map<string, UserApis>();
  private readonly writes = new SerialByKey();

  constructor(private readonly options: GoogleDocsDocStoreOptions) {
    this.tokenUrl = options.tokenUrl ?? GOOGLE_TOKEN_URL;
    this.retry = options.retry ?? { retries: 3, baseDelayMs: 500 };
  }

  async create(owner: DocOwner, input: { title: string; intro: string }): Promise<CreatedDoc> {
    const doc = await this.call(owner, 'write', ({ docs }) => docs.documents.create({ requestBody: { title: input.title } }));
    const externalId = doc.documentId;
    if (!externalId) throw new GoogleRequestError('Google created a document without an id', null);
    const requests = introRequests(input.intro);
    if (requests.length === 0) return { externalId };
    try {
      await this.call(owner, 'write', ({ docs }) => docs.documents.batchUpdate({ documentId: externalId, requestBody: { requests } }));
    } catch (error) {
      // The caller will try again and make another document: do not leave this half-made one in the
      // user's Drive. Trashed, not deleted, in case the intro did land; best effort, once.
      const apis = this.apis.get(owner.userId);
      await apis?.drive.files.update({ fileId: externalId, requestBody: { trashed: true } }).catch(() => undefined);
      throw error;
    }
    return { externalId };
  }

  async rename(owner: DocOwner, externalId: string, title: string): Promise<void> {
    await this.call(owner, 'idempotent', ({ drive }) =>
      drive.files.update({ fileId: externalId, requestBody: { name: title }, fields: 'id' }),
    );
  }

  /**
   * Write once, at either placement: the write names the revision it was computed from
   * (`requiredRevisionId`), and carries a marker (a named range) that the read before it looks for.
   * - A copy of the write that is late, or repeated after a timeout or a 5xx, can only land on the
   *   revision it was computed from: once one copy landed, every other is refused.
   * - A refused write reads the document again: the marker says whether an earlier copy landed (done),
   *   or someone else edited the document (write again, at the index that read gives).
   */
  async write(owner: DocOwner, externalId: string, block: DocBlock, position: DocPosition, tabId?: string | null): Promise<DocWriteResult> {
    return this.writeMany(owner, externalId, [block], position, tabId);
  }

  /** As `write`, for several blocks in one guarded batchUpdate; the blocks whose marker the read finds are left out. */
  async writeMany(owner: DocOwner, externalId: string, blocks: readonly DocBlock[], position: DocPosition, tabId?: string | null): Promise<DocWriteResult> {
    // One write per document at a time in this process: two at once read the same revision, and the one
    // refused for it (400) reads and writes again, each try spending Google's per-minute quota.
    return this.writes.run(externalId, () => this.writeNow(owner, externalId, blocks, position, tabId));
  }

  private async writeNow(owner: DocOwner, externalId: string, blocks: readonly DocBlock[], position: DocPosition, tabId?: string | null): Promise<DocWriteResult> {
    const marked = blocks.map((block) => ({ block, marker: blockMarker(block) }));
    const fields = position === 'end' ? END_READ_FIELDS : BEGINNING_READ_FIELDS;
    // With a tab, the read carries every tab's content (includeTabsContent) and each request names the tab.
    const readTarget = async (): Promise<TabTarget> =>
      tabId
        ? tabTarget(await this.readTabs(owner, externalId, tabReadFields(fields.slice('revisionId,'.length))), tabId)
        : { view: await this.read(owner, externalId, fields), tabId: undefined, missing: false };
    let target = await readTarget();
    for (let attempt = 1; ; attempt += 1) {
      const doc = target.view;
      const missing = marked.filter(({ marker }) => !hasBlockMarker(doc, marker));
      if (missing.length === 0) return { tabMissing: target.missing };
      const placement: Placement = position === 'end' ? endPlacement(doc) : { at: 'beginning' };
      const requestBody = { requests: inTab(blocksRequests(missing, placement), target.tabId), writeControl: { requiredRevisionId: doc.revisionId } };
      try {
        await this.call(owner, 'guarded', ({ docs }) => docs.documents.batchUpdate({ documentId: externalId, requestBody }));
        return { tabMissing: target.missing };
      } catch (error) {
        if (!(error instanceof GoogleRequestError) || error.status !== 400) throw error;
        const before = doc.revisionId;
        target = await readTarget();
        // Same revision: refused for another reason than a change of the document.
        if (target.view.revisionId === before) throw error;
        if (attempt >= WRITE_ATTEMPTS && marked.some(({ marker }) => !hasBlockMarker(target.view, marker))) {
          // The user keeps editing: a later try (the mail's next attempt) will find a quiet moment.
          throw new DocStoreUnavailableError(`The document changed during each of ${attempt} writes; trying again later`);
        }
      }
    }
  }

  async tabs(owner: DocOwner, externalId: string): Promise<DocTab[]> {
    return tabsOf(await this.readTabs(owner, externalId, tabReadFields(null)));
  }

  /** Guarded by the revision it was computed from, as `write` is; the note's text is its own marker. */
  async appendNote(owner: DocOwner, externalId: string, note: DocNote): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const doc = await this.read(owner, externalId, END_READ_FIELDS);
      if (textOf(doc).includes(note.text)) return;
      const placement = endPlacement(doc);
      if (placement.at !== 'end') return;
      const requestBody = { requests: noteRequests(note, placement), writeControl: { requiredRevisionId: doc.revisionId } };
      try {
        await this.call(owner, 'guarded', ({ docs }) => docs.documents.batchUpdate({ documentId: externalId, requestBody }));
        return;
      } catch (error) {
        // A 400 is most often a revision changed by the user meanwhile: read again and retry, a few times.
        if (!(error instanceof GoogleRequestError) || error.status !== 400 || attempt >= WRITE_ATTEMPTS) throw error;
      }
    }
  }

  async readText(owner: DocOwner, externalId: string): Promise<string> {
    return textOf(await this.read(owner, externalId));
  }

  urlOf(externalId: string): string {
    return googleDocUrl(externalId);
  }

  blockUrlOf(externalId: string): string {
    return googleDocUrl(externalId);
  }

  /** The document with its content per tab (none at the top level). */
  private readTabs(owner: DocOwner, documentId: string, fields: string): Promise<docs_v1.Schema$Document> {
    return this.call(owner, 'idempotent', ({ docs }) => docs.documents.get({ documentId, includeTabsContent: true, fields }));
  }

  private read(owner: DocOwner, documentId: string, fields?: string): Promise<docs_v1.Schema$Document> {
    return this.call(owner, 'idempotent', ({ docs }) => docs.documents.get({ documentId, ...(fields ? { fields } : {}) }));
  }

  private async call<T>(owner: DocOwner, kind: CallKind, request: (apis: UserApis) => Promise<{ data: T }>): Promise<T> {
    const apis = await this.apisFor(owner.userId);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return (await request(apis)).data;
      } catch (error) {
        const failure = classifyGoogleFailure(error, this.tokenUrl);
        switch (failure.kind) {
          case 'not-found':
            throw new DocNotFoundError(`Google document not found (${failure.description})`);
          case 'revoked':
            this.apis.delete(owner.userId);
            throw new DocAccessRevokedError(`Google refused the user's grant (${failure.description})`);
          case 'other':
            throw new GoogleRequestError(failure.description, failure.status);
          case 'busy':
            throw new DocStoreBusyError(`Google Docs refused for its rate limit: ${failure.description}`, failure.retryAfterSeconds ?? BUSY_RETRY_SECONDS);
          case 'transient': {
            const retryable = kind !== 'write' || !failure.applied;
            if (retryable && attempt < this.retry.retries) {
              await sleep(backoff(this.retry.baseDelayMs, attempt));
              continue;
            }
            const outcome = retryable ? `after ${attempt + 1} attempts` : 'not retried: the write may have landed';
            throw new DocStoreUnavailableError(`Google Docs is unavailable: ${failure.description} (${outcome})`);
          }
        }
      }
    }
  }

  private async apisFor(userId: string): Promise<UserApis> {
    const refreshToken = await this.options.credentials.refreshTokenOf(userId);
    const cached = this.apis.get(userId);
    this.apis.delete(userId);
    if (!refreshToken) throw new DocAccessRevokedError('No Google grant is stored for this user');
    // A new refresh token (the user signed in again) needs a new client: the old one holds the old grant.
    const apis = cached?.refreshToken === refreshToken ? cached : this.newApis(refreshToken);
    this.apis.set(userId, apis);
    if (this.apis.size > MAX_CACHED_USERS) {
      const oldest = this.apis.keys().next();
      if (!oldest.done) this.apis.delete(oldest.value);
    }
    return apis;
  }

  private newApis(refreshToken: string): UserApis {
    // The API packages' own OAuth2 class: it comes from the google-auth-library copy googleapis-common is
    // typed against, which differs from the one at our top level.
    const auth = new googleAuth.OAuth2({
      clientId: this.options.clientId,
      clientSecret: this.options.clientSecret,
      endpoints: { oauth2TokenUrl: this.tokenUrl },
      // A 401/403 gets one token refresh and one more try; Google refused it, so nothing was applied.
      forceRefreshOnFailure: true,
      // Retries are ours (see CallKind): the library would retry token refreshes and GETs on its own.
      transporterOptions: { timeout: this.options.timeoutMs ?? 20_000, retryConfig: { retry: 0, noResponseRetries: 0 } },
    });
    auth.setCredentials({ refresh_token: refreshToken });
    const shared = { auth, retry: false, ...(this.options.rootUrl ? { rootUrl: this.options.rootUrl } : {}) };
    return { refreshToken, docs: docs({ version: 'v1', ...shared }), drive: drive({ version: 'v3', ...shared }) };
  }
}

function backoff(baseDelayMs: number, attempt: number): number {
  const ceiling = baseDelayMs * 2 ** attempt;
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
