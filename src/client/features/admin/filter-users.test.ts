import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../shared/schemas/admin';
import { DEFAULT_USER_FILTERS, daysAsMember, filterUsers, planLabel, type UserFilters } from './filter-users';

const NOW = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number, extraHours = 0) =>
  new Date(NOW.getTime() - days * 86_400_000 - extraHours * 3_600_000).toISOString();

function user(overrides: Partial<AdminUser> & Pick<AdminUser, 'id'>): AdminUser {
  return {
    name: `Usuário ${overrides.id}`,
    email: `${overrides.id}@exemplo.com`,
    createdAt: daysAgo(100),
    lastLogin: null,
    planType: 'Mentoria Mensal',
    status: 'Ativo',
    statusChangedAt: null,
    emailVerified: true,
    isAdmin: false,
    uniqueId: '123456',
    ...overrides,
  };
}

const users: AdminUser[] = [
  user({ id: 'ana', name: 'Ana Souza', email: 'ana@exemplo.com', createdAt: daysAgo(10) }),
  user({
    id: 'bruno',
    name: 'Bruno Lima',
    email: 'bl@teste.com',
    createdAt: daysAgo(40),
    planType: 'Mentoria Semestral',
  }),
  user({
    id: 'carla',
    name: 'Carla',
    email: 'carla@exemplo.com',
    createdAt: daysAgo(5),
    status: 'Cancelado',
  }),
  // Reactivated 3 days ago: active time counts from the status change, not from sign-up.
  user({ id: 'davi', name: 'Davi', createdAt: daysAgo(300), statusChangedAt: daysAgo(3, 5) }),
  user({ id: 'eva', name: 'Eva', createdAt: daysAgo(20), planType: 'Gratuito' }),
];

const run = (filters: Partial<UserFilters>) =>
  filterUsers(users, { ...DEFAULT_USER_FILTERS, ...filters }, NOW).map((u) => u.id);

describe('filterUsers', () => {
  it('sorts by sign-up date, newest first by default and oldest first on request', () => {
    expect(run({})).toEqual(['carla', 'ana', 'eva', 'bruno', 'davi']);
    expect(run({ sort: 'oldest' })).toEqual(['davi', 'bruno', 'eva', 'ana', 'carla']);
  });

  it('searches name or e-mail, case-insensitive, ignoring surrounding spaces', () => {
    expect(run({ search: '  SOUZA ' })).toEqual(['ana']);
    expect(run({ search: 'teste.com' })).toEqual(['bruno']);
    expect(run({ search: 'ninguém' })).toEqual([]);
  });

  it('filters by plan (missing or unknown plans count as Mensal) and by status', () => {
    expect(run({ plan: 'Semestral' })).toEqual(['bruno']);
    expect(run({ plan: 'Mensal' })).toEqual(['carla', 'ana', 'davi']);
    expect(run({ status: 'Cancelado' })).toEqual(['carla']);
    expect(run({ status: 'Ativo', plan: 'Mensal' })).toEqual(['ana', 'davi']);
  });

  it('active-time filter: whole days since status change or sign-up, inclusive bounds, no cancelled users', () => {
    expect(run({ minDays: 10, maxDays: 20 })).toEqual(['ana', 'eva']);
    expect(run({ maxDays: 3 })).toEqual(['davi']);
    expect(run({ minDays: 4, maxDays: 9 })).toEqual([]);
    // Carla (5 days, cancelled) is left out whenever the time filter is on.
    expect(run({ minDays: 0 })).not.toContain('carla');
    expect(run({ minDays: 41 })).toEqual([]);
    expect(run({ minDays: 40 })).toEqual(['bruno']);
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
