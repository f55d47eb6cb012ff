import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_FILTERS, type UserFilters } from '../filter-users';
import { UsersFilters } from './users-filters';

function Harness() {
  const [filters, setFilters] = useState<UserFilters>(DEFAULT_USER_FILTERS);
  return (
    <>
      <UsersFilters
        search=""
        onSearchChange={() => {}}
        filters={filters}
        onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
      />
      <output data-testid="bounds">{JSON.stringify([filters.minDays, filters.maxDays])}</output>
    </>
  );
}

const bounds = () => JSON.parse(screen.getByTestId('bounds').textContent ?? '[]');
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('active-time filter (min and max days)', () => {
  it('reads whole days as typed, "1.000" as a thousand, and formats them on leaving', () => {
    render(<Harness />);
    expect(box('Mínimo').type).toBe('text');
    expect(box('Mínimo').inputMode).toBe('numeric');
    fireEvent.change(box('Mínimo'), { target: { value: '30' } });
    fireEvent.change(box('Máximo'), { target: { value: '1.000' } });
    expect(bounds()).toEqual([30, 1000]);
    fireEvent.blur(box('Máximo'));
    expect(box('Máximo').value).toBe('1.000');
  });

  it('keeps unreadable days with a message beside the box, sets no bound, and Limpar clears both', () => {
    render(<Harness />);
    fireEvent.change(box('Mínimo'), { target: { value: '7' } });
    fireEvent.change(box('Mínimo'), { target: { value: '7,5' } });
    fireEvent.blur(box('Mínimo'));
    expect(bounds()).toEqual([null, null]);
    expect(box('Mínimo').value).toBe('7,5');
    expect(screen.getByRole('alert').textContent).toBe(
      'Número inválido. Use um número inteiro, sem casas decimais, como 1.234.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(box('Mínimo').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
