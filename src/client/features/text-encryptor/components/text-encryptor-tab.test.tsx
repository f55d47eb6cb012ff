import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub } from '../../../testing/render-with-providers';
import { ENCRYPT_DELAY_MS, encryptText } from '../encrypt-text';
import TextEncryptorTab from './text-encryptor-tab';

let writeText: ReturnType<typeof vi.fn>;
let stub: ReturnType<typeof createFetchStub>;
beforeEach(() => {
  writeText = vi.fn(async () => {});
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  stub = createFetchStub({});
  vi.stubGlobal('fetch', stub.fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderTab() {
  render(
    <>
      <TextEncryptorTab />
      <Toaster />
    </>,
  );
}

const input = () => screen.getByLabelText('Seu texto') as HTMLTextAreaElement;
const output = () => screen.getByLabelText('Texto criptografado') as HTMLTextAreaElement;

describe('TextEncryptorTab', () => {
  it('refuses blank text with the spec message, inline and in a toast', async () => {
    renderTab();
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criptografar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Por favor, digite algum texto para criptografar.',
    );
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(
      await screen.findByText('Por favor, digite algum texto para criptografar.', {
        selector: '[data-title]',
      }),
    ).toBeTruthy();
    expect(output().value).toBe('');
  });

  it('counts characters, shows the result after 1 s, copies it and clears everything', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderTab();
    fireEvent.change(input(), { target: { value: 'Oferta 50%' } });
    expect(screen.getByText('10 caracteres de 10.000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Criptografar' }));
    expect(screen.getByRole('button', { name: 'Criptografando...' })).toHaveProperty('disabled', true);
    act(() => vi.advanceTimersByTime(ENCRYPT_DELAY_MS - 1));
    expect(output().value).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(output().value).toBe(encryptText('Oferta 50%'));
    vi.useRealTimers();
    expect(await screen.findByText('Texto criptografado com sucesso!')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Copiado!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(encryptText('Oferta 50%'));

    fireEvent.click(screen.getByRole('button', { name: 'Limpar Tudo' }));
    expect(input().value).toBe('');
    expect(output().value).toBe('');
    expect(screen.getByRole('button', { name: 'Copiar' })).toHaveProperty('disabled', true);
    expect(stub.calls).toEqual([]);
  });

  it('Limpar Tudo during the delay cancels the pending result', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderTab();
    fireEvent.change(input(), { target: { value: 'texto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criptografar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Limpar Tudo' }));
    act(() => vi.advanceTimersByTime(ENCRYPT_DELAY_MS * 2));
    expect(output().value).toBe('');
    expect(screen.getByRole('button', { name: 'Criptografar' })).toHaveProperty('disabled', false);
  });
});
