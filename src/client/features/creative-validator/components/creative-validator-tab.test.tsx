import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analysisAnswer, CREATIVES_EMPTY } from '../../../../shared/schemas/campaign-analysis';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { CREATIVES_STORAGE_KEY } from '../creatives-data';
import CreativeValidatorTab, { VALIDATE_FAILED } from './creative-validator-tab';

function stubApi(handler: () => Response) {
  const stub = createFetchStub({ 'POST /api/validar-criativos': handler });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

const card = (n: number) => screen.getByRole('group', { name: `Criativo ${n}` });
const fill = (n: number, label: string, value: string) =>
  fireEvent.change(within(card(n)).getByLabelText(label), { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('CreativeValidatorTab', () => {
  it('refuses to validate empty cards with the spec message', async () => {
    const stub = stubApi(() => json(200, { resposta: 'x' }));
    renderWithProviders(<CreativeValidatorTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(CREATIVES_EMPTY)).toBeTruthy();
    expect(stub.calls).toEqual([]);
  });

  it('adds and removes cards (one always remains), validates two creatives and shows the result', async () => {
    const stub = stubApi(() =>
      json(
        200,
        analysisAnswer.parse({
          resposta: '**Ranking**\n1. Vídeo: ROAS 2,50x (Escalar)\n2. Imagem: ROAS 0,60x (Cortar)',
        }),
      ),
    );
    renderWithProviders(<CreativeValidatorTab />);
    expect(
      (within(card(1)).getByRole('button', { name: 'Remover criativo 1' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Criativo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Criativo' }));
    expect(screen.getAllByRole('group', { name: /^Criativo \d$/ })).toHaveLength(3);
    fireEvent.click(within(card(3)).getByRole('button', { name: 'Remover criativo 3' }));
    expect(screen.queryByRole('group', { name: 'Criativo 3' })).toBeNull();

    fill(1, 'Nome do criativo', 'Vídeo');
    fill(1, 'Quanto gastou (R$)', '100');
    fill(1, 'Quanto voltou (R$)', '250');
    fill(1, 'CTR (%)', '2');
    fill(2, 'Nome do criativo', 'Imagem');
    fill(2, 'Quanto gastou (R$)', '100');
    fill(2, 'Quanto voltou (R$)', '60');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByText('Validação Concluída')).toBeTruthy();
    expect(screen.getByText('Análise dos criativos finalizada com sucesso')).toBeTruthy();
    const result = screen
      .getByRole('heading', { name: 'Resultado da validação' })
      .closest('div') as HTMLElement;
    expect(within(result).getByText('Vídeo: ROAS 2,50x (Escalar)')).toBeTruthy();
    const body = stub.calls[0]!.body as { mensagem: string; criativos: unknown[] };
    expect(body.criativos).toEqual([
      {
        nome: 'Vídeo',
        quantoGastou: 100,
        quantoVoltou: 250,
        cliques: null,
        ic: null,
        ctr: 2,
        cpm: null,
        cpc: null,
      },
      {
        nome: 'Imagem',
        quantoGastou: 100,
        quantoVoltou: 60,
        cliques: null,
        ic: null,
        ctr: null,
        cpm: null,
        cpc: null,
      },
    ]);
    expect(body.mensagem).toContain('- Vídeo: gastou R$\u00a0100,00, voltou R$\u00a0250,00, CTR 2%');
    expect(stub.unexpected).toEqual([]);
  });

  it('keeps the cards across visits and Limpar Dados clears them', () => {
    stubApi(() => json(200, { resposta: 'x' }));
    const first = renderWithProviders(<CreativeValidatorTab />);
    fill(1, 'Nome do criativo', 'Carrossel');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Criativo' }));
    fill(2, 'CPC (R$)', '0.83');
    first.unmount();
    const stored = JSON.parse(localStorage.getItem(CREATIVES_STORAGE_KEY) ?? '[]');
    expect(stored).toHaveLength(2);
    expect(stored[1]).toMatchObject({ cpc: '0.83' });

    renderWithProviders(<CreativeValidatorTab />);
    expect((within(card(1)).getByLabelText('Nome do criativo') as HTMLInputElement).value).toBe('Carrossel');
    expect((within(card(2)).getByLabelText('CPC (R$)') as HTMLInputElement).value).toBe('0.83');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar Dados' }));
    expect(screen.getAllByRole('group', { name: /^Criativo \d$/ })).toHaveLength(1);
    expect((within(card(1)).getByLabelText('Nome do criativo') as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem(CREATIVES_STORAGE_KEY)).toBeNull();
  });

  it('shows the failure message when the server fails', async () => {
    stubApi(() => json(500, { message: 'Erro interno do servidor' }));
    renderWithProviders(<CreativeValidatorTab />);
    fill(1, 'Quanto gastou (R$)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(VALIDATE_FAILED)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Resultado da validação' })).toBeNull();
  });
});
