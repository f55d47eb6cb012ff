import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CardSparkline from './card-sparkline';

const pointsOf = (container: HTMLElement) => container.querySelector('polyline')?.getAttribute('points');

describe('CardSparkline', () => {
  it('draws the known days from left to right, the highest count at the top', () => {
    const spark = [...Array(28).fill(null), 10, 20];
    const { container } = render(<CardSparkline spark={spark} />);
    // Day 28 of 0..29 at x = 28 × 56/29, the lowest count at the bottom (16), the highest at the top (2).
    expect(pointsOf(container)).toBe('54.1,16.0 56.0,2.0');
  });

  it('draws nothing with fewer than two known days', () => {
    expect(render(<CardSparkline spark={[...Array(29).fill(null), 5]} />).container.innerHTML).toBe('');
    expect(render(<CardSparkline spark={Array(30).fill(null)} />).container.innerHTML).toBe('');
  });
});
