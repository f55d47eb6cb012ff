import { Search, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { PlanFilter, StatusFilter, UserFilters, UserSort } from '../filter-users';

/** Parses a days box: empty -> no bound; otherwise a whole number >= 0. */
function parseDays(value: string): number | null {
  if (value.trim() === '') return null;
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export function UsersFilters({
  search,
  onSearchChange,
  filters,
  onChange,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  filters: Omit<UserFilters, 'search'>;
  onChange: (patch: Partial<UserFilters>) => void;
}) {
  const timeFilterOn = filters.minDays !== null || filters.maxDays !== null;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="relative sm:col-span-2 lg:col-span-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" />
          <Input
            type="search"
            aria-label="Buscar por nome ou e-mail"
            placeholder="Buscar por nome ou e-mail..."
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            className="pl-9"
          />
        </div>
        <Select
          aria-label="Ordenar"
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.target.value as UserSort })}
        >
          <option value="recent">Mais recentes</option>
          <option value="oldest">Mais antigos</option>
        </Select>
        <Select
          aria-label="Filtrar por plano"
          value={filters.plan}
          onChange={(event) => onChange({ plan: event.target.value as PlanFilter })}
        >
          <option value="all">Todos os planos</option>
          <option value="Mensal">Mentoria Mensal</option>
          <option value="Semestral">Mentoria Semestral</option>
        </Select>
        <Select
          aria-label="Filtrar por status"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as StatusFilter })}
        >
          <option value="all">Todos os status</option>
          <option value="Ativo">Ativo</option>
          <option value="Cancelado">Cancelado</option>
        </Select>
      </div>
      <fieldset className="flex flex-wrap items-end gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-xs text-muted">Tempo ativo (dias, ignora cancelados)</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor="users-min-days" className="text-xs text-muted">
            Mínimo
          </label>
          <Input
            id="users-min-days"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="0"
            value={filters.minDays ?? ''}
            onChange={(event) => onChange({ minDays: parseDays(event.target.value) })}
            className="w-24"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="users-max-days" className="text-xs text-muted">
            Máximo
          </label>
          <Input
            id="users-max-days"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="∞"
            value={filters.maxDays ?? ''}
            onChange={(event) => onChange({ maxDays: parseDays(event.target.value) })}
            className="w-24"
          />
        </div>
        <Button
          variant="outline"
          size="md"
          disabled={!timeFilterOn}
          onClick={() => onChange({ minDays: null, maxDays: null })}
        >
          <X className="h-4 w-4" aria-hidden />
          Limpar
        </Button>
      </fieldset>
    </div>
  );
}
