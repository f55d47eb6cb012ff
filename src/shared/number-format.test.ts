import { describe, expect, it } from 'vitest';
import {
  formatBRL,
  formatCount,
  formatMultiplier,
  formatPercent,
  formatRoas,
  formatSignedCount,
  formatTicket,
} from './number-format';

describe('number formatting (pt-BR)', () => {
  it('writes money, multipliers, percentages and counts', () => {
    expect(formatBRL(1234.56)).toBe('R$\u00a01.234,56');
    expect(formatBRL(-500)).toBe('-R$\u00a0500,00');
    expect(formatBRL(-0.001)).toBe('R$\u00a00,00');
    expect(formatMultiplier(2.5)).toBe('2,50x');
    expect(formatMultiplier(0.7416)).toBe('0,74x');
    expect(formatRoas(3.2)).toBe('3,2x');
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent(150)).toBe('150%');
    expect(formatPercent(1.257)).toBe('1,26%');
    expect(formatCount(1234)).toBe('1.234');
  });

  it('writes a price with its cents, dropping only a whole ",00"', () => {
    expect(formatTicket(1234.56)).toBe('R$\u00a01.234,56');
    expect(formatTicket(97.4)).toBe('R$\u00a097,40');
    expect(formatTicket(97)).toBe('R$\u00a097');
    expect(formatTicket(2000)).toBe('R$\u00a02.000');
    expect(formatTicket(0.1 + 0.2)).toBe('R$\u00a00,30');
    expect(formatTicket(Number.NaN)).toBe('R$\u00a00');
  });

  it('never prints NaN or Infinity', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(
        `${formatBRL(bad)} ${formatMultiplier(bad)} ${formatPercent(bad)} ${formatCount(bad)}`,
      ).not.toMatch(/NaN|∞|Infinity/);
    }
  });

  it('signs a change with + or the minus sign, zero unsigned', () => {
    expect(formatSignedCount(12)).toBe('+12');
    expect(formatSignedCount(-1500)).toBe('\u22121.500');
    expect(formatSignedCount(0)).toBe('0');
    expect(formatSignedCount(-0)).toBe('0');
  });
});
