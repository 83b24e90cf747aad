import { describe, expect, it } from 'vitest';
import { formatCount, formatSize } from '../../../../src/modules/mail/infra/attachments/extract/extracted.js';

describe('the numbers in a not-read reason', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1234567, '1,234,567'],
    [12.9, '12'],
  ])('counts %d as "%s" whatever the locale', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });

  it.each([
    [20 * 1024 * 1024, '20 MB'],
    [1024 * 1024, '1 MB'],
    [1536 * 1024 * 1024, '1,536 MB'],
    [29 * 1024, '29 KB'],
    [300, '1 KB'],
  ])('gives a size limit of %d bytes as "%s": megabytes from 1 MB, kilobytes below', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});
