import { FilterX, Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  GROWTH_SORT_LABEL,
  nicheLabel,
  OFFER_FORMATS,
  OFFER_LANGUAGES,
  OFFER_MOMENTUM_LABELS,
  OFFER_MOMENTUMS,
  OFFER_NICHES,
  OFFER_SORT_LABELS,
  OFFER_SORTS,
  OFFER_STATUS_LABELS,
  OFFER_STATUSES,
  TICKET_RANGE_LABELS,
  TICKET_RANGES,
} from '../../../../shared/offer-constants';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { FilterParam, useOfferFilters } from '../hooks/use-offer-filters';
import { MorningTipDialog } from './morning-tip-dialog';

type Filters = ReturnType<typeof useOfferFilters>;

/** Search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

function FilterSelect({
  label,
  value,
  onChange,
  all,
  options,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  all?: string;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <Select aria-label={label} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
      {all ? <option value="">{all}</option> : null}
      {options.map(([optionValue, optionLabel]) => (
        <option key={optionValue} value={optionValue}>
          {optionLabel}
        </option>
      ))}
    </Select>
  );
}

const same = (values: readonly string[]) => values.map((v) => [v, v] as const);

/** Search box, the five filters, sort, 'Limpar filtros' and the morning tip. Writes to the URL. */
export function OfferFilters({ filters, hasFilters, setFilter, clearFilters }: Filters) {
  const [text, setText] = useState(filters.search ?? '');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The debounced write must see the URL as it is when the timer fires, not as it was when typing began.
  const latest = useRef({ search: filters.search ?? '', setFilter });
  useEffect(() => {
    latest.current = { search: filters.search ?? '', setFilter };
  });
  // What this box last wrote; a different URL value came from elsewhere (back, 'Limpar filtros').
  const written = useRef(filters.search ?? '');
  useEffect(() => {
    const value = debounced.trim();
    if (value === latest.current.search) return;
    written.current = value;
    latest.current.setFilter('search', value);
  }, [debounced]);
  useEffect(() => {
    const fromUrl = filters.search ?? '';
    if (fromUrl === written.current) return;
    written.current = fromUrl;
    setText(fromUrl);
  }, [filters.search]);

  const select = (key: FilterParam) => (value: string) => setFilter(key, value);
  const clear = () => {
    setText('');
    clearFilters();
  };

  return (
    <div className="space-y-3 rounded-xl border border-border bg-surface p-3 sm:p-4">
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
          />
          <Input
            type="search"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            aria-label="Buscar ofertas"
            placeholder="Buscar ofertas"
            title="Busca no produto, no anunciante e no texto do anúncio"
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
        <Button variant="outline" onClick={clear} disabled={!hasFilters && !text} className="shrink-0 px-3">
          <FilterX aria-hidden className="h-4 w-4" />
          <span className="hidden sm:inline">Limpar filtros</span>
          <span className="sr-only sm:hidden">Limpar filtros</span>
        </Button>
        <MorningTipDialog />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 2xl:grid-cols-7">
        <FilterSelect
          label="Status"
          all="Status: todos"
          value={filters.status}
          onChange={select('status')}
          options={OFFER_STATUSES.map((s) => [s, OFFER_STATUS_LABELS[s]] as const)}
        />
        <FilterSelect
          label="Nicho"
          all="Nicho: todos"
          value={filters.niche}
          onChange={select('niche')}
          options={OFFER_NICHES.map((n) => [n, nicheLabel(n)] as const)}
        />
        <FilterSelect
          label="Formato"
          all="Formato: todos"
          value={filters.format}
          onChange={select('format')}
          options={same(OFFER_FORMATS)}
        />
        <FilterSelect
          label="Idioma"
          all="Idioma: todos"
          value={filters.language}
          onChange={select('language')}
          options={same(OFFER_LANGUAGES)}
        />
        <FilterSelect
          label="Ticket"
          all="Ticket: todos"
          value={filters.ticket}
          onChange={select('ticket')}
          options={TICKET_RANGES.map((t) => [t, TICKET_RANGE_LABELS[t]] as const)}
        />
        <FilterSelect
          label="Tendência"
          all="Tendência"
          value={filters.momentum}
          onChange={select('momentum')}
          options={OFFER_MOMENTUMS.map((m) => [m, OFFER_MOMENTUM_LABELS[m]] as const)}
        />
        <FilterSelect
          label="Ordenar por"
          value={filters.sort}
          onChange={select('sort')}
          options={[
            ...OFFER_SORTS.map((s) => [s, OFFER_SORT_LABELS[s]] as const),
            ['growth', GROWTH_SORT_LABEL] as const,
          ]}
        />
      </div>
    </div>
  );
}
