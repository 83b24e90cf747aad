/**
 * A local stand-in for the parts of Google Docs v1, Drive v3 and the OAuth token endpoint that the
 * GoogleDocsDocStore uses, close enough for the real googleapis client:
 *   POST /v1/documents · GET /v1/documents/{id} (with `fields`) · POST /v1/documents/{id}:batchUpdate
 *   PATCH /drive/v3/files/{id} · POST /token (grant_type=refresh_token)
 * Documents are modelled (fake-google-docs.model.ts) as UTF-16 code units with a text style each, and a
 * paragraph style on each paragraph's newline, with Google's rules: inserted newlines copy the style (and bullet) of the
 * paragraph they split, inserted text takes the style of the text before it, control characters are
 * stripped, indexes out of range or inside a surrogate pair answer 400, a write naming a revision that
 * is no longer the latest (`writeControl.requiredRevisionId`) answers 400, and named ranges move with
 * the text they cover.
 *
 * Usage:
 *   const google = await startFakeGoogleDocs();
 *   const refreshToken = google.issueRefreshToken('ada');
 *   // new GoogleDocsDocStore({ clientId: google.clientId, clientSecret: google.clientSecret,
 *   //   rootUrl: google.rootUrl, tokenUrl: google.tokenUrl, credentials })
 *   google.failNext('POST', ':batchUpdate', 429, 2);
 *   // Google's per-minute quotas (429 RESOURCE_EXHAUSTED past them) and its document size limit:
 *   const limited = await startFakeGoogleDocs({ limits: { ...GOOGLE_LIMITS, now: () => clock.now() } });
 *   await google.close();
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, addTabs, applyAll, documentJson, field, newline, paragraphsOf, selectFields, tabViews, textOf, type Doc, type DocsRequest, type FakeParagraph, type FakeTab, type SeedTab } from './fake-google-docs.model.js';
import { driveNotFound, googleError, parseBasicAuth, readBody, sendJson, type PathPattern, type RecordedRequest, type Rule } from './fake-google-docs.http.js';
import { FakeQuota, GOOGLE_MAX_DOCUMENT_CHARACTERS, tooLarge, type GoogleLimits, type QuotaCounts } from './fake-google-docs.quota.js';

export type { DocsRequest, FakeParagraph, FakeRun, FakeTab, SeedTab, Style } from './fake-google-docs.model.js';
export type { PathPattern, RecordedRequest } from './fake-google-docs.http.js';
export { GOOGLE_LIMITS, GOOGLE_MAX_DOCUMENT_CHARACTERS, type GoogleLimits } from './fake-google-docs.quota.js';

export interface FakeDocument {
  id: string;
  title: string;
  account: string;
  trashed: boolean;
  revision: number;
  /** The body's text, ending with its final newline (index 1 of the API is text[0]). */
  text: string;
  paragraphs: FakeParagraph[];
  /** Every named range: its name and the text it covers. */
  namedRanges: { name: string; text: string }[];
  /** Every tab, the first (whose content `text` and `paragraphs` are) first. */
  tabs: FakeTab[];
}

export interface FakeGoogleDocs {
  /** For GoogleDocsDocStore's `rootUrl` (Docs and Drive both live under it). */
  rootUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** A refresh token for an account (a Google user); documents belong to the account. */
  issueRefreshToken(account?: string): string;
  /** Refresh token and the access tokens it issued stop working (the user removed the app's access). */
  revokeRefreshToken(refreshToken: string): void;
  /** Every access token issued so far is rejected with 401 from now on (refresh tokens still work). */
  expireAccessTokens(): void;
  /**
   * The next `times` requests matching method and path (a substring or a RegExp) answer `status`; with
   * `applied`, each is carried out first (Google acted, then its answer was lost in a 5xx).
   */
  failNext(method: string, path: PathPattern, status: number, times?: number, options?: { applied?: boolean }): void;
  /** The next `times` matching requests are answered only after `ms` (but still carried out). */
  delayNext(method: string, path: PathPattern, ms: number, times?: number): void;
  /**
   * The next matching request is received but carried out only on `release()`, however long that takes
   * (a write stuck inside Google that the client has long given up on).
   */
  holdNext(method: string, path: PathPattern): { release(): void };
  /** Runs `fn` once, right after the next matching request was carried out and before its answer. */
  afterNext(method: string, path: PathPattern, fn: () => void): void;
  /** Makes a document directly, as the user would in the Docs UI. */
  /** With `tabs`, the tabs after its first (`t.0`, "Tab 1", holding `paragraphs`). */
  seedDocument(account: string, title: string, paragraphs?: string[], tabs?: SeedTab[]): string;
  /** Applies batchUpdate requests as a collaborator would (bumps the revision). */
  edit(documentId: string, requests: DocsRequest[]): void;
  document(documentId: string): FakeDocument | undefined;
  readonly requests: RecordedRequest[];
  /** How many requests matched method and path. */
  count(method: string, path: PathPattern): number;
  /** Docs API calls let through and refused for the per-minute limits (with `limits`). */
  readonly quota: QuotaCounts;
  close(): Promise<void>;
}

