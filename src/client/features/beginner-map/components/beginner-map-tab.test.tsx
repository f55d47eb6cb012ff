import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BeginnerMapTab from './beginner-map-tab';

let fetchSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchSpy = vi.fn();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

describe('BeginnerMapTab', () => {
  it('shows the six steps, all not completed, and the four cards', () => {
    render(<BeginnerMapTab />);
    const steps = screen.getAllByRole('listitem').filter((li) => li.textContent?.includes('Não concluído'));
    expect(steps).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'Passo 4: Participe das calls ao vivo' })).toBeTruthy();
    for (const [title, count] of [
      ['Tráfego Pago', '13 aulas'],
      ['Clonagem de Páginas', '4 itens'],
      ['Como usar o Clube', '12 itens'],
      ['Criando sua conta nas plataformas', '3 ferramentas parceiras'],
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByText(count)).toBeTruthy();
    }
    expect(screen.getAllByRole('button', { name: /\(assistir ao vídeo\)$/ })).toHaveLength(13 + 4 + 12 + 3);
  });

  it('opens a topic in the modal with the player, and Concluído closes it', () => {
    render(<BeginnerMapTab />);
    fireEvent.click(screen.getByRole('button', { name: /^Lendo as métricas/ }));
    const dialog = screen.getByRole('dialog', { name: 'Lendo as métricas' });
    expect(within(dialog).getByText(/CTR, CPC, CPM, CPA e ROAS/)).toBeTruthy();
    const frame = within(dialog).getByTitle('Vídeo: Lendo as métricas') as HTMLIFrameElement;
    expect(frame.src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/.+\?autoplay=1&rel=0$/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Concluído' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The steps stay not completed (spec 02 §4).
    expect(screen.getAllByText('Não concluído')).toHaveLength(6);
  });

  it('closes the modal on Escape', () => {
    render(<BeginnerMapTab />);
    fireEvent.click(screen.getByRole('button', { name: /^Clonador de Sites/ }));
    const dialog = screen.getByRole('dialog', { name: 'Clonador de Sites' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
