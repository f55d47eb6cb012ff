import type { AdminUser } from '../../../shared/schemas/admin';

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

/**
 * The Usuários tab's list: search by name or e-mail (case-insensitive), plan and status filters, the
 * active-time filter (which leaves out cancelled users; whole days, bounds inclusive), then the sort by
 * sign-up date. Pure: `now` is passed in.
 */
export function filterUsers(users: readonly AdminUser[], filters: UserFilters, now: Date): AdminUser[] {
  const search = filters.search.trim().toLowerCase();
  const timeFilter = hasActiveTimeFilter(filters);
  const result = users.filter((user) => {
    if (search && !user.name.toLowerCase().includes(search) && !user.email.toLowerCase().includes(search)) {
      return false;
    }
    if (filters.plan === 'Mensal' && planLabel(user.planType) !== 'Mentoria Mensal') return false;
    if (filters.plan === 'Semestral' && planLabel(user.planType) !== 'Mentoria Semestral') return false;
    if (filters.status !== 'all' && user.status !== filters.status) return false;
    if (timeFilter) {
      if (user.status === 'Cancelado') return false;
      const days = daysAsMember(user, now);
      if (filters.minDays !== null && days < filters.minDays) return false;
      if (filters.maxDays !== null && days > filters.maxDays) return false;
    }
    return true;
  });
  const direction = filters.sort === 'oldest' ? 1 : -1;
  return result.sort(
    (a, b) => direction * (new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime()),
  );
}
