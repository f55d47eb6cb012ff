import { describe, expect, it } from 'vitest';
import {
  DAY_MAX_LENGTH,
  LIBRARY_MAX_ROWS,
  LINK_INVALID,
  libraryHref,
  parseStoredRows,
  validateLibraryLink,
} from './library-rows';

describe('validateLibraryLink', () => {
  it('accepts blank and http(s) links, refuses anything else with the message', () => {
    expect(validateLibraryLink('')).toBeNull();
    expect(validateLibraryLink('   ')).toBeNull();
    expect(validateLibraryLink('https://www.facebook.com/ads/library/?id=123')).toBeNull();
    expect(validateLibraryLink(' http://biblioteca.com.br/x ')).toBeNull();
    for (const bad of [
      'biblioteca',
      'javascript:alert(1)',
      'ftp://x.com/a',
      'https://a.com b',
      'data:text/html,x',
    ])
      expect(validateLibraryLink(bad), bad).toBe(LINK_INVALID);
    expect(LINK_INVALID).toBe('Link da biblioteca deve ser uma URL válida');
  });

  it('opens only http(s) links', () => {
    expect(libraryHref('https://a.com/x')).toBe('https://a.com/x');
    expect(libraryHref('javascript:https://a.com')).toBeNull();
    expect(libraryHref('')).toBeNull();
  });
});

describe('parseStoredRows', () => {
  const row = { id: 'a', link: 'https://a.com', day1: '10 ativos', day2: '', day3: '', day4: '' };

  it('reads stored rows back', () => {
    expect(parseStoredRows(JSON.stringify([row]))).toEqual([row]);
  });

  it('ignores unreadable storage and drops rows that are not rows, keeping the good ones', () => {
    expect(parseStoredRows(null)).toEqual([]);
    expect(parseStoredRows('{not json')).toEqual([]);
    expect(parseStoredRows('{"id":"a"}')).toEqual([]);
    const mixed = [row, null, 'x', { id: 7 }, { id: 'b', link: 5 }, { ...row }, { id: 'c' }];
    expect(parseStoredRows(JSON.stringify(mixed))).toEqual([
      row,
      { id: 'c', link: '', day1: '', day2: '', day3: '', day4: '' },
    ]);
  });

  it('bounds what it reads: text length and number of rows', () => {
    const long = { ...row, day1: 'x'.repeat(DAY_MAX_LENGTH + 50) };
    expect(parseStoredRows(JSON.stringify([long]))[0]?.day1).toHaveLength(DAY_MAX_LENGTH);
    const many = Array.from({ length: LIBRARY_MAX_ROWS + 5 }, (_, i) => ({ ...row, id: `r${i}` }));
    expect(parseStoredRows(JSON.stringify(many))).toHaveLength(LIBRARY_MAX_ROWS);
  });
});
