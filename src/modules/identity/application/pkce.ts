import { createHash } from 'node:crypto';
import { randomToken } from '../../../shared/ids.js';

export function newCodeVerifier(): string {
  return randomToken(32);
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
