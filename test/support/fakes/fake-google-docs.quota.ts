/**
 * Google's limits, as the fake Google Docs server (fake-google-docs.server.ts) enforces them when asked:
 * requests a minute per user and per project, refused with 429 RESOURCE_EXHAUSTED in Google's words, and
 * the size of a document, refused with 400 INVALID_ARGUMENT. Google's published quotas
 * (developers.google.com/docs/api/limits): writes 60 a minute per user and 600 per project, reads 300 a
 * minute per user and 3,000 per project; a batchUpdate counts as one write however many requests it holds.
 */
import { ApiError } from './fake-google-docs.model.js';

export interface GoogleLimits {
  writesPerMinutePerUser?: number;
  writesPerMinutePerProject?: number;
  readsPerMinutePerUser?: number;
  readsPerMinutePerProject?: number;
  /** The clock the minutes are counted on (a test's clock); the wall clock by default. */
  now?: () => Date;
}

/** Google's own limits: `startFakeGoogleDocs({ limits: GOOGLE_LIMITS })`. */
export const GOOGLE_LIMITS: GoogleLimits = { writesPerMinutePerUser: 60, writesPerMinutePerProject: 600, readsPerMinutePerUser: 300, readsPerMinutePerProject: 3000 };

/** Google refuses a batchUpdate that would make the document longer than about this (its body's characters). */
export const GOOGLE_MAX_DOCUMENT_CHARACTERS = 1_020_000;

export type CallKind = 'read' | 'write';

export interface QuotaCounts {
  /** Calls let through, by kind. */
  reads: number;
  writes: number;
  /** Calls answered 429. */
  refused: number;
}

const QUOTA_NAMES: Record<CallKind, string> = { read: 'Read requests', write: 'Write requests' };

/** Fixed minute windows, as Google refills its per-minute quotas. */
export class FakeQuota {
  private readonly windows = new Map<string, number>();
  private minute = -1;
  readonly counts: QuotaCounts = { reads: 0, writes: 0, refused: 0 };

  constructor(private readonly limits: GoogleLimits = {}) {}

  /** Counts one call of `account`, or throws Google's 429 when a per-minute limit is already used up. */
  take(kind: CallKind, account: string): void {
    const minute = Math.floor((this.limits.now?.() ?? new Date()).getTime() / 60_000);
    if (minute !== this.minute) {
      this.windows.clear();
      this.minute = minute;
    }
    const user = kind === 'read' ? this.limits.readsPerMinutePerUser : this.limits.writesPerMinutePerUser;
    const project = kind === 'read' ? this.limits.readsPerMinutePerProject : this.limits.writesPerMinutePerProject;
    const userKey = `${kind}:user:${account}`;
    const projectKey = `${kind}:project`;
    if (user !== undefined && (this.windows.get(userKey) ?? 0) >= user) this.refuse(kind, 'per minute per user');
    if (project !== undefined && (this.windows.get(projectKey) ?? 0) >= project) this.refuse(kind, 'per minute');
    this.windows.set(userKey, (this.windows.get(userKey) ?? 0) + 1);
    this.windows.set(projectKey, (this.windows.get(projectKey) ?? 0) + 1);
    if (kind === 'read') this.counts.reads += 1;
    else this.counts.writes += 1;
  }

  private refuse(kind: CallKind, per: string): never {
    this.counts.refused += 1;
    const quota = QUOTA_NAMES[kind];
    const message = `Quota exceeded for quota metric '${quota}' and limit '${quota} ${per}' of service 'docs.googleapis.com' for consumer 'project_number:000000000000'.`;
    throw new ApiError(429, message, {
      error: {
        code: 429,
        message,
        status: 'RESOURCE_EXHAUSTED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'RATE_LIMIT_EXCEEDED',
            domain: 'googleapis.com',
            metadata: { service: 'docs.googleapis.com', quota_metric: `docs.googleapis.com/${kind}_requests`, quota_limit: `${quota.replace(' ', '')}PerMinute${per.includes('user') ? 'PerUser' : ''}` },
          },
        ],
      },
    });
  }
}

/** Google's refusal of a batchUpdate that would take the document past its size limit. */
export function tooLarge(characters: number, limit: number): ApiError {
  return new ApiError(400, `The document would be ${characters} characters long, over the maximum of ${limit} a document may hold.`);
}
