import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LiveCall, liveCall } from '../../../../shared/schemas/live-calls';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import LiveCallsTab from './live-calls-tab';

const FEED = 'http://localhost:3000/api/live-calls.ics?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const NEW_FEED = 'http://localhost:3000/api/live-calls.ics?token=BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const MADE_AT = '2026-11-20T15:00:00.000Z';
const DATED_ID = '7b0f4f4e-8d3f-4a43-9d55-0d7f1c1e2a01';
const UNDATED_ID = '7b0f4f4e-8d3f-4a43-9d55-0d7f1c1e2a02';
const POSTPONED_ID = '7b0f4f4e-8d3f-4a43-9d55-0d7f1c1e2a03';

const call = (fields: Partial<LiveCall>): LiveCall =>
  liveCall.parse({
    id: DATED_ID,
    title: 'Call',
    description: 'Descrição',
    callTime: '20:00',
    callDate: null,
    link: null,
    status: 'Agendado',
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    locked: false,
    daysLeft: null,
    ...fields,
  });

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(async () => {});
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(routes: Record<string, (body: unknown) => Response> = {}) {
  const stub = createFetchStub({
    'GET /api/live-calls': () =>
      json(200, [
        call({ id: DATED_ID, title: 'Com data', callDate: '2026-12-03' }),
        call({ id: UNDATED_ID, title: 'Sem data' }),
        call({ id: POSTPONED_ID, title: 'Adiada com data', callDate: '2026-12-10', status: 'Adiada' }),
      ]),
    'GET /api/user/calendar-feed': () => json(200, { url: FEED, createdAt: MADE_AT }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<LiveCallsTab />, { url: '/dashboard' });
  return stub;
}
const openFeed = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Agenda' }));
  return screen.findByRole('dialog', { name: 'Assinar agenda' });
};

describe("the calls tab's calendar", () => {
  it("offers 'Adicionar à agenda' (the call's .ics) on dated calls only, not postponed ones", async () => {
    const stub = setup();
    await screen.findByText('Com data');
    const links = screen.getAllByRole('link', { name: 'Adicionar à agenda' }) as HTMLAnchorElement[];
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(`/api/live-calls/${DATED_ID}.ics`);
    expect(links[0]?.hasAttribute('download')).toBe(true);
    const undatedCard = screen.getByText('Sem data').closest('li') as HTMLElement;
    expect(within(undatedCard).queryByRole('link', { name: 'Adicionar à agenda' })).toBeNull();
    // The feed address is asked for (and its token made) only when the member opens the block.
    expect(stub.calls.map((c) => c.path)).not.toContain('/api/user/calendar-feed');
  });

  it('shows the feed address to copy, a webcal link and the Google Calendar steps', async () => {
    const stub = setup();
    const dialog = await openFeed();
    const input = (await within(dialog).findByRole('textbox', {
      name: 'Endereço da agenda',
    })) as HTMLInputElement;
    expect(input.value).toBe(FEED);
    expect(input.readOnly).toBe(true);
    const webcal = within(dialog).getByRole('link', { name: 'Abrir no app de agenda' }) as HTMLAnchorElement;
    expect(webcal.getAttribute('href')).toBe(FEED.replace('http://', 'webcal://'));
    expect(within(dialog).getByText('Adicionar por URL')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FEED));
    expect(await screen.findByText('Endereço copiado!')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it("'Gerar novo endereço' asks first, then shows the new address", async () => {
    const stub = setup({
      'POST /api/user/calendar-feed/reset': () => json(200, { url: NEW_FEED, createdAt: MADE_AT }),
    });
    const dialog = await openFeed();
    await within(dialog).findByDisplayValue(FEED);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gerar novo endereço' }));
    const confirm = await screen.findByRole('dialog', { name: 'Gerar novo endereço?' });
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Gerar novo endereço' }));
    expect(await screen.findByDisplayValue(NEW_FEED)).toBeTruthy();
    expect(await screen.findByText('Novo endereço gerado')).toBeTruthy();
    expect(stub.calls.filter((c) => c.path === '/api/user/calendar-feed/reset')).toHaveLength(1);
    expect(stub.unexpected).toEqual([]);
  });

  it('once made, the address is not shown again: the member is told when it was made and can make a new one', async () => {
    const stub = setup({
      'GET /api/user/calendar-feed': () => json(200, { url: null, createdAt: MADE_AT }),
      'POST /api/user/calendar-feed/reset': () => json(200, { url: NEW_FEED, createdAt: MADE_AT }),
    });
    const dialog = await openFeed();
    expect(await within(dialog).findByText('20/11/2026')).toBeTruthy();
    expect(within(dialog).getByText(/não guarda o endereço para mostrá-lo de novo/)).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Endereço da agenda' })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Abrir no app de agenda' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gerar novo endereço' }));
    const confirm = await screen.findByRole('dialog', { name: 'Gerar novo endereço?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Gerar novo endereço' }));
    expect(await screen.findByDisplayValue(NEW_FEED)).toBeTruthy();
    expect(screen.getByText(/este endereço não será mostrado de novo/)).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it("says so when the address can't be loaded", async () => {
    setup({ 'GET /api/user/calendar-feed': () => json(500, { message: 'Erro interno do servidor.' }) });
    const dialog = await openFeed();
    expect(await within(dialog).findByText('Erro interno do servidor.')).toBeTruthy();
  });
});
