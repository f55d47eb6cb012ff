import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CapturedDownload, captureDownloads } from '../../../testing/capture-downloads';
import { createFetchStub } from '../../../testing/render-with-providers';
import CreativeFactoryTab from './creative-factory-tab';

/** jsdom has no canvas: a 2D context that records what is drawn, measuring 0.5 em per character. */
interface Drawn {
  text: string;
  font: string;
  fillStyle: string;
}
let drawn: Drawn[];
let canvasSizes: [number, number][];
let downloads: CapturedDownload[];
let stub: ReturnType<typeof createFetchStub>;

function fakeContext(canvas: HTMLCanvasElement) {
  canvasSizes.push([canvas.width, canvas.height]);
  const ctx = {
    fillStyle: '',
    font: '10px sans-serif',
    textAlign: 'left',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
    fillRect: () => {},
    beginPath: () => {},
    arc: () => {},
    fill: () => {},
    roundRect: () => {},
    measureText: (text: string) => ({
      width: text.length * Number(/(\d+(?:\.\d+)?)px/.exec(ctx.font)?.[1]) * 0.5,
    }),
    fillText: (text: string) => drawn.push({ text, font: ctx.font, fillStyle: ctx.fillStyle }),
  };
  return ctx;
}

beforeEach(() => {
  drawn = [];
  canvasSizes = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return fakeContext(this) as unknown as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
    callback(new Blob(['png'], { type: 'image/png' })),
  );
  downloads = captureDownloads();
  stub = createFetchStub({});
  vi.stubGlobal('fetch', stub.fetch);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderTab() {
  render(
    <>
      <CreativeFactoryTab />
      <Toaster />
    </>,
  );
}

const generateButton = () => screen.getByRole('button', { name: /Gerar Criativo/ });

describe('CreativeFactoryTab', () => {
  it('filters the four templates by category', () => {
    renderTab();
    const names = () =>
      screen.getAllByRole('button', { pressed: false }).filter((b) => b.textContent?.includes(' px.'));
    expect(names()).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Story' }));
    expect(screen.getByRole('button', { name: 'Story' }).getAttribute('aria-pressed')).toBe('true');
    expect(names().map((b) => b.querySelector('.font-semibold')?.textContent)).toEqual([
      'Story do Instagram',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Ads' }));
    expect(names().map((b) => b.querySelector('.font-semibold')?.textContent)).toEqual([
      'Anúncio do Facebook',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Todos' }));
    expect(names()).toHaveLength(4);
  });

  it('starts with the spec defaults and keeps Generate disabled until a template and a name are given', () => {
    renderTab();
    expect((screen.getByLabelText('Cor primária') as HTMLInputElement).value).toBe('#ff0000');
    expect((screen.getByLabelText('Cor secundária') as HTMLInputElement).value).toBe('#000000');
    expect((screen.getByLabelText('Fonte') as HTMLSelectElement).value).toBe('Inter');
    expect((screen.getByLabelText('Tamanho da fonte') as HTMLSelectElement).value).toBe('16');
    expect(generateButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Para gerar, escolha um modelo e dê um nome ao criativo.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Post para Redes Sociais/ }));
    expect(screen.getByText('Para gerar, dê um nome ao criativo.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nome do criativo'), { target: { value: '   ' } });
    expect(generateButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Nome do criativo'), { target: { value: 'Promo' } });
    expect(generateButton()).toHaveProperty('disabled', false);
    expect(screen.queryByText(/^Para gerar/)).toBeNull();
    expect(screen.getByRole('button', { name: /Baixar PNG/ })).toHaveProperty('disabled', true);
  });

  it('draws the member text with the chosen font and colours, previews and downloads the PNG', async () => {
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: /Story do Instagram/ }));
    fireEvent.change(screen.getByLabelText('Nome do criativo'), { target: { value: 'Oferta Relâmpago' } });
    fireEvent.change(screen.getByLabelText('Texto'), { target: { value: 'Frete grátis só hoje' } });
    fireEvent.change(screen.getByLabelText('Cor primária'), { target: { value: '#22c55e' } });
    fireEvent.change(screen.getByLabelText('Cor secundária'), { target: { value: '#ffffff' } });
    fireEvent.change(screen.getByLabelText('Fonte'), { target: { value: 'Montserrat' } });
    fireEvent.change(screen.getByLabelText('Tamanho da fonte'), { target: { value: '20' } });
    fireEvent.click(generateButton());

    const image = await screen.findByRole('img', {
      name: /Story do Instagram com o título "Oferta Relâmpago"/,
    });
    expect(image.getAttribute('alt')).toBe(
      'Story do Instagram com o título "Oferta Relâmpago" e o texto "Frete grátis só hoje".',
    );
    expect(canvasSizes).toEqual([[1080, 1920]]);
    // 20 px on the 400 px layout is 54 px on the 1080 px story; the headline is twice that, bold.
    expect(drawn).toEqual([
      {
        text: 'Oferta Relâmpago',
        font: expect.stringMatching(/^bold 108px "Montserrat"/),
        fillStyle: '#22c55e',
      },
      {
        text: 'Frete grátis só hoje',
        font: expect.stringMatching(/^54px "Montserrat"/),
        fillStyle: '#111111',
      },
    ]);
    expect(await screen.findByText('Criativo gerado!')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Visualizar/ }));
    const dialog = screen.getByRole('dialog', { name: 'Oferta Relâmpago' });
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe(image.getAttribute('alt'));
    fireEvent.keyDown(dialog, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: /Baixar PNG/ }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('oferta-relampago-story-instagram.png');
    expect(downloads[0]?.blob.type).toBe('image/png');

    // A change after generating says the image is out of date.
    fireEvent.change(screen.getByLabelText('Texto'), { target: { value: 'Outro texto' } });
    expect(screen.getByText(/clique em Gerar Criativo para atualizar a imagem/)).toBeTruthy();
    expect(stub.calls).toEqual([]);
  });
});
