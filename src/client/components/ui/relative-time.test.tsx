import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_TICK_MS } from '../../lib/use-clock';
import { RelativeTime } from './relative-time';

afterEach(() => {
  vi.useRealTimers();
});

describe('RelativeTime', () => {
  it('shows how long ago, keeps the exact time in datetime, title and for screen readers, and moves on', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T17:30:00Z') });
    const { container } = render(<RelativeTime value="2026-11-26T17:25:00.000Z" />);
    const time = container.querySelector('time') as HTMLTimeElement;
    expect(time.getAttribute('datetime')).toBe('2026-11-26T17:25:00.000Z');
    expect(time.getAttribute('title')).toBe('26/11/2026, 14:25');
    expect(time.textContent).toBe('há 5 min (26/11/2026, 14:25)');
    expect(time.querySelector('.sr-only')?.textContent).toBe(' (26/11/2026, 14:25)');

    act(() => {
      vi.advanceTimersByTime(4 * CLOCK_TICK_MS);
    });
    expect(time.firstChild?.textContent).toBe('há 7 min');
  });
});
