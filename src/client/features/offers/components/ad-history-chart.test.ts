import { describe, expect, it } from 'vitest';
import { stepPath } from './ad-history-chart';

describe('stepPath', () => {
  it('holds each count until the next point, then to the last day', () => {
    const points = [
      { date: '2025-11-01', ads: 0 },
      { date: '2025-11-03', ads: 10 },
    ];
    expect(stepPath({ points }, '2025-11-01', '2025-11-04', 10)).toBe('M0.0,160.0H400.0V8.0H600.0');
  });

  it('draws nothing without points, and clamps points before the window to its first day', () => {
    expect(stepPath({ points: [] }, '2025-11-01', '2025-11-04', 1)).toBe('');
    expect(stepPath({ points: [{ date: '2025-10-01', ads: 5 }] }, '2025-11-01', '2025-11-04', 5)).toBe(
      'M0.0,8.0H600.0',
    );
  });
});
