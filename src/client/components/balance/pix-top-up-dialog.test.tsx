import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PixCharge } from '../../../shared/schemas/pix';
import { formatBRL } from '../../lib/format';
import { createFetchStub, json, renderWithProviders } from '../../testing/render-with-providers';
import { PixTopUpDialog } from './pix-top-up-dialog';
import { TOP_UP_UNAVAILABLE } from './top-up-unavailable';
import { useBalance } from './use-balance';

const CHARGE: PixCharge = {
  txId: 'TX123abc',
  qrcode:
    '00020101021226580014br.gov.bcb.pix0136pix-teste@clubeescala.invalid520400005303986540550.005802BR6304ABCD',
  qrCodeImageUrl: 'data:image/png;base64,iVBORw0KGgo=',
  amount: 50,
  provider: 'sandbox',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

function stubApi(routes: Parameters<typeof createFetchStub>[0] = {}) {
  let balance = 3;
  const stub = createFetchStub({
    'GET /api/user/balance': () => json(200, { balance, pixTopUp: 'sandbox' }),
    'GET /api/auth/user': () => json(401, { message: 'Não autenticado.' }),
    'POST /api/pix/charge': () => json(201, CHARGE),
    'POST /api/pix/confirm': () => {
      balance = 53;
      return json(200, { amount: 50, balance: 53 });
    },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

/** The dialog as a screen uses it: a balance shown beside it, open until it asks to close. */
function Harness({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  const balance = useBalance();
  return (
    <>
      <p>Saldo atual: {balance.data === undefined ? '...' : formatBRL(balance.data)}</p>
      <p>{open ? 'Modal aberto' : 'Modal fechado'}</p>
      <PixTopUpDialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange?.(next);
          setOpen(next);
        }}
        defaults={{ name: 'Maria Silva', email: 'maria@exemplo.com' }}
      />
    </>
  );
}

let clipboardWrite = vi.fn<(text: string) => Promise<void>>();
function stubClipboard(fail = false) {
  clipboardWrite = vi.fn(async () => {
    if (fail) throw new Error('negado');
  });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: clipboardWrite }, configurable: true });
}

afterEach(() => vi.unstubAllGlobals());

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('CPF'), '529.982.247-25');
}

