import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_FILTERS, daysAsMember, planLabel, usersQueryOf } from './filter-users';

const NOW = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number, extraHours = 0) =>
  new Date(NOW.getTime() - days * 86_400_000 - extraHours * 3_600_000).toISOString();

describe('usersQueryOf', () => {
  it('sends the filters the screen has, and only those', () => {
    expect(usersQueryOf(DEFAULT_USER_FILTERS, 1)).toEqual({ sort: 'newest', page: 1 });
    expect(
      usersQueryOf(
        { search: '  ana ', sort: 'oldest', plan: 'Semestral', status: 'Ativo', minDays: 0, maxDays: 30 },
        3,
      ),
    ).toEqual({
      search: 'ana',
      sort: 'oldest',
      plan: 'semestral',
      status: 'Ativo',
      minDays: 0,
      maxDays: 30,
      page: 3,
    });
    expect(usersQueryOf({ ...DEFAULT_USER_FILTERS, plan: 'Mensal' }, 1).plan).toBe('mensal');
  });
});

describe('helpers', () => {
  it('planLabel defaults to Mentoria Mensal', () => {
    expect(planLabel(null)).toBe('Mentoria Mensal');
    expect(planLabel('mentoria-semestral')).toBe('Mentoria Semestral');
    expect(planLabel('Gratuito')).toBe('Gratuito');
  });

  it('daysAsMember counts whole days only', () => {
    expect(daysAsMember({ createdAt: daysAgo(2, 23), statusChangedAt: null }, NOW)).toBe(2);
    expect(daysAsMember({ createdAt: daysAgo(50), statusChangedAt: daysAgo(1) }, NOW)).toBe(1);
  });
});
