import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analysisAnswer } from '../../../../shared/schemas/campaign-analysis';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { OPTIMIZER_STORAGE_KEY } from '../optimizer-data';
import CampaignOptimizerTab, { OPTIMIZER_LOADING } from './campaign-optimizer-tab';

const ANSWER = '**Resumo da campanha**\n- ROAS: 2,50x\n- Escalar: <b>sim</b>';

function stubApi(handler: (body: unknown) => Response | Promise<Response>) {
  const stub = createFetchStub({ 'POST /api/chat': handler as (body: unknown) => Response });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillCampaign() {
  type('Ticket do produto principal (R$)', '97');
  type('Ticket do upsell 1 (R$)', '47');
  type('Conversão do upsell 1 (%)', '30');
  type('Valor gasto (R$)', '1000');
  type('Valor retornado (R$)', '2500');
  type('Vendas do produto principal', '20');
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('CampaignOptimizerTab', () => {
  it('sends the data, shows the loading text, then the chat; Nova Análise returns to the kept form', async () => {
    let release: (r: Response) => void = () => {};
    const stub = stubApi(() => new Promise<Response>((resolve) => (release = resolve)));
    renderWithProviders(<CampaignOptimizerTab />);
    fillCampaign();
    // ROI = (2500 - 1000) / 1000 = 150%.
    expect((screen.getByLabelText('ROI (calculado)') as HTMLInputElement).value).toBe('150%');
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Campanha' }));
    expect(await screen.findByText(OPTIMIZER_LOADING)).toBeTruthy();
    release(json(200, analysisAnswer.parse({ resposta: ANSWER })));

    const conversation = await screen.findByRole('list', { name: 'Conversa com a IA' });
    expect(within(conversation).getByRole('heading', { name: 'Resumo da campanha' })).toBeTruthy();
    expect(within(conversation).getByText('ROAS: 2,50x')).toBeTruthy();
    // Markup in the answer is text, never HTML.
    expect(within(conversation).getByText('Escalar: <b>sim</b>')).toBeTruthy();
    expect(conversation.querySelector('b')).toBeNull();
    expect(within(conversation).getByText(/Ticket do produto principal: R\$\s97,00/)).toBeTruthy();

    const [call] = stub.calls;
    expect(call!.body).toMatchObject({
      dados: {
        ticketPrincipal: 97,
        upsell1Ticket: 47,
        upsell1Conversao: 30,
        upsellsAdicionais: [],
        valorGasto: 1000,
        valorRetornado: 2500,
        vendasPrincipal: 20,
      },
    });
    expect((call!.body as { mensagem: string }).mensagem).toMatch(/- ROI: 150%/);

    fireEvent.click(screen.getByRole('button', { name: 'Nova Análise' }));
    expect((screen.getByLabelText('Valor gasto (R$)') as HTMLInputElement).value).toBe('1.000,00');
    expect(stub.unexpected).toEqual([]);
  });

  it('keeps the data across visits and Limpar Dados clears it', () => {
    stubApi(() => json(500, {}));
    const first = renderWithProviders(<CampaignOptimizerTab />);
    fillCampaign();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar upsell' }));
    type('Ticket do upsell 2 (R$)', '197');
    first.unmount();
    expect(JSON.parse(localStorage.getItem(OPTIMIZER_STORAGE_KEY) ?? '{}')).toMatchObject({
      ticketPrincipal: 97,
      roi: 150,
      upsellsAdicionais: [{ ticket: 197, conversao: null }],
    });

    renderWithProviders(<CampaignOptimizerTab />);
    expect((screen.getByLabelText('Ticket do upsell 2 (R$)') as HTMLInputElement).value).toBe('197,00');
    expect((screen.getByLabelText('Vendas do produto principal') as HTMLInputElement).value).toBe('20');
    fireEvent.click(screen.getByRole('button', { name: 'Remover upsell 2' }));
    expect(screen.queryByLabelText('Ticket do upsell 2 (R$)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar Dados' }));
    expect((screen.getByLabelText('Ticket do produto principal (R$)') as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem(OPTIMIZER_STORAGE_KEY)).toBeNull();
  });

  it('reads Brazilian amounts as the member meant them, whatever the browser language', async () => {
    const stub = stubApi(() => json(200, { resposta: 'ok' }));
    renderWithProviders(<CampaignOptimizerTab />);
    type('Ticket do produto principal (R$)', '97,00');
    type('Ticket do upsell 1 (R$)', 'R$ 47');
    type('Conversão do upsell 1 (%)', '30,5%');
    type('Valor gasto (R$)', '1.000,00');
    type('Valor retornado (R$)', '2.500');
    type('Vendas do produto principal', '20');
    expect((screen.getByLabelText('ROI (calculado)') as HTMLInputElement).value).toBe('150%');
    fireEvent.blur(screen.getByLabelText('Valor retornado (R$)'));
    expect((screen.getByLabelText('Valor retornado (R$)') as HTMLInputElement).value).toBe('2.500,00');
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Campanha' }));
    await waitFor(() => expect(stub.calls).toHaveLength(1));
    const body = stub.calls[0]!.body as { mensagem: string; dados: unknown };
    expect(body.dados).toEqual({
      ticketPrincipal: 97,
      upsell1Ticket: 47,
      upsell1Conversao: 30.5,
      upsellsAdicionais: [],
      valorGasto: 1000,
      valorRetornado: 2500,
      vendasPrincipal: 20,
    });
    expect(body.mensagem).toMatch(/Ticket do produto principal: R\$\s97,00/);
    expect(body.mensagem).toMatch(/Valor gasto: R\$\s1\.000,00/);
  });

  it('refuses US-style text beside the field and does not analyse', async () => {
    const stub = stubApi(() => json(200, { resposta: 'ok' }));
    renderWithProviders(<CampaignOptimizerTab />);
    fillCampaign();
    type('Valor gasto (R$)', '1,000.00');
    fireEvent.blur(screen.getByLabelText('Valor gasto (R$)'));
    expect(screen.getByText('Valor inválido. Use vírgula para os centavos, como 1.234,56.')).toBeTruthy();
    expect((screen.getByLabelText('Valor gasto (R$)') as HTMLInputElement).value).toBe('1,000.00');
    expect((screen.getByLabelText('ROI (calculado)') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Campanha' }));
    expect(
      await screen.findByText(
        'Valor gasto deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.',
        { selector: '[role="alert"]' },
      ),
    ).toBeTruthy();
    expect(stub.calls).toEqual([]);
    // Kept as typed in the draft, so a reload shows it with its message again.
    expect(JSON.parse(localStorage.getItem(OPTIMIZER_STORAGE_KEY) ?? '{}').valorGasto).toBe('1,000.00');
  });

  it('reads a draft saved as text before the number field by the same rule', () => {
    stubApi(() => json(200, {}));
    localStorage.setItem(
      OPTIMIZER_STORAGE_KEY,
      JSON.stringify({
        ticketPrincipal: '97.5',
        valorGasto: '1.000',
        valorRetornado: '2500',
        upsell1Conversao: '1,234.5',
        upsellsAdicionais: [{ id: 'u', ticket: '47', conversao: '' }],
        roi: '999',
      }),
    );
    renderWithProviders(<CampaignOptimizerTab />);
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect(value('Ticket do produto principal (R$)')).toBe('97,50');
    expect(value('Valor gasto (R$)')).toBe('1.000,00');
    expect(value('ROI (calculado)')).toBe('150%');
    expect(value('Ticket do upsell 2 (R$)')).toBe('47,00');
    expect(value('Conversão do upsell 1 (%)')).toBe('1,234.5');
    expect(
      screen.getByText('Percentual inválido. Use vírgula para as casas decimais, como 1,8.'),
    ).toBeTruthy();
  });

  it('shows the messages of missing or incomplete data without calling the server', async () => {
    const stub = stubApi(() => json(200, { resposta: 'x' }));
    renderWithProviders(<CampaignOptimizerTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Campanha' }));
    expect(
      await screen.findByText('Informe o ticket do produto principal.', { selector: '[role="alert"]' }),
    ).toBeTruthy();
    expect(screen.getByText('Informe o valor gasto.', { selector: '[role="alert"]' })).toBeTruthy();
    expect(screen.getByLabelText('Valor gasto (R$)').getAttribute('aria-invalid')).toBe('true');

    fillCampaign();
    type('Conversão do upsell 1 (%)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Campanha' }));
    expect(
      await screen.findByText('Informe o ticket e a conversão do upsell 1.', { selector: '[role="alert"]' }),
    ).toBeTruthy();
    expect(stub.calls).toEqual([]);
  });

  it('asks for both numbers of an added upsell, focuses the first refused field, and clears on change', async () => {
    const stub = stubApi(() => json(200, { resposta: 'x' }));
    renderWithProviders(<CampaignOptimizerTab />);
    fillCampaign();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar upsell' }));
    type('Ticket do upsell 2 (R$)', '197');
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Campanha' }));
    const message = 'Informe o ticket e a conversão do upsell 2.';
    expect(await screen.findByText(message, { selector: '[role="alert"]' })).toBeTruthy();
    // The added upsell's field comes before 'Valor gasto' on the page, though it was registered after it.
    type('Conversão do upsell 2 (%)', '1,8.5');
    type('Valor gasto (R$)', '');
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Campanha' }));
    expect(await screen.findByText('Informe o valor gasto.', { selector: '[role="alert"]' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Conversão do upsell 2 (%)')),
    );
    // Checked on submit: a change takes the messages away until the next one.
    type('Valor gasto (R$)', '1000');
    await waitFor(() => expect(screen.queryByText('Informe o valor gasto.')).toBeNull());
    expect(stub.calls).toEqual([]);
  });

  it('answers a failure with an apology that echoes the data and asks to try again', async () => {
    stubApi(() => json(503, { message: 'Serviço indisponível.' }));
    renderWithProviders(<CampaignOptimizerTab />);
    fillCampaign();
    fireEvent.click(screen.getByRole('button', { name: 'Analisar Campanha' }));
    const conversation = await screen.findByRole('list', { name: 'Conversa com a IA' });
    await waitFor(() => expect(within(conversation).getByText(/Desculpe, ocorreu um problema/)).toBeTruthy());
    expect(within(conversation).getByText(/Serviço indisponível\./)).toBeTruthy();
    expect(within(conversation).getAllByText(/Valor gasto: R\$\s1\.000,00/)).toHaveLength(2);
    expect(
      within(conversation).getByText(/Confira se os dados estão corretos e tente novamente/),
    ).toBeTruthy();
  });
});
