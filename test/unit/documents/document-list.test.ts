import { describe, expect, it } from 'vitest';
import { nameMatches, orderDocuments, pageOffset, type DocumentListKey } from '../../../src/modules/documents/domain/document-list.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const key = (id: string, name: string, minute: number): DocumentListKey => ({ id, name, createdAt: at(minute) });

describe('the documents list order and search', () => {
  const keys = [key('a', 'Zebra', 1), key('b', 'żaba', 2), key('c', 'Łódź', 3), key('d', 'Lublin', 4), key('e', 'apteka', 5)];
  const names = (list: DocumentListKey[]) => list.map((item) => item.name);

  it('orders names the Polish way: L before Ł, z before ż, any case', () => {
    expect(names(orderDocuments(keys, '', 'nameAsc'))).toEqual(['apteka', 'Lublin', 'Łódź', 'Zebra', 'żaba']);
    expect(names(orderDocuments(keys, '', 'nameDesc'))).toEqual(['żaba', 'Zebra', 'Łódź', 'Lublin', 'apteka']);
  });

  it('orders by creation time, and equal names or times by creation then id', () => {
    expect(names(orderDocuments(keys, '', 'dateDesc'))).toEqual(['apteka', 'Lublin', 'Łódź', 'żaba', 'Zebra']);
    const twins = [key('y', 'Notes', 2), key('x', 'Notes', 2), key('z', 'Notes', 1)];
    expect(orderDocuments(twins, '', 'nameAsc').map((item) => item.id)).toEqual(['z', 'x', 'y']);
    expect(orderDocuments(twins, '', 'dateDesc').map((item) => item.id)).toEqual(['y', 'x', 'z']);
  });

  it('matches a part of the name in any case, Polish letters included, % and _ as themselves', () => {
    expect(nameMatches('Łódź centrum', 'ŁÓDŹ')).toBe(true);
    expect(nameMatches('Żaba', 'żab')).toBe(true);
    expect(nameMatches('Lodz', 'łódź')).toBe(false);
    expect(nameMatches('100% done', '%')).toBe(true);
    expect(nameMatches('done', '%')).toBe(false);
    expect(nameMatches('ab', '_')).toBe(false);
    expect(names(orderDocuments(keys, 'A', 'nameAsc'))).toEqual(['apteka', 'Zebra', 'żaba']);
  });

  it('starts page n after n - 1 full pages', () => {
    expect(pageOffset({ page: 1, pageSize: 24 })).toBe(0);
    expect(pageOffset({ page: 3, pageSize: 24 })).toBe(48);
  });
});
