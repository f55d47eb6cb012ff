import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CapturedDownload, captureDownloads, readBlobText } from '../../../testing/capture-downloads';
import { createFetchStub } from '../../../testing/render-with-providers';
import { buildVslScript, VSL_GENERATION_DELAY_MS, VSL_TEMPLATES } from '../vsl-script';
import VslGeneratorTab from './vsl-generator-tab';

let writeText: ReturnType<typeof vi.fn>;
let stub: ReturnType<typeof createFetchStub>;
let downloads: CapturedDownload[];
beforeEach(() => {
  writeText = vi.fn(async () => {});
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  stub = createFetchStub({});
  vi.stubGlobal('fetch', stub.fetch);
  downloads = captureDownloads();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const generateButton = () => screen.getByRole('button', { name: /Gerar Roteiro|Gerando roteiro/ });

describe('VslGeneratorTab', () => {
  it('keeps Generate disabled until a template, a product name and a niche, and flags a bad price', () => {
    render(<VslGeneratorTab />);
    expect(generateButton()).toHaveProperty('disabled', true);
    expect(
      screen.getByText('Para gerar, escolha um modelo, informe o nome do produto, escolha o nicho.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Revelação Secreta/ }));
    fireEvent.change(screen.getByLabelText('Nome do produto'), { target: { value: 'Curso X' } });
    expect(generateButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Nicho'), { target: { value: 'Dinheiro' } });
    expect(generateButton()).toHaveProperty('disabled', false);

    const price = screen.getByLabelText('Preço (R$)') as HTMLInputElement;
    expect(price.getAttribute('aria-describedby')).toBe(screen.getByText('Vazio: o roteiro diz R$ XX.').id);
    fireEvent.change(price, { target: { value: '97 reais' } });
    expect(generateButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Para gerar, corrija o preço.')).toBeTruthy();
    fireEvent.blur(price);
    expect(screen.getByRole('alert').textContent).toBe(
      'Valor inválido. Use vírgula para os centavos, como 1.234,56.',
    );
    expect(price.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(price, { target: { value: '1.497,00' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(generateButton()).toHaveProperty('disabled', false);
    fireEvent.blur(price);
    expect(price.value).toBe('1.497,00');
  });

  it('generates for 3 s, then shows the script; Copy and Download give the same text', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(
      <>
        <VslGeneratorTab />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Problema e Solução/ }));
    fireEvent.change(screen.getByLabelText('Nome do produto'), { target: { value: 'Método Seca Rápido' } });
    fireEvent.change(screen.getByLabelText('Nicho'), { target: { value: 'Saúde' } });
    fireEvent.change(screen.getByLabelText('Tom'), { target: { value: 'Casual' } });
    fireEvent.change(screen.getByLabelText('Problema principal'), { target: { value: 'inchaço' } });
    fireEvent.click(generateButton());
    expect(generateButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toContain('Escrevendo o seu roteiro...');
    act(() => vi.advanceTimersByTime(VSL_GENERATION_DELAY_MS - 1));
    expect(screen.queryByRole('textbox', { name: 'Roteiro gerado' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    const expected = buildVslScript(VSL_TEMPLATES[0]!, {
      productName: 'Método Seca Rápido',
      price: null,
      niche: 'Saúde',
      tone: 'Casual',
      targetAudience: '',
      mainProblem: 'inchaço',
      solution: '',
      bonuses: '',
    });
    const area = screen.getByRole('textbox', { name: 'Roteiro gerado' }) as HTMLTextAreaElement;
    expect(area.value).toBe(expected);
    expect(area.value).toContain('por apenas R$ XX.');
    expect(await screen.findByText('Roteiro gerado!')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Copiado!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(expected);

    fireEvent.click(screen.getByRole('button', { name: 'Baixar .txt' }));
    expect(downloads.map((d) => [d.name, d.blob.type])).toEqual([
      ['roteiro-vsl-metodo-seca-rapido.txt', 'text/plain;charset=utf-8'],
    ]);
    expect(await readBlobText(downloads[0]!.blob)).toBe(expected);
    expect(stub.calls).toEqual([]);
  });
});
