import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, saoPauloDay } from './sao-paulo-day';

describe('São Paulo days', () => {
  it('turns at midnight in São Paulo (03:00 UTC), whatever instant was asked before', () => {
    expect(saoPauloDay(new Date('2026-12-08T02:59:59.999Z'))).toBe('2026-12-07');
    expect(saoPauloDay(new Date('2026-12-08T03:00:00.000Z'))).toBe('2026-12-08');
    // The same minute asked again, then an earlier one: the answer follows the instant, not the last call.
    expect(saoPauloDay(new Date('2026-12-08T03:00:30.000Z'))).toBe('2026-12-08');
    expect(saoPauloDay(new Date('2026-12-08T02:59:30.000Z'))).toBe('2026-12-07');
    expect(saoPauloDay(new Date('2027-01-01T02:59:00.000Z'))).toBe('2026-12-31');
  });

  it('adds and counts calendar days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-12-01', '2026-12-07')).toBe(6);
  });
});
