import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEvent } from '../../../../shared/schemas/admin';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { WebhooksTab } from './webhooks-tab';

const event = (over: Partial<WebhookEvent>): WebhookEvent => ({
  id: 'e1',
  eventType: 'Purchase_Order_Confirmed',
  buyerName: 'Maria Souza',
  buyerEmail: 'maria@example.com',
  planType: 'mentoria-mensal',
  productId: 'prod-anual-1',
  productName: 'Clube Escala - Plano Anual',
  planMapped: false,
  rawData: '{}',
  isTest: false,
  outcome: 'Compra confirmada (Mentoria Mensal); o comprador ainda não tem conta.',
  receivedAt: '2026-11-20T14:03:11.512Z',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('WebhooksTab', () => {
  it('shows the product of every event, flags an unmapped purchase and maps it from the history', async () => {
    const stub = createFetchStub({
      'GET /api/admin/webhook-config': () =>
        json(200, { endpointUrl: 'http://x/api/webhook/lastlink', tokenConfigured: true }),
      'GET /api/admin/webhook-mappings': () => json(200, []),
      'GET /api/admin/webhook-events?limit=50': () =>
        json(200, [
          event({}),
          event({ id: 'e2', productId: 'prod-mensal', productName: 'Mensal', planMapped: true }),
        ]),
      'POST /api/admin/webhook-mappings': () =>
        json(201, {
          id: 'm1',
          productId: 'prod-anual-1',
          offerId: null,
          planType: 'mentoria-semestral',
          createdAt: '2026-11-21T10:00:00.000Z',
          updatedPurchases: 1,
        }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<WebhooksTab />);

    const history = (await screen.findByText('Histórico de eventos')).closest('div')
      ?.parentElement as HTMLElement;
    expect(await within(history).findByText('Clube Escala - Plano Anual')).toBeTruthy();
    expect(within(history).getByText('prod-anual-1')).toBeTruthy();
    expect(within(history).getByText('prod-mensal')).toBeTruthy();
    // Only the purchase no mapping matched is flagged.
    expect(within(history).getAllByText('Produto sem mapeamento')).toHaveLength(1);

    fireEvent.click(within(history).getByRole('button', { name: 'Mapear o produto prod-anual-1' }));
    const productField = screen.getByLabelText('ID do produto') as HTMLInputElement;
    await waitFor(() => expect(productField.value).toBe('prod-anual-1'));
    fireEvent.change(screen.getByLabelText('Plano'), { target: { value: 'mentoria-semestral' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Mapeamento criado com sucesso!')).toBeTruthy();
    expect(
      screen.getByText('1 compra anterior deste produto passou para o plano do mapeamento.'),
    ).toBeTruthy();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      productId: 'prod-anual-1',
      offerId: null,
      planType: 'mentoria-semestral',
    });
  });

  it("shows the latest 50 events and the older ones with 'Carregar mais', from the last one shown", async () => {
    const first = Array.from({ length: 50 }, (_, i) =>
      event({ id: `p1-${i}`, buyerName: `Comprador ${i + 1}`, planMapped: true }),
    );
    const stub = createFetchStub({
      'GET /api/admin/webhook-config': () =>
        json(200, { endpointUrl: 'http://x/api/webhook/lastlink', tokenConfigured: true }),
      'GET /api/admin/webhook-mappings': () => json(200, []),
      'GET /api/admin/webhook-events?limit=50': () => json(200, first),
      'GET /api/admin/webhook-events?limit=50&before=p1-49': () =>
        json(200, [event({ id: 'p2-0', buyerName: 'Comprador Antigo', planMapped: true })]),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<WebhooksTab />);

    const history = (await screen.findByText('Histórico de eventos')).closest('div')
      ?.parentElement as HTMLElement;
    expect(await within(history).findByText('Comprador 50')).toBeTruthy();
    expect(within(history).getByText('50+')).toBeTruthy();
    fireEvent.click(within(history).getByRole('button', { name: 'Carregar mais' }));
    expect(await within(history).findByText('Comprador Antigo')).toBeTruthy();
    // The last page was short: nothing more to load, and the count is exact.
    expect(within(history).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(within(history).getByText('51')).toBeTruthy();
  });

  it("checks a new mapping with the route's schema: each field its message, focus on the first", async () => {
    const stub = createFetchStub({
      'GET /api/admin/webhook-config': () =>
        json(200, { endpointUrl: 'http://x/api/webhook/lastlink', tokenConfigured: true }),
      'GET /api/admin/webhook-mappings': () => json(200, []),
      'GET /api/admin/webhook-events?limit=50': () => json(200, []),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<WebhooksTab />, { url: '/admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('ID do produto é obrigatório')).toBeTruthy();
    expect(screen.getByText('Selecione um plano válido')).toBeTruthy();
    const product = screen.getByLabelText('ID do produto');
    expect(product.getAttribute('aria-invalid')).toBe('true');
    expect(product.getAttribute('aria-describedby')).toBe('mapping-product-erro');
    expect(document.activeElement).toBe(product);
    expect(screen.getByLabelText('ID da oferta (opcional)').getAttribute('aria-invalid')).toBeNull();
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