/**
 * `limits`: Google's per-minute quotas to enforce (GOOGLE_LIMITS for Google's own; none by default).
 * `maxDocumentCharacters`: a batchUpdate that would make a document longer is refused, as Google does.
 */
export async function startFakeGoogleDocs(
  options: { clientId?: string; clientSecret?: string; limits?: GoogleLimits; maxDocumentCharacters?: number } = {},
): Promise<FakeGoogleDocs> {
  const quota = new FakeQuota(options.limits);
  const maxCharacters = options.maxDocumentCharacters ?? GOOGLE_MAX_DOCUMENT_CHARACTERS;
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const refreshTokens = new Map<string, { account: string; revoked: boolean }>();
  const accessTokens = new Map<string, { account: string; refreshToken: string; valid: boolean }>();
  const docs = new Map<string, Doc>();
  const rules: Rule[] = [];
  const requests: RecordedRequest[] = [];

  const matches = (method: string, path: PathPattern, req: { method: string; path: string }): boolean =>
    method === req.method && (typeof path === 'string' ? req.path.includes(path) : path.test(req.path));
  const takeRule = (req: { method: string; path: string }, has: (rule: Rule) => boolean): Rule | undefined => {
    const rule = rules.find((candidate) => has(candidate) && matches(candidate.method, candidate.path, req));
    if (rule && --rule.times <= 0) rules.splice(rules.indexOf(rule), 1);
    return rule;
  };

  const newDoc = (account: string, title: string): Doc => {
    const id = `1${randomBytes(21).toString('base64url')}`;
    const doc: Doc = { id, title, account, trashed: false, revision: 1, units: [newline({ namedStyleType: 'NORMAL_TEXT' })], rangeNames: {} };
    docs.set(id, doc);
    return doc;
  };

  const accountOf = (req: IncomingMessage): string => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = token === undefined ? undefined : accessTokens.get(token);
    if (!grant?.valid) throw new ApiError(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
    return grant.account;
  };

  const docOf = (account: string, id: string, drive = false): Doc => {
    const doc = docs.get(id);
    // drive.file: another account's document, or one this app did not create, is not there at all.
    if (!doc || doc.account !== account || (doc.trashed && !drive)) {
      if (drive) throw new ApiError(404, `File not found: ${id}.`, driveNotFound(id));
      throw new ApiError(404, 'Requested entity was not found.');
    }
    return doc;
  };

  const handleToken = (params: Record<string, string>, basic: { id: string; secret: string } | null): [number, unknown] => {
    if ((basic?.id ?? params.client_id) !== clientId || (basic?.secret ?? params.client_secret) !== clientSecret) {
      return [401, { error: 'invalid_client', error_description: 'Unauthorized' }];
    }
    if (params.grant_type !== 'refresh_token') return [400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' }];
    const grant = refreshTokens.get(params.refresh_token ?? '');
    if (!grant || grant.revoked) return [400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }];
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, { account: grant.account, refreshToken: params.refresh_token ?? '', valid: true });
    return [200, { access_token: accessToken, expires_in: 3599, scope: 'https://www.googleapis.com/auth/drive.file', token_type: 'Bearer' }];
  };

  const route = (req: IncomingMessage, path: string, body: unknown): [number, unknown] => {
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/v1/documents') {
      const account = accountOf(req);
      quota.take('write', account);
      const doc = newDoc(account, String(field(body, 'title') ?? 'Untitled document'));
      return [200, documentJson(doc)];
    }
    const docPath = /^\/v1\/documents\/([^/:]+)(:batchUpdate)?$/.exec(path);
    if (docPath?.[1] && method === 'GET' && !docPath[2]) {
      const params = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
      const fields = params.get('fields');
      const account = accountOf(req);
      quota.take('read', account);
      // Partial response: a client that reads a field it did not ask for finds nothing, as with Google.
      const json = documentJson(docOf(account, docPath[1]), params.get('includeTabsContent') === 'true');
      return [200, fields ? selectFields(json, fields) : json];
    }
    if (docPath?.[1] && method === 'POST' && docPath[2]) {
      const account = accountOf(req);
      quota.take('write', account);
      const doc = docOf(account, docPath[1]);
      const required = field(field(body, 'writeControl'), 'requiredRevisionId');
      if (required !== undefined && required !== String(doc.revision)) {
        throw new ApiError(400, `The required revision ID ${String(required)} does not match the latest revision.`);
      }
      const list = field(body, 'requests');
      if (!Array.isArray(list) || list.length === 0) throw new ApiError(400, 'Must specify at least one request.');
      const before = { ...doc };
      const replies = applyAll(doc, list as DocsRequest[]);
      const characters = doc.units.length;
      if (characters > maxCharacters) {
        // Atomic, as Google's batchUpdate: a refused batch leaves the document as it was.
        Object.assign(doc, before);
        throw tooLarge(characters, maxCharacters);
      }
      return [200, { documentId: doc.id, replies, writeControl: { requiredRevisionId: String(doc.revision) } }];
    }
    const filePath = /^\/drive\/v3\/files\/([^/]+)$/.exec(path);
    if (filePath?.[1] && method === 'PATCH') {
      const doc = docOf(accountOf(req), filePath[1], true);
      const name = field(body, 'name');
      const trashed = field(body, 'trashed');
      if (typeof name === 'string') doc.title = name;
      if (typeof trashed === 'boolean') doc.trashed = trashed;
      return [200, { kind: 'drive#file', id: doc.id, name: doc.title, mimeType: 'application/vnd.google-apps.document' }];
    }
    throw new ApiError(404, `Not found: ${method} ${path}`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const call = { method: req.method ?? 'GET', path: url.pathname };
    const raw = await readBody(req);
    const isToken = call.path === '/token';
    const body: unknown = isToken ? Object.fromEntries(new URLSearchParams(raw)) : raw ? (JSON.parse(raw) as unknown) : undefined;
    const query = Object.fromEntries(url.searchParams);
    const record = (status: number): void => void requests.push({ ...call, query, status, body });

    const delay = takeRule(call, (rule) => rule.delayMs !== undefined);
    if (delay?.delayMs) await new Promise((resolve) => setTimeout(resolve, delay.delayMs));
    await takeRule(call, (rule) => rule.hold !== undefined)?.hold;
    const failure = takeRule(call, (rule) => rule.status !== undefined);
    if (failure?.status) {
      if (failure.applied && !isToken) {
        try {
          route(req, call.path, body);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
        }
      }
      record(failure.status);
      if (isToken) return sendJson(res, failure.status, { error: failure.status === 429 ? 'rate_limit_exceeded' : 'internal_failure' });
      return sendJson(res, failure.status, googleError(failure.status, `Injected failure ${failure.status}.`));
    }
    let status: number;
    let answer: unknown;
    try {
      [status, answer] = isToken ? handleToken(body as Record<string, string>, parseBasicAuth(req.headers.authorization)) : route(req, call.path, body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      [status, answer] = [error.status, error.body ?? googleError(error.status, error.message)];
    }
    record(status);
    takeRule(call, (rule) => rule.after !== undefined)?.after?.();
    sendJson(res, status, answer);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, googleError(500, String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    rootUrl: `${url}/`,
    tokenUrl: `${url}/token`,
    clientId,
    clientSecret,
    issueRefreshToken: (account = 'ada') => {
      const token = `1//0g${randomBytes(24).toString('base64url')}`;
      refreshTokens.set(token, { account, revoked: false });
      return token;
    },
    revokeRefreshToken: (refreshToken) => {
      const grant = refreshTokens.get(refreshToken);
      if (grant) grant.revoked = true;
      for (const access of accessTokens.values()) if (access.refreshToken === refreshToken) access.valid = false;
    },
    expireAccessTokens: () => {
      for (const access of accessTokens.values()) access.valid = false;
    },
    failNext: (method, path, status, times = 1, { applied = false } = {}) => void rules.push({ method, path, status, applied, times }),
    delayNext: (method, path, delayMs, times = 1) => void rules.push({ method, path, delayMs, times }),
    holdNext: (method, path) => {
      let release = (): void => undefined;
      const hold = new Promise<void>((resolve) => (release = resolve));
      rules.push({ method, path, hold, times: 1 });
      return { release };
    },
    afterNext: (method, path, after) => void rules.push({ method, path, after, times: 1 }),
    seedDocument: (account, title, paragraphs = [], tabs = []) => {
      const doc = newDoc(account, title);
      if (paragraphs.length > 0) applyAll(doc, [{ insertText: { location: { index: 1 }, text: paragraphs.join('\n') } }]);
      addTabs(doc, tabs);
      return doc.id;
    },
    edit: (documentId, edits) => {
      const doc = docs.get(documentId);
      if (!doc) throw new Error(`no document ${documentId}`);
      applyAll(doc, edits);
    },
    document: (documentId) => {
      const doc = docs.get(documentId);
      if (!doc) return undefined;
      const namedRanges = Object.entries(doc.rangeNames).map(([id, name]) => ({ name, text: doc.units.filter((unit) => unit.ranges?.includes(id)).map((unit) => unit.ch).join('') }));
      return { id: doc.id, title: doc.title, account: doc.account, trashed: doc.trashed, revision: doc.revision, text: textOf(doc), paragraphs: paragraphsOf(doc), namedRanges, tabs: tabViews(doc) };
    },
    requests,
    count: (method, path) => requests.filter((req) => matches(method, path, req)).length,
    quota: quota.counts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
