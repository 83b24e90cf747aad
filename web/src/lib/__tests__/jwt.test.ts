import { describe, expect, it } from 'vitest';
import { makeJwt } from '@/test/jwt';
import { decodeJwtPayload, expiresWithin, isExpired } from '../jwt';

describe('jwt', () => {
  it('reads the payload of a token', () => {
    const payload = decodeJwtPayload(makeJwt({ sub: 'u-7', sid: 's-9' }));

    expect(payload).toMatchObject({ sub: 'u-7', sid: 's-9' });
    expect(typeof payload?.exp).toBe('number');
  });

  it.each([['not-a-jwt'], ['a.b'], ['a.%%%.c'], [`x.${btoa('{"sub":"1"}')}.y`], [`x.${btoa('"text"')}.y`]])(
    'treats %s as unparsable',
    (token) => {
      expect(decodeJwtPayload(token)).toBeNull();
    },
  );

  it('counts a token as expired from the second of exp on', () => {
    const payload = { exp: 1_000 };

    expect(isExpired(payload, 999_999)).toBe(false);
    expect(isExpired(payload, 1_000_000)).toBe(true);
  });

  it('tells whether a token ends within a window', () => {
    const payload = { exp: 3_600 };

    expect(expiresWithin(payload, 15 * 60_000, 3_600_000 - 16 * 60_000)).toBe(false);
    expect(expiresWithin(payload, 15 * 60_000, 3_600_000 - 14 * 60_000)).toBe(true);
  });
});
