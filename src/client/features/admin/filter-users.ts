import type { AdminUser, AdminUsersQuery } from '../../../shared/schemas/admin';

export type UserSort = 'recent' | 'oldest';
export type PlanFilter = 'all' | 'Mensal' | 'Semestral';
export type StatusFilter = 'all' | 'Ativo' | 'Cancelado';

export interface UserFilters {
  search: string;
  sort: UserSort;
  plan: PlanFilter;
  status: StatusFilter;
  /** Active-time range in whole days, inclusive; null = no bound. */
  minDays: number | null;
  maxDays: number | null;
}

export const DEFAULT_USER_FILTERS: UserFilters = {
  search: '',
  sort: 'recent',
  plan: 'all',
  status: 'all',
  minDays: null,
  maxDays: null,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** How the plan is shown: 'Mentoria Semestral', 'Gratuito', or 'Mentoria Mensal' (the default). */
export function planLabel(planType: string | null | undefined): string {
  const plan = (planType ?? '').toLowerCase();
  if (plan.includes('semestral')) return 'Mentoria Semestral';
  if (plan.includes('gratuito')) return 'Gratuito';
  return 'Mentoria Mensal';
}

/** Whole days since the status last changed (or since sign-up when it never changed). */
export function daysAsMember(user: Pick<AdminUser, 'statusChangedAt' | 'createdAt'>, now: Date): number {
  const since = new Date(user.statusChangedAt ?? user.createdAt).getTime();
  if (Number.isNaN(since)) return 0;
  return Math.max(0, Math.floor((now.getTime() - since) / DAY_MS));
}

function hasActiveTimeFilter(filters: UserFilters) {
  return filters.minDays !== null || filters.maxDays !== null;
}

export function hasAnyFilter(filters: UserFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.plan !== 'all' ||
    filters.status !== 'all' ||
    hasActiveTimeFilter(filters)
  );
}

/** The screen's filters as GET /api/admin/users takes them (empty ones left out). */
export function usersQueryOf(filters: UserFilters, page: number): AdminUsersQuery {
  const query: AdminUsersQuery = { sort: filters.sort === 'oldest' ? 'oldest' : 'newest', page };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.plan !== 'all') query.plan = filters.plan === 'Semestral' ? 'semestral' : 'mensal';
  if (filters.status !== 'all') query.status = filters.status;
  if (filters.minDays !== null) query.minDays = filters.minDays;
  if (filters.maxDays !== null) query.maxDays = filters.maxDays;
  return query;
}
