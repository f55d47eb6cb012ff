import { describe, expect, it } from 'vitest';
import { presentSpark } from './offers.presenters';

describe('presentSpark', () => {
  it('carries each count forward day by day over the last 30 days, from the count before them', () => {
    const spark = presentSpark('2026-11-20:15,2026-11-25:40', 10, '2026-11-26');
    expect(spark).toHaveLength(30);
    expect(spark.slice(0, 23)).toEqual(Array(23).fill(10)); // 28/10 .. 19/11
    expect(spark.slice(23, 28)).toEqual([15, 15, 15, 15, 15]); // 20/11 .. 24/11
    expect(spark.slice(28)).toEqual([40, 40]);
  });

  it('is null before the first count, and all null without any', () => {
    const spark = presentSpark('2026-11-25:7', null, '2026-11-26');
    expect(spark.slice(0, 28)).toEqual(Array(28).fill(null));
    expect(spark.slice(28)).toEqual([7, 7]);
    expect(presentSpark(null, null, '2026-11-26')).toEqual(Array(30).fill(null));
  });

  it('moves its window with the day asked, across a month (the days are kept per day, not forever)', () => {
    expect(presentSpark('2026-11-26:5', null, '2026-11-26').at(-1)).toBe(5);
    const next = presentSpark('2026-11-26:5,2026-12-01:9', null, '2026-12-01');
    expect(next.slice(-7)).toEqual([null, 5, 5, 5, 5, 5, 9]); // 25/11 .. 01/12
    expect(presentSpark('2026-11-26:5', null, '2026-11-26').slice(-2)).toEqual([null, 5]);
  });
});
