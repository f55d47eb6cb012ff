import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LiveCall, liveCall, liveCallInput } from '../../../../shared/schemas/live-calls';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import AdminCallsTab from './admin-calls-tab';

const CALL: LiveCall = liveCall.parse({
  id: '7b0f4f4e-8d3f-4a43-9d55-0d7f1c1e2a01',
  title: 'Call de quinta',
  description: 'Escala no Facebook',
  callTime: '20:00',
  callDate: '2026-11-26',
  link: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  status: 'Publicado',
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  locked: false,
  daysLeft: null,
});

function setup(routes: Record<string, (body: unknown) => Response>, list: LiveCall[] = [CALL]) {
  const stub = createFetchStub({ 'GET /api/live-calls': () => json(200, list), ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<AdminCallsTab />, { url: '/admin' });
  return stub;
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const writes = (stub: ReturnType<typeof setup>) => stub.calls.filter((c) => c.method !== 'GET');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("admin 'Calls' tab", () => {
  it("lists 'Calls Existentes' with the status badge, pt-BR date and time", async () => {
    setup({});
    expect(await screen.findByText('Call de quinta')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Calls Existentes' })).toBeTruthy();
    const badge = screen.getByText('Publicado', { selector: 'span' });
    expect(badge.className).toMatch(/green/);
    expect(screen.getByText('quinta-feira, 26/11/2026')).toBeTruthy();
    expect(screen.getByText('20:00')).toBeTruthy();
  });

  it("refuses an incomplete form with 'Campos obrigatórios' and sends nothing", async () => {
    const stub = setup({});
    await screen.findByText('Call de quinta');
    type('Título', 'Só o título');
    fireEvent.click(screen.getByRole('button', { name: 'Criar Call' }));
    expect(await screen.findByText('Campos obrigatórios')).toBeTruthy();
    expect((await screen.findAllByText('Por favor, preencha todos os campos.')).length).toBeGreaterThan(0);
    expect(writes(stub)).toEqual([]);
  });

  it('focuses the first missing field, and its message goes once the fields are filled', async () => {
    const stub = setup({});
    await screen.findByText('Call de quinta');
    type('Título', 'Só o título');
    fireEvent.click(screen.getByRole('button', { name: 'Criar Call' }));
    const message = 'Por favor, preencha todos os campos.';
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(document.activeElement).toBe(screen.getByLabelText('Descrição'));
    // After a refused submit the form is checked as it changes (react-hook-form's re-validation).
    type('Descrição', 'Texto');
    type('Horário', '20:00');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(writes(stub)).toEqual([]);
  });

  it("refuses a link that is not http(s) with the shared rule's message", async () => {
    const stub = setup({});
    await screen.findByText('Call de quinta');
    type('Título', 'Nova');
    type('Descrição', 'Texto');
    type('Horário', '20:00');
    type('Link (opcional)', 'javascript:alert(1)');
    fireEvent.click(screen.getByRole('button', { name: 'Criar Call' }));
    expect(await screen.findByText('O link da call deve ser uma URL válida (http ou https).')).toBeTruthy();
    expect(writes(stub)).toEqual([]);
  });

  it("creates a call (status 'Agendado' by default), toasts 'Call criada' and clears the form", async () => {
    const created = {
      ...CALL,
      id: '7b0f4f4e-8d3f-4a43-9d55-0d7f1c1e2a02',
      title: 'Nova call',
      status: 'Agendado',
    };
    const stub = setup({ 'POST /api/live-calls': () => json(201, created) });
    await screen.findByText('Call de quinta');
    type('Título', '  Nova call ');
    type('Descrição', 'Mentoria');
    type('Horário', '20:00');
    type('Data (opcional)', '2026-12-03');
    fireEvent.click(screen.getByRole('button', { name: 'Criar Call' }));
    expect(await screen.findByText('Call criada')).toBeTruthy();
    const [post] = writes(stub);
    expect(post?.method).toBe('POST');
    expect(liveCallInput.parse(post?.body)).toEqual({
      title: 'Nova call',
      description: 'Mentoria',
      callTime: '20:00',
      callDate: '2026-12-03',
      link: null,
      status: 'Agendado',
    });
    await waitFor(() => expect((screen.getByLabelText('Título') as HTMLInputElement).value).toBe(''));
    // The list and the Dashboard's totalCalls are fetched again.
    await waitFor(() =>
      expect(stub.calls.filter((c) => c.path === '/api/live-calls' && c.method === 'GET').length).toBe(2),
    );
  });

  it("edits a call with PUT and toasts 'Call atualizada'", async () => {
    const stub = setup({
      [`PUT /api/live-calls/${CALL.id}`]: (body) => json(200, { ...CALL, ...(body as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar call Call de quinta' }));
    expect((screen.getByLabelText('Título') as HTMLInputElement).value).toBe('Call de quinta');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('Publicado');
    type('Status', 'Adiada');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Call atualizada')).toBeTruthy();
    expect(writes(stub)[0]).toMatchObject({
      method: 'PUT',
      body: { status: 'Adiada', title: 'Call de quinta' },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Criar Call' })).toBeTruthy());
  });

  it("shows the server message under 'Erro ao criar call'", async () => {
    setup({ 'POST /api/live-calls': () => json(400, { message: 'Status inválido.' }) });
    await screen.findByText('Call de quinta');
    type('Título', 'Nova');
    type('Descrição', 'Texto');
    type('Horário', '21:00');
    fireEvent.click(screen.getByRole('button', { name: 'Criar Call' }));
    expect(await screen.findByText('Erro ao criar call')).toBeTruthy();
    expect(await screen.findByText('Status inválido.')).toBeTruthy();
  });

  it("deletes only after the confirmation and toasts 'Call excluída'", async () => {
    const stub = setup({
      [`DELETE /api/live-calls/${CALL.id}`]: () => json(200, { message: 'Call excluída' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir call Call de quinta' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tem certeza que deseja excluir esta call?')).toBeTruthy();
    expect(writes(stub)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Call excluída')).toBeTruthy();
    expect(writes(stub)).toEqual([{ method: 'DELETE', path: `/api/live-calls/${CALL.id}`, body: undefined }]);
  });

  it("shows 'Erro ao excluir call' when the server refuses", async () => {
    setup({ [`DELETE /api/live-calls/${CALL.id}`]: () => json(404, { message: 'Call não encontrada.' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir call Call de quinta' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Erro ao excluir call')).toBeTruthy();
  });
});
