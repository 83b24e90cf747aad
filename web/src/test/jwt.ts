// Test JWTs: a real header and payload, base64url-encoded; the client never checks the signature.

function base64Url(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

type TestJwtOptions = {
  /** Seconds from now until exp; negative for an expired token. Default one hour. */
  expiresInSeconds?: number;
  sub?: string;
  sid?: string;
};

export function makeJwt({ expiresInSeconds = 3600, sub = 'user-1', sid = 'session-1' }: TestJwtOptions = {}): string {
  const iat = Math.floor(Date.now() / 1000);
  return [
    base64Url({ alg: 'HS256', typ: 'JWT' }),
    base64Url({ sub, sid, iat, exp: iat + expiresInSeconds }),
    'test-signature',
  ].join('.');
}
