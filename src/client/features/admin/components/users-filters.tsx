import { Search, X } from 'lucide-react';
import { useState } from 'react';
import type { TypedNumber } from '../../../../shared/typed-number';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { NumberField } from '../../../components/ui/number-input';
import { Select } from '../../../components/ui/select';
import type { PlanFilter, StatusFilter, UserFilters, UserSort } from '../filter-users';

/**
 * A days box of the active-time filter: whole days read by the app's number field. Text it cannot read stays in
 * the box with its message and sets no bound.
 */
function DaysField({
  id,
  label,
  placeholder,
  days,
  onDays,
  text,
  onText,
}: {
  id: string;
  label: string;
  placeholder: string;
  days: number | null;
  onDays: (days: number | null) => void;
  /** Unreadable text typed in the box (kept here: the filters hold numbers only). */
  text: string | null;
  onText: (text: string | null) => void;
}) {
  return (
    <div className="w-36">
      <NumberField
        id={id}
        label={label}
        kind="integer"
        placeholder={placeholder}
        value={text ?? days}
        onValueChange={(value: TypedNumber) => {
          onText(typeof value === 'string' ? value : null);
          onDays(typeof value === 'number' ? value : null);
        }}
      />
    </div>
  );
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
  const [minText, setMinText] = useState<string | null>(null);
  const [maxText, setMaxText] = useState<string | null>(null);
  const timeFilterOn =
    filters.minDays !== null || filters.maxDays !== null || minText !== null || maxText !== null;
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
        <DaysField
          id="users-min-days"
          label="Mínimo"
          placeholder="0"
          days={filters.minDays}
          onDays={(minDays) => onChange({ minDays })}
          text={minText}
          onText={setMinText}
        />
        <DaysField
          id="users-max-days"
          label="Máximo"
          placeholder="∞"
          days={filters.maxDays}
          onDays={(maxDays) => onChange({ maxDays })}
          text={maxText}
          onText={setMaxText}
        />
        <Button
          variant="outline"
          size="md"
          disabled={!timeFilterOn}
          onClick={() => {
            setMinText(null);
            setMaxText(null);
            onChange({ minDays: null, maxDays: null });
          }}
        >
          <X className="h-4 w-4" aria-hidden />
          Limpar
        </Button>
      </fieldset>
    </div>
  );
}
