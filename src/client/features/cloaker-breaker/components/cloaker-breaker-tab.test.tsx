import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub } from '../../../testing/render-with-providers';
import CloakerBreakerTab, { canOpenResult } from './cloaker-breaker-tab';

afterEach(() => vi.unstubAllGlobals());

describe('CloakerBreakerTab', () => {
  it("stays 'EM BREVE': the button is disabled, nothing is sent and no result is made up", () => {
    const stub = createFetchStub({});
    vi.stubGlobal('fetch', stub.fetch);
    render(<CloakerBreakerTab />);
    fireEvent.change(screen.getByLabelText('URL com cloaker'), { target: { value: 'https://oferta.com/x' } });
    const button = screen.getByRole('button', { name: 'EM BREVE' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect((screen.getByLabelText('Resultado') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Copiar' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('link', { name: 'Abrir em Nova Aba' })).toBeNull();
    expect(screen.getByText('Tutorial em vídeo')).toBeTruthy();
    expect(stub.calls).toEqual([]);
  });

  it('offers open only for a result that starts with http', () => {
    expect(canOpenResult('https://pagina-real.com')).toBe(true);
    expect(canOpenResult('http://pagina-real.com')).toBe(true);
    expect(canOpenResult('javascript:alert(1)')).toBe(false);
    expect(canOpenResult('pagina-real.com')).toBe(false);
    expect(canOpenResult('')).toBe(false);
  });
});
