// Reads a JWT's payload on the client. The signature is the server's business; the client only
// needs `exp` to decide whether a stored token is still worth sending.

export type JwtPayload = {
  exp: number;
  sub?: string;
  sid?: string;
  iat?: number;
};

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload, or null when the token is not a JWT with a numeric `exp`. */
export function decodeJwtPayload(token: string): JwtPayload | null {
  const segments = token.split('.');
  const payloadSegment = segments[1];
  if (segments.length !== 3 || !payloadSegment) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(payloadSegment));
    if (typeof payload !== 'object' || payload === null) return null;
    const exp: unknown = Reflect.get(payload, 'exp');
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    return { ...payload, exp };
  } catch {
    return null;
  }
}

/** docs/product.md § Sign-in and the session: a token is expired when the current time is at or past exp. */
export function isExpired(payload: JwtPayload, now: number = Date.now()): boolean {
  return now >= payload.exp * 1000;
}

export function expiresWithin(payload: JwtPayload, windowMs: number, now: number = Date.now()): boolean {
  return now + windowMs >= payload.exp * 1000;
}
