import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/sao-paulo-day';
import { type AdPoint, factsFromPoints, momentumOf } from './momentum';

const TODAY = '2026-03-20';
const daysAgo = (n: number) => addDays(TODAY, -n);
/** An offer created long ago whose history is these points (oldest first); its count is the latest point. */
const view = (points: AdPoint[], createdDay = daysAgo(100)) =>
  momentumOf(factsFromPoints(points, TODAY, createdDay, points.at(-1)?.ads ?? 0));
const from = (baseline: number, latest: number) =>
  view([
    { date: daysAgo(7), ads: baseline },
    { date: TODAY, ads: latest },
  ]);

describe('momentum', () => {
  it('is Escalando at exactly +30 % with +10 ads', () => {
    expect(from(100, 130)).toMatchObject({ momentum: 'escalando', growth7d: { ads: 30, percent: 30 } });
    expect(from(33, 43)).toMatchObject({ momentum: 'escalando', growth7d: { ads: 10, percent: 30.3 } });
  });

  it('is not Escalando at +30 % with only +9 ads, nor at +29.x %', () => {
    expect(from(30, 39)).toMatchObject({ momentum: 'estavel', growth7d: { ads: 9, percent: 30 } });
    expect(from(1000, 1299)).toMatchObject({ momentum: 'estavel', growth7d: { ads: 299, percent: 29.9 } });
  });

  it('is Esfriando at exactly −30 %, Estável just above', () => {
    expect(from(100, 70)).toMatchObject({ momentum: 'esfriando', growth7d: { ads: -30, percent: -30 } });
    expect(from(100, 71)).toMatchObject({ momentum: 'estavel', growth7d: { ads: -29, percent: -29 } });
  });

  it('is Novo while first seen is less than 7 days ago (day 6), not on day 7; Novo wins and has no growth', () => {
    const six = view(
      [
        { date: daysAgo(6), ads: 10 },
        { date: TODAY, ads: 100 },
      ],
      daysAgo(6),
    );
    expect(six).toEqual({ momentum: 'novo', growth7d: null, firstSeen: daysAgo(6), lastSeen: TODAY });
    const seven = view(
      [
        { date: daysAgo(7), ads: 10 },
        { date: TODAY, ads: 100 },
      ],
      daysAgo(7),
    );
    expect(seven.momentum).toBe('escalando');
    expect(seven.growth7d).toEqual({ ads: 90, percent: 900 });
  });

  it('takes the latest point on or before 7 days ago as the baseline', () => {
    const points = [
      { date: daysAgo(30), ads: 10 },
      { date: daysAgo(8), ads: 50 },
      { date: daysAgo(6), ads: 90 },
      { date: TODAY, ads: 100 },
    ];
    expect(view(points).growth7d).toEqual({ ads: 50, percent: 100 });
  });

  it('without a point that old, the first point is the baseline', () => {
    const points = [
      { date: daysAgo(3), ads: 20 },
      { date: TODAY, ads: 40 },
    ];
    expect(view(points)).toMatchObject({ momentum: 'escalando', growth7d: { ads: 20, percent: 100 } });
  });

  it('a back-filled point older than the creation makes first seen that point', () => {
    const created = daysAgo(2);
    const points = [
      { date: daysAgo(40), ads: 5 },
      { date: created, ads: 50 },
    ];
    expect(view(points, created)).toMatchObject({
      momentum: 'escalando',
      firstSeen: daysAgo(40),
      lastSeen: created,
      growth7d: { ads: 45, percent: 900 },
    });
  });

  it('without points: first and last seen are the creation day, growth 0', () => {
    expect(momentumOf(factsFromPoints([], TODAY, daysAgo(10), 80))).toEqual({
      momentum: 'estavel',
      growth7d: { ads: 0, percent: 0 },
      firstSeen: daysAgo(10),
      lastSeen: daysAgo(10),
    });
  });

  it('a baseline of 0: no percentage when the count grew, Escalando from +10 ads', () => {
    expect(from(0, 10)).toMatchObject({ momentum: 'escalando', growth7d: { ads: 10, percent: null } });
    expect(from(0, 9)).toMatchObject({ momentum: 'estavel', growth7d: { ads: 9, percent: null } });
    expect(from(0, 0)).toMatchObject({ momentum: 'estavel', growth7d: { ads: 0, percent: 0 } });
  });
});