describe('PixTopUpDialog', () => {
  it('opens on the form: R$ 50,00 by default, name and e-mail prefilled', () => {
    stubApi();
    renderWithProviders(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Adicionar Saldo' })).toBeTruthy();
    expect((screen.getByLabelText('Valor (R$)') as HTMLInputElement).value).toBe('50,00');
    expect((screen.getByLabelText('Nome completo') as HTMLInputElement).value).toBe('Maria Silva');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('maria@exemplo.com');
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('');
  });

  it('in a club without PIX top-up (opened before the balance said so), shows the support instead of the form', async () => {
    const stub = stubApi({ 'GET /api/user/balance': () => json(200, { balance: 3, pixTopUp: 'off' }) });
    renderWithProviders(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Adicionar Saldo' });
    expect(await within(dialog).findByText(TOP_UP_UNAVAILABLE)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Falar com o suporte' }).getAttribute('href')).toBe(
      '/suporte',
    );
    expect(within(dialog).queryByLabelText('Valor (R$)')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Gerar PIX' })).toBeNull();
    expect(stub.calls.some((c) => c.path.startsWith('/api/pix/'))).toBe(false);
  });

  it('shows the spec messages and sends nothing while the form is invalid', async () => {
    const stub = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.clear(screen.getByLabelText('Valor (R$)'));
    await user.type(screen.getByLabelText('Valor (R$)'), '49,99');
    await user.clear(screen.getByLabelText('Nome completo'));
    await user.type(screen.getByLabelText('CPF'), '123.456');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByText('Valor mínimo é R$ 50,00')).toBeTruthy();
    expect(screen.getByText('Nome é obrigatório')).toBeTruthy();
    expect(screen.getByText('CPF deve ter no mínimo 11 dígitos')).toBeTruthy();
    expect(screen.getByText('Email inválido')).toBeTruthy();

    await user.clear(screen.getByLabelText('CPF'));
    await user.type(screen.getByLabelText('CPF'), '111.111.111-11');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByText('CPF inválido')).toBeTruthy();
    await user.clear(screen.getByLabelText('CPF'));
    await user.type(screen.getByLabelText('CPF'), '529.982.247-251');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByText('CPF deve ter exatamente 11 dígitos')).toBeTruthy();
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a US-style amount beside the field and sends nothing; reads the Brazilian one', async () => {
    const stub = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const amount = screen.getByLabelText('Valor (R$)') as HTMLInputElement;
    expect(amount.type).toBe('text');
    await user.clear(amount);
    await user.type(amount, '1,234.56');
    await fillValid(user);
    expect(screen.getByRole('alert').textContent).toBe(
      'Valor inválido. Use vírgula para os centavos, como 1.234,56.',
    );
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(
      await screen.findByText('Valor inválido. Use vírgula para os centavos, como 1.234,56.'),
    ).toBeTruthy();
    expect(amount.value).toBe('1,234.56');
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '75');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByText('PIX gerado com sucesso')).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/pix/charge')?.body).toMatchObject({ amount: 75 });
  });

  it('generates the charge, copies the code, concludes: balance refreshed, success, closes after 2 s', async () => {
    const stub = stubApi();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    // After userEvent.setup(), which installs a clipboard of its own.
    stubClipboard();
    renderWithProviders(<Harness onOpenChange={onOpenChange} />);
    expect(
      await screen.findByText('Saldo atual: R$ 3,00', { normalizer: (s) => s.replace(/\s+/g, ' ') }),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText('Valor (R$)'));
    await user.type(screen.getByLabelText('Valor (R$)'), '1.234,56');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));

    expect(await screen.findByText('PIX gerado com sucesso')).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/pix/charge')?.body).toEqual({
      amount: 1234.56,
      name: 'Maria Silva',
      document: '52998224725',
      email: 'maria@exemplo.com',
    });
    expect(screen.getByText(/Modo de teste: nenhum pagamento real é feito/)).toBeTruthy();
    expect(screen.getByRole('img', { name: /QR Code do PIX/ }).getAttribute('src')).toBe(
      CHARGE.qrCodeImageUrl,
    );
    expect((screen.getByLabelText('Código PIX (copia e cola)') as HTMLTextAreaElement).value).toBe(
      CHARGE.qrcode,
    );

    await user.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(clipboardWrite).toHaveBeenCalledWith(CHARGE.qrcode);
    expect(await screen.findByRole('button', { name: 'Copiado!' })).toBeTruthy();
    // The indicator resets after 2 s.
    expect(await screen.findByRole('button', { name: 'Copiar código' }, { timeout: 4000 })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Concluir' }));
    expect(await screen.findByText('Pagamento confirmado! Saldo atualizado com sucesso')).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/pix/confirm')?.body).toEqual({ txId: CHARGE.txId });
    expect(
      await screen.findByText('Saldo atual: R$ 53,00', { normalizer: (s) => s.replace(/\s+/g, ' ') }),
    ).toBeTruthy();
    expect(screen.getByText('Modal aberto')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Modal fechado')).toBeTruthy(), { timeout: 4000 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(stub.calls.filter((c) => c.path === '/api/user/balance').length).toBeGreaterThanOrEqual(2);
    expect(stub.unexpected).toEqual([]);
  }, 20_000);

  it("'Novo PIX' returns to the form; a Woovi charge has no sandbox notice", async () => {
    stubApi({ 'POST /api/pix/charge': () => json(201, { ...CHARGE, provider: 'woovi' }) });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByRole('button', { name: 'Concluir' })).toBeTruthy();
    expect(screen.queryByText(/Modo de teste/)).toBeNull();
    expect(screen.getByText(/Abra o aplicativo do seu banco/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Novo PIX' }));
    expect(await screen.findByRole('button', { name: 'Gerar PIX' })).toBeTruthy();
    expect((screen.getByLabelText('Valor (R$)') as HTMLInputElement).value).toBe('50,00');
  });

  it('shows the server message when the charge fails, and the confirmation error', async () => {
    stubApi({
      'POST /api/pix/charge': () => json(400, { message: 'CPF inválido' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByText('Erro ao gerar PIX')).toBeTruthy();
    expect(screen.getByText('CPF inválido')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gerar PIX' })).toBeTruthy();
  });

  it('a confirmation refused (not paid yet) keeps the charge on screen with the error', async () => {
    stubApi({
      'POST /api/pix/confirm': () => json(409, { message: 'Pagamento ainda não confirmado.' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    await user.click(await screen.findByRole('button', { name: 'Concluir' }));
    expect(await screen.findByText('Erro ao confirmar pagamento')).toBeTruthy();
    expect(screen.getByText('Pagamento ainda não confirmado.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Concluir' })).toBeTruthy();
    expect(screen.getByText('Modal aberto')).toBeTruthy();
  });

  it('says so when the code cannot be copied', async () => {
    stubApi();
    const user = userEvent.setup();
    stubClipboard(true);
    renderWithProviders(<Harness />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    await user.click(await screen.findByRole('button', { name: 'Copiar código' }));
    expect(await screen.findByText('Erro ao copiar')).toBeTruthy();
    expect(screen.getByText('Não foi possível copiar o código PIX')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copiado!' })).toBeNull();
  });
});
