import { describe, expect, it, vi } from 'vitest';
import { randomUuid } from '../uuid';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  it('gives a version 4 uuid, a new one each time', () => {
    const first = randomUuid();

    expect(first).toMatch(UUID_V4);
    expect(randomUuid()).not.toBe(first);
  });

  it('makes one from random bytes where crypto.randomUUID is missing (plain http)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });

    const values = new Set(Array.from({ length: 50 }, () => randomUuid()));

    expect([...values].every((value) => UUID_V4.test(value))).toBe(true);
    expect(values.size).toBe(50);
  });
});
