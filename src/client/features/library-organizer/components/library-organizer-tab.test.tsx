import { fireEvent, render, screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub } from '../../../testing/render-with-providers';
import { LIBRARY_STORAGE_KEY } from '../library-rows';
import LibraryOrganizerTab from './library-organizer-tab';

let stub: ReturnType<typeof createFetchStub>;
beforeEach(() => {
  localStorage.clear();
  stub = createFetchStub({});
  vi.stubGlobal('fetch', stub.fetch);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderTab = () =>
  render(
    <>
      <LibraryOrganizerTab />
      <Toaster />
    </>,
  );

describe('LibraryOrganizerTab', () => {
  it('adds and edits rows that survive a reload, and removes them', async () => {
    const first = renderTab();
    expect(screen.getByText(/Nenhuma biblioteca ainda/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Linha' }));
    const link = screen.getByLabelText('Link da biblioteca, linha 1');
    expect(document.activeElement).toBe(link);
    fireEvent.change(link, { target: { value: 'https://www.facebook.com/ads/library/?id=42' } });
    fireEvent.change(screen.getByLabelText('Dia 1, linha 1'), { target: { value: '12 anúncios' } });
    fireEvent.change(screen.getByLabelText('Dia 4, linha 1'), { target: { value: '30 anúncios' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Linha' }));
    first.unmount();

    // A reload: a new screen reading the same storage.
    renderTab();
    expect((screen.getByLabelText('Link da biblioteca, linha 1') as HTMLInputElement).value).toBe(
      'https://www.facebook.com/ads/library/?id=42',
    );
    expect((screen.getByLabelText('Dia 1, linha 1') as HTMLInputElement).value).toBe('12 anúncios');
    expect((screen.getByLabelText('Dia 4, linha 1') as HTMLInputElement).value).toBe('30 anúncios');
    expect(screen.getByLabelText('Link da biblioteca, linha 2')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Abrir a biblioteca da linha 1 em nova aba' });
    expect(open.getAttribute('href')).toBe('https://www.facebook.com/ads/library/?id=42');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');

    fireEvent.click(screen.getByRole('button', { name: 'Remover a linha 1' }));
    expect(await screen.findByText('Linha removida')).toBeTruthy();
    expect(screen.queryByLabelText('Link da biblioteca, linha 2')).toBeNull();
    expect(JSON.parse(localStorage.getItem(LIBRARY_STORAGE_KEY) ?? '[]')).toHaveLength(1);
    expect(stub.calls).toEqual([]);
  });

  it('flags a link that is not an http(s) URL once the field is left, and offers no open button for it', () => {
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Linha' }));
    const link = screen.getByLabelText('Link da biblioteca, linha 1');
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(link);
    expect(screen.getByRole('alert').textContent).toBe('Link da biblioteca deve ser uma URL válida');
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.change(link, { target: { value: 'https://biblioteca.com/x' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the rows cannot be saved (storage blocked) instead of losing them silently', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('bloqueado', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('bloqueado', 'SecurityError');
    });
    renderTab();
    expect(screen.getByText('As linhas não estão sendo salvas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Linha' }));
    const table = screen.getByRole('table', { name: 'Bibliotecas acompanhadas' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });
});
