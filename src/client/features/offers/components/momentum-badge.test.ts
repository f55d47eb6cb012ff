import { describe, expect, it } from 'vitest';
import { growthText } from './momentum-badge';

describe('growthText', () => {
  it('signs the 7-day change in percent, rounded, or in ads when there was nothing to compare with', () => {
    expect(growthText({ ads: 54, percent: 45.4 })).toBe('+45%');
    expect(growthText({ ads: -30, percent: -30 })).toBe('−30%');
    expect(growthText({ ads: 0, percent: 0 })).toBe('0%');
    expect(growthText({ ads: 1200, percent: 1234.5 })).toBe('+1.235%');
    expect(growthText({ ads: 12, percent: null })).toBe('+12 anúncios');
    expect(growthText(null)).toBeNull();
  });
});
