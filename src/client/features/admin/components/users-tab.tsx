import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatCount } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminUsers } from '../api/use-admin-users';
import { DEFAULT_USER_FILTERS, hasAnyFilter, type UserFilters, usersQueryOf } from '../filter-users';
import { LogoutAllButton } from './logout-all-button';
import { ErrorBlock, LoadingBlock } from './query-state';
import { UsersFilters } from './users-filters';
import { UsersTable } from './users-table';

/** Search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/** The Usuários tab: the server searches, filters, sorts and pages (GET /api/admin/users). */
export function UsersTab() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<Omit<UserFilters, 'search'>>(DEFAULT_USER_FILTERS);
  const applied = useMemo<UserFilters>(() => ({ ...filters, search }), [filters, search]);
  const [page, setPage] = useState(1);
  // Another search or filter starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `applied` is the trigger, not read.
  useEffect(() => setPage(1), [applied]);
  const { data, isPending, isError, error, isPlaceholderData } = useAdminUsers(usersQueryOf(applied, page));
  // `now` is fixed per answer so the "time as member" column matches what the server filtered.
  const now = useMemo(() => (data ? new Date() : new Date(0)), [data]);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-lg font-semibold">Usuários</h2>
          {data ? (
            <Badge variant="primary" aria-label={`${data.total} usuários`}>
              {formatCount(data.total)}
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
      ) : data.items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-8 text-center text-sm text-muted">
          {hasAnyFilter(applied)
            ? 'Nenhum usuário encontrado com os filtros aplicados'
            : 'Nenhum usuário encontrado'}
        </p>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <UsersTable users={data.items} now={now} />
          {pages > 1 ? (
            <nav
              aria-label="Páginas de usuários"
              className="mt-3 flex flex-wrap items-center justify-between gap-3"
            >
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <ChevronLeft className="h-4 w-4" aria-hidden />
                Anterior
              </Button>
              <p className="text-sm text-muted" aria-live="polite">{`Página ${page} de ${pages}`}</p>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                Próxima
                <ChevronRight className="h-4 w-4" aria-hidden />
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </div>
  );
}
