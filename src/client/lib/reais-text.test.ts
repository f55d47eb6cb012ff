import { describe, expect, it } from 'vitest';
import { formatReaisText, REAIS_INVALID, reaisTextCents, reaisTextError } from './reais-text';

describe('reais typed in the creation screens', () => {
  it('reads amounts, formats them with a plain space and flags what is not an amount', () => {
    expect(reaisTextCents('1.497,90')).toBe(149790);
    expect(reaisTextCents('  ')).toBeNull();
    expect(formatReaisText('97')).toBe('R$ 97,00');
    expect(formatReaisText('R$ 1.234,5')).toBe('R$ 1.234,50');
    expect(formatReaisText('abc')).toBeNull();
    expect(reaisTextError('')).toBeNull();
    expect(reaisTextError('19,9')).toBeNull();
    expect(reaisTextError('19,999')).toBe(REAIS_INVALID);
    expect(reaisTextError('-5')).toBe(REAIS_INVALID);
  });
});
