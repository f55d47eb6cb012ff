import { useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminUsers } from '../api/use-admin-users';
import { DEFAULT_USER_FILTERS, filterUsers, hasAnyFilter, type UserFilters } from '../filter-users';
import { LogoutAllButton } from './logout-all-button';
import { ErrorBlock, LoadingBlock } from './query-state';
import { UsersFilters } from './users-filters';
import { UsersTable } from './users-table';

/** Spec 01 §9: search debounce. */
const SEARCH_DEBOUNCE_MS = 300;

export function UsersTab() {
  const { data: users, isPending, isError, error } = useAdminUsers();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<Omit<UserFilters, 'search'>>(DEFAULT_USER_FILTERS);
  const applied = useMemo<UserFilters>(() => ({ ...filters, search }), [filters, search]);
  // `now` is fixed per list refresh so the "time as member" column and the filter agree.
  const now = useMemo(() => (users ? new Date() : new Date(0)), [users]);
  const visible = useMemo(() => (users ? filterUsers(users, applied, now) : []), [users, applied, now]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-lg font-semibold">Usuários</h2>
          {users ? (
            <Badge variant="primary" aria-label={`${visible.length} usuários`}>
              {visible.length === users.length ? users.length : `${visible.length} de ${users.length}`}
            </Badge>
          ) : null}
        </div>
        <LogoutAllButton />
      </div>
      <UsersFilters
        search={searchInput}
        onSearchChange={setSearchInput}
        filters={filters}
        onChange={(patch) => setFilters((current) => ({ ...current, ...patch }))}
      />
      {isPending ? (
        <LoadingBlock />
      ) : isError ? (
        <ErrorBlock error={error} what="os usuários" />
      ) : visible.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-8 text-center text-sm text-muted">
          {hasAnyFilter(applied)
            ? 'Nenhum usuário encontrado com os filtros aplicados'
            : 'Nenhum usuário encontrado'}
        </p>
      ) : (
        <UsersTable users={visible} now={now} />
      )}
    </div>
  );
}
