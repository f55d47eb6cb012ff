import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { LoadMore } from './load-more';

const query = (over: Partial<Parameters<typeof LoadMore>[0]['query']> = {}) => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(),
  ...over,
});

describe('LoadMore', () => {
  it('loads the next page, says how many of how many are shown, and nothing once the last page is in', () => {
    const q = query();
    const { rerender } = render(<LoadMore query={q} what="ofertas" shown={24} total={1234} />);
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(screen.getByText('24 de 1.234')).toBeTruthy();
    rerender(<LoadMore query={query({ isFetchingNextPage: true })} what="ofertas" />);
    expect((screen.getByRole('button', { name: 'Carregando...' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<LoadMore query={query({ hasNextPage: false })} what="ofertas" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells in Portuguese that the next page failed, with the server’s message', () => {
    render(
      <LoadMore
        query={query({ isFetchNextPageError: true, error: new ApiError(503, 'Servidor indisponível.', {}) })}
        what="eventos"
        label="Carregar Mais"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Não foi possível carregar mais eventos. Servidor indisponível.',
    );
    expect(screen.getByRole('button', { name: 'Carregar Mais' })).toBeTruthy();
  });
});
