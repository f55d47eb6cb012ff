import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { POST_SORT_LABELS, POST_SORTS } from '../../../../shared/community-constants';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { FeedFilters } from '../api/board';

/** One select of the feed: '' is "all". */
export interface FilterSpec {
  key: 'nicho' | 'formato' | 'categoria';
  label: string;
  all: string;
  options: readonly string[];
}

const SEARCH_DEBOUNCE_MS = 300;

/** Search box, the board's selects, 'Todos os Posts' / 'Meus Posts' and the sort. */
export function FeedFilterBar({
  filters,
  onChange,
  specs,
  searchLabel,
}: {
  filters: FeedFilters;
  onChange: (next: FeedFilters) => void;
  specs: FilterSpec[];
  searchLabel: string;
}) {
  const [text, setText] = useState(filters.search ?? '');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search writes the filters.
  useEffect(() => {
    const value = debounced.trim() || undefined;
    if (value !== filters.search) onChange({ ...filters, search: value });
  }, [debounced]);
  // A search cleared elsewhere ('Limpar filtros') empties the box too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of the search matters.
  useEffect(() => {
    if ((filters.search ?? '') !== debounced.trim()) setText(filters.search ?? '');
  }, [filters.search]);

  return (
    <div className="space-y-3 rounded-xl border border-border bg-surface p-3 sm:p-4">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
        />
        <Input
          type="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          aria-label={searchLabel}
          placeholder={searchLabel}
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            aria-label="Limpar busca"
            onClick={() => setText('')}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-muted hover:text-foreground"
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        ) : null}
      </div>
      {/*
        Each select as wide as its longest option and growing to fill its row; a row that cannot hold the next one
        wraps. Never narrower than its text: 'Formato: todos' or 'Inteligência Artificial' shows whole at any width.
      */}
      <div className="flex flex-wrap gap-2">
        {specs.map((spec) => (
          <div key={spec.key} className="flex-auto">
            <Select
              aria-label={spec.label}
              value={filters[spec.key] ?? ''}
              onChange={(event) => onChange({ ...filters, [spec.key]: event.target.value || undefined })}
            >
              <option value="">{spec.all}</option>
              {spec.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          </div>
        ))}
        {/* Whose posts and their order stay side by side, on the board's row when it has room. */}
        <div className="flex flex-auto flex-wrap gap-2">
          <div className="flex-auto">
            <Select
              aria-label="Publicações"
              value={filters.mine ? 'mine' : 'all'}
              onChange={(event) => onChange({ ...filters, mine: event.target.value === 'mine' })}
            >
              <option value="all">Todos os Posts</option>
              <option value="mine">Meus Posts</option>
            </Select>
          </div>
          <div className="flex-auto">
            <Select
              aria-label="Ordenar por"
              value={filters.sort}
              onChange={(event) => onChange({ ...filters, sort: event.target.value as FeedFilters['sort'] })}
            >
              {POST_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {POST_SORT_LABELS[sort]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </div>
    </div>
  );
}
