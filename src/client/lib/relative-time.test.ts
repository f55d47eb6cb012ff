import { describe, expect, it } from 'vitest';
import { formatExactDateTime, formatRelativeTime } from './relative-time';

/** 14:30 on 26/11/2026 in São Paulo (UTC-3). */
const NOW = new Date('2026-11-26T17:30:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const H = 60 * MIN;

describe('formatRelativeTime (pt-BR, São Paulo)', () => {
  it.each([
    [0, 'agora'],
    [59_999, 'agora'],
    [-5 * MIN, 'agora'], // a little ahead of this device's clock
    [MIN, 'há 1 min'],
    [5 * MIN + 30_000, 'há 5 min'],
    [59 * MIN, 'há 59 min'],
    [H, 'há 1 h'],
    [3 * H + 10 * MIN, 'há 3 h'],
    [14 * H + 29 * MIN, 'há 14 h'], // 00:01 today in São Paulo
  ])('%i ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), NOW)).toBe(text);
  });

  it('counts days by the São Paulo calendar: ontem, há N dias, then the date', () => {
    expect(formatRelativeTime('2026-11-26T02:59:00Z', NOW)).toBe('ontem'); // 23:59 on the 25th in São Paulo
    expect(formatRelativeTime('2026-11-25T03:00:00Z', NOW)).toBe('ontem'); // 00:00 on the 25th
    expect(formatRelativeTime('2026-11-25T02:59:00Z', NOW)).toBe('há 2 dias');
    expect(formatRelativeTime('2026-11-22T12:00:00Z', NOW)).toBe('há 4 dias');
    expect(formatRelativeTime('2026-11-20T12:00:00Z', NOW)).toBe('há 6 dias');
    expect(formatRelativeTime('2026-11-19T12:00:00Z', NOW)).toBe('19/11/2026');
    expect(formatRelativeTime('2025-01-02T12:00:00Z', NOW)).toBe('02/01/2025');
  });

  it('just after midnight, a post of 40 minutes ago reads in minutes and one of two hours ago reads ontem', () => {
    const justAfterMidnight = new Date('2026-11-27T03:10:00Z'); // 00:10 on the 27th in São Paulo
    expect(formatRelativeTime(new Date('2026-11-27T02:30:00Z'), justAfterMidnight)).toBe('há 40 min');
    expect(formatRelativeTime(new Date('2026-11-27T01:10:00Z'), justAfterMidnight)).toBe('ontem');
  });

  it('says — for a missing or invalid date', () => {
    expect(formatRelativeTime(null, NOW)).toBe('—');
    expect(formatRelativeTime('não é data', NOW)).toBe('—');
  });
});

describe('formatExactDateTime', () => {
  it('writes dd/MM/yyyy, HH:mm in São Paulo time, 24 h', () => {
    expect(formatExactDateTime('2026-11-26T17:05:00Z')).toBe('26/11/2026, 14:05');
    expect(formatExactDateTime('2026-11-27T02:59:00Z')).toBe('26/11/2026, 23:59');
    expect(formatExactDateTime(undefined)).toBe('—');
  });
});
