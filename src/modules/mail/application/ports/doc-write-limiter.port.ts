/**
 * Google allows 60 document writes per minute per user; the pipeline stays under that across every
 * worker process, and waits for the next window instead of being refused.
 */
export interface DocWriteLimiter {
  tryAcquire(userId: string, now: Date): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }>;
}

export const DOC_WRITE_LIMITER = Symbol('DocWriteLimiter');

export const DOC_WRITES_PER_MINUTE = 50;
