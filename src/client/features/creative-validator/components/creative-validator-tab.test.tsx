import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    fill(2, 'CPC (R$)', '0,83');
    first.unmount();
    const stored = JSON.parse(localStorage.getItem(CREATIVES_STORAGE_KEY) ?? '[]');
    expect(stored).toHaveLength(2);
    expect(stored[1]).toMatchObject({ cpc: 0.83, cpm: null });

    renderWithProviders(<CreativeValidatorTab />);
    expect((within(card(1)).getByLabelText('Nome do criativo') as HTMLInputElement).value).toBe('Carrossel');
    expect((within(card(2)).getByLabelText('CPC (R$)') as HTMLInputElement).value).toBe('0,83');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar Dados' }));
    expect(screen.getAllByRole('group', { name: /^Criativo \d$/ })).toHaveLength(1);
    expect((within(card(1)).getByLabelText('Nome do criativo') as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem(CREATIVES_STORAGE_KEY)).toBeNull();
  });

  it('reads "350,00", "1,8" and "0,83" as R$ 350, 1,8% and R$ 0,83 in any browser language', async () => {
    const stub = stubApi(() => json(200, { resposta: 'ok' }));
    renderWithProviders(<CreativeValidatorTab />);
    fill(1, 'Nome do criativo', 'Vídeo');
    fill(1, 'Quanto gastou (R$)', '350,00');
    fill(1, 'Quanto voltou (R$)', '1.050');
    fill(1, 'Cliques', '1.200');
    fill(1, 'IC (inícios de checkout)', '12');
    fill(1, 'CTR (%)', '1,8');
    fill(1, 'CPM (R$)', 'R$ 30');
    fill(1, 'CPC (R$)', '0,83');
    fireEvent.blur(within(card(1)).getByLabelText('Cliques'));
    expect((within(card(1)).getByLabelText('Cliques') as HTMLInputElement).value).toBe('1.200');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Validação Concluída')).toBeTruthy();
    const body = stub.calls[0]!.body as { mensagem: string; criativos: unknown[] };
    expect(body.criativos).toEqual([
      {
        nome: 'Vídeo',
        quantoGastou: 350,
        quantoVoltou: 1050,
        cliques: 1200,
        ic: 12,
        ctr: 1.8,
        cpm: 30,
        cpc: 0.83,
      },
    ]);
    expect(body.mensagem).toContain(
      '- Vídeo: gastou R$\u00a0350,00, voltou R$\u00a01.050,00, 1.200 cliques, IC 12, CTR 1,8%, CPM R$\u00a030,00, CPC R$\u00a00,83',
    );
  });

  it('refuses unreadable text beside the field, keeps it in the draft and validates nothing', async () => {
    const stub = stubApi(() => json(200, { resposta: 'ok' }));
    renderWithProviders(<CreativeValidatorTab />);
    fill(1, 'Quanto gastou (R$)', '1,234.56');
    fireEvent.blur(within(card(1)).getByLabelText('Quanto gastou (R$)'));
    expect(
      within(card(1)).getByText('Valor inválido. Use vírgula para os centavos, como 1.234,56.'),
    ).toBeTruthy();
    fill(1, 'CTR (%)', '1,8.5');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await within(card(1)).findByText(
        'CTR deve ser um número positivo. Use vírgula para as casas decimais, como 1,8.',
      ),
    ).toBeTruthy();
    expect(within(card(1)).getByLabelText('CTR (%)').getAttribute('aria-invalid')).toBe('true');
    expect(stub.calls).toEqual([]);
    expect(JSON.parse(localStorage.getItem(CREATIVES_STORAGE_KEY) ?? '[]')[0]).toMatchObject({
      quantoGastou: '1,234.56',
    });
  });

  it('focuses the first refused field of the second card, and its message goes on the next change', async () => {
    const stub = stubApi(() => json(200, { resposta: 'ok' }));
    renderWithProviders(<CreativeValidatorTab />);
    fill(1, 'Nome do criativo', 'Vídeo 01');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Criativo' }));
    fill(2, 'CTR (%)', '1,8.5');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    const message = 'CTR deve ser um número positivo. Use vírgula para as casas decimais, como 1,8.';
    expect(await within(card(2)).findByText(message)).toBeTruthy();
    expect(document.activeElement).toBe(within(card(2)).getByLabelText('CTR (%)'));
    expect(within(card(1)).queryByText(message)).toBeNull();
    // Checked on submit: a change takes the messages away until the next one.
    fill(2, 'CTR (%)', '1,8');
    await waitFor(() => expect(within(card(2)).queryByText(message)).toBeNull());
    expect(stub.calls).toEqual([]);
  });

  it('reads cards saved as text before the number field by the same rule', () => {
    stubApi(() => json(200, {}));
    localStorage.setItem(
      CREATIVES_STORAGE_KEY,
      JSON.stringify([
        { id: 'a', nome: 'Antigo', quantoGastou: '350.5', cliques: '1.000', ctr: '', cpc: 'barato' },
      ]),
    );
    renderWithProviders(<CreativeValidatorTab />);
    const value = (label: string) => (within(card(1)).getByLabelText(label) as HTMLInputElement).value;
    expect(value('Quanto gastou (R$)')).toBe('350,50');
    expect(value('Cliques')).toBe('1.000');
    expect(value('CTR (%)')).toBe('');
    expect(value('CPC (R$)')).toBe('barato');
    expect(
      within(card(1)).getByText('Valor inválido. Use vírgula para os centavos, como 1.234,56.'),
    ).toBeTruthy();
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
