import { describe, expect, it } from 'vitest';
import { formatCentsPlain, formatReaisValue, reaisCents } from './reais-text';

describe('prices of the creation screens', () => {
  it('gives cents and a plain-space BRL text for numbers, nothing for blank or unreadable text', () => {
    expect(reaisCents(1497.9)).toBe(149790);
    expect(reaisCents(0.29)).toBe(29);
    expect(reaisCents(null)).toBeNull();
    expect(reaisCents('1,234.56')).toBeNull();
    expect(reaisCents('1.497,90')).toBe(149790);
    expect(formatReaisValue(97)).toBe('R$ 97,00');
    expect(formatReaisValue(1234.5)).toBe('R$ 1.234,50');
    expect(formatReaisValue('abc')).toBeNull();
    expect(formatReaisValue(null)).toBeNull();
    expect(formatCentsPlain(123456)).toBe('R$ 1.234,56');
  });
});
