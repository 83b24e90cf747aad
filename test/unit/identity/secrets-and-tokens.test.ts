import { describe, expect, it } from 'vitest';
import { DevIdentityProvider } from '../../../src/modules/identity/infra/dev.identity-provider.js';
import { AesGcmSecretSealer } from '../../../src/modules/identity/infra/aes-gcm.secret-sealer.js';
import { JoseAccessTokens } from '../../../src/modules/identity/infra/jose.access-tokens.js';
import { s256Challenge } from '../../../src/modules/identity/application/pkce.js';
import { CodeExchangeError } from '../../../src/modules/identity/application/ports/identity-provider.port.js';
import { DOCS_SCOPE } from '../../../src/modules/identity/domain/scopes.js';
import { isSessionLive } from '../../../src/modules/identity/domain/session.js';
import { parseSignInMode } from '../../../src/modules/identity/domain/sign-in.js';

const sealer = new AesGcmSecretSealer('11'.repeat(32));

describe('the AES-256-GCM sealer', () => {
  it('round-trips and never produces the same output twice', () => {
    const a = sealer.seal('refresh-token');
    expect(a).not.toBe(sealer.seal('refresh-token'));
    expect(sealer.open(a)).toBe('refresh-token');
  });

  it('refuses a tampered or foreign ciphertext', () => {
    const sealed = sealer.seal('refresh-token');
    const parts = sealed.split('.');
    // The first character of a base64 run carries six whole bits: changing it always changes a byte.
    const last = parts[3] ?? '';
    const tampered = [...parts.slice(0, 3), `${last.startsWith('A') ? 'B' : 'A'}${last.slice(1)}`].join('.');
    expect(() => sealer.open(tampered)).toThrow();
    expect(() => new AesGcmSecretSealer('22'.repeat(32)).open(sealed)).toThrow();
    expect(() => sealer.open('plain text')).toThrow('Not a sealed secret');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new AesGcmSecretSealer('abcd')).toThrow('32 bytes');
  });
});

describe('app tokens', () => {
  it('verify only before exp and only with the same secret', async () => {
    const tokens = new JoseAccessTokens('s'.repeat(40));
    const now = new Date('2026-01-01T00:00:00Z');
    const token = await tokens.issue({ userId: 'u', sessionId: 's' }, now);
    expect(await tokens.verify(token, new Date('2026-01-01T00:59:59Z'))).toEqual({ userId: 'u', sessionId: 's', expiresAt: new Date('2026-01-01T01:00:00Z') });
    expect(await tokens.verify(token, new Date('2026-01-01T01:00:00Z'))).toBeNull();
    expect(await new JoseAccessTokens('t'.repeat(40)).verify(token, now)).toBeNull();
    expect(await tokens.verify('not.a.jwt', now)).toBeNull();
  });

  it('answer a token verified before from memory, still refusing it from its expiry on, and never a string that differs', async () => {
    const tokens = new JoseAccessTokens('s'.repeat(40));
    const now = new Date('2026-01-01T00:00:00Z');
    const token = await tokens.issue({ userId: 'u', sessionId: 's' }, now);
    const first = await tokens.verify(token, now);
    expect(first).not.toBeNull();
    // The same object: the second answer did not go through verification again.
    expect(await tokens.verify(token, new Date('2026-01-01T00:30:00Z'))).toBe(first);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherSignature = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${otherSignature}`, now)).toBeNull();
    expect(await tokens.verify(token, new Date('2026-01-01T00:59:59.999Z'))).toBe(first);
    expect(await tokens.verify(token, new Date('2026-01-01T01:00:00Z'))).toBeNull();
    expect(await tokens.verify(token, new Date('2026-01-01T00:10:00Z'))).toEqual(first);
  });
});

describe('the dev identity provider', () => {
  let now = new Date('2026-01-01T00:00:00Z');
  const provider = new DevIdentityProvider('http://localhost:3000', sealer, () => now);
  const verifier = 'v'.repeat(43);
  const consent = { email: ' Ada@Example.com ', name: '', grantDocs: true, codeChallenge: s256Challenge(verifier), redirectUri: 'http://localhost:3000/oauth/callback' };

  it('points at its own consent page with state, challenge and callback', () => {
    const url = new URL(provider.authorizationUrl({ state: 'st', codeChallenge: 'ch', redirectUri: consent.redirectUri }));
    expect(url.origin + url.pathname).toBe('http://localhost:3000/oauth/dev/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ state: 'st', code_challenge: 'ch', redirect_uri: consent.redirectUri });
  });

  it('exchanges its code for a normalised identity with the documents scope when granted', async () => {
    const identity = await provider.exchangeCode({ code: provider.issueCode(consent), codeVerifier: verifier, redirectUri: consent.redirectUri });
    expect(identity).toMatchObject({ subject: 'dev:ada@example.com', email: 'ada@example.com', name: 'Ada@Example.com', refreshToken: null });
    expect(identity.grantedScopes).toContain(DOCS_SCOPE);
  });

  it('leaves out the documents scope when the box is unticked', async () => {
    const identity = await provider.exchangeCode({ code: provider.issueCode({ ...consent, grantDocs: false }), codeVerifier: verifier, redirectUri: consent.redirectUri });
    expect(identity.grantedScopes).not.toContain(DOCS_SCOPE);
  });

  it('refuses a wrong verifier, another redirect URI, a forged or an expired code', async () => {
    const code = provider.issueCode(consent);
    await expect(provider.exchangeCode({ code, codeVerifier: 'w'.repeat(43), redirectUri: consent.redirectUri })).rejects.toBeInstanceOf(CodeExchangeError);
    await expect(provider.exchangeCode({ code, codeVerifier: verifier, redirectUri: 'http://evil/cb' })).rejects.toBeInstanceOf(CodeExchangeError);
    await expect(provider.exchangeCode({ code: 'forged', codeVerifier: verifier, redirectUri: consent.redirectUri })).rejects.toBeInstanceOf(CodeExchangeError);
    now = new Date('2026-01-01T00:05:00Z');
    await expect(provider.exchangeCode({ code, codeVerifier: verifier, redirectUri: consent.redirectUri })).rejects.toThrow('expired');
  });
});

describe('identity rules', () => {
  it('knows only the login and register modes', () => {
    expect(parseSignInMode('login')).toBe('login');
    expect(parseSignInMode('register')).toBe('register');
    expect(parseSignInMode('LOGIN')).toBeNull();
    expect(parseSignInMode('admin')).toBeNull();
  });

  it('counts a session live until revoked or until its end', () => {
    const session = { id: 's', userId: 'u', createdAt: new Date(0), expiresAt: new Date(1000), revokedAt: null };
    expect(isSessionLive(session, new Date(999))).toBe(true);
    expect(isSessionLive(session, new Date(1000))).toBe(false);
    expect(isSessionLive({ ...session, revokedAt: new Date(10) }, new Date(500))).toBe(false);
  });
});
