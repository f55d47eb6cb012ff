import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it("shows a 5xx's error code beside what failed", () => {
    const error = new ApiError(500, 'Erro interno do servidor', {
      message: 'Erro interno do servidor',
      code: 'req-7f3a',
    });
    render(<LoadError message="Não foi possível carregar as ofertas." error={error} onRetry={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Não foi possível carregar as ofertas. Erro interno do servidor. Código do erro: req-7f3a',
    );
  });
});
