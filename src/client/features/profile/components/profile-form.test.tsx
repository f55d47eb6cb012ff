import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../shared/schemas/auth';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { ProfileForm } from './profile-form';

const user: CurrentUser = {
  id: 'u1',
  name: 'Maria Silva',
  email: 'maria@exemplo.com',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLogin: null,
  planType: 'Mentoria Mensal',
  uniqueId: '482913',
  status: 'Ativo',
  emailVerified: true,
  isAdmin: false,
  balance: 0,
  points: 0,
};

function stubApi() {
  const stub = createFetchStub({
    'GET /api/user/profile': () => json(200, { instagram: 'antigo', avatar: null }),
    'GET /api/user/likes': () => json(200, { likes: 3 }),
    'POST /api/user/avatar': () => json(201, { url: '/uploads/avatars/abc.png' }),
    'PUT /api/user/profile': () => json(200, { instagram: 'novo', avatar: '/uploads/avatars/abc.png' }),
    'GET /api/auth/user': () => json(200, user),
  });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

const chooseFile = (file: File) =>
  fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [file] } });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ProfileForm', () => {
  it('shows the read-only data and the likes total', async () => {
    stubApi();
    renderWithProviders(<ProfileForm user={user} />);
    expect(screen.getByText('Maria Silva')).toBeTruthy();
    expect(screen.getByText('482913')).toBeTruthy();
    expect(screen.getByText('Carregando...')).toBeTruthy();
    expect(await screen.findByText('3 curtida(s)')).toBeTruthy();
    expect(await screen.findByDisplayValue('antigo')).toBeTruthy();
  });

  it('uploads the new avatar on save and sends the handle without @', async () => {
    const stub = stubApi();
    renderWithProviders(<ProfileForm user={user} />);
    const instagram = await screen.findByDisplayValue('antigo');
    fireEvent.change(instagram, { target: { value: '@novo' } });
    chooseFile(new File([new Uint8Array([137, 80, 78, 71])], 'foto.png', { type: 'image/png' }));
    expect(stub.calls.some((c) => c.path === '/api/user/avatar')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Informações' }));
    expect(await screen.findByText('Perfil atualizado com sucesso!')).toBeTruthy();
    const order = stub.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual(['POST /api/user/avatar', 'PUT /api/user/profile']);
    const put = stub.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ instagram: 'novo', avatar: '/uploads/avatars/abc.png' });
    expect(stub.unexpected).toEqual([]);
  });

  it('sends no avatar when none was chosen', async () => {
    const stub = stubApi();
    renderWithProviders(<ProfileForm user={user} />);
    await screen.findByDisplayValue('antigo');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Informações' }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({ instagram: 'antigo' });
  });

  it('refuses a non-image and an image over 5MB before any upload', async () => {
    const stub = stubApi();
    renderWithProviders(<ProfileForm user={user} />);
    await screen.findByDisplayValue('antigo');
    chooseFile(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Por favor, selecione uma imagem válida')).toBeTruthy();
    chooseFile(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' }));
    expect(await screen.findByText('A imagem deve ter menos de 5MB')).toBeTruthy();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's message when saving fails", async () => {
    const stub = createFetchStub({
      'GET /api/user/profile': () => json(200, { instagram: null, avatar: null }),
      'GET /api/user/likes': () => json(200, { likes: 0 }),
      'PUT /api/user/profile': () => json(400, { message: 'Use apenas letras.' }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<ProfileForm user={user} />);
    expect(await screen.findByText('0 curtida(s)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Informações' }));
    expect(await screen.findByText('Use apenas letras.')).toBeTruthy();
  });

  it('refuses a handle the route refuses, and clears the message once the handle is fixed', async () => {
    const stub = stubApi();
    renderWithProviders(<ProfileForm user={user} />);
    const instagram = await screen.findByDisplayValue('antigo');
    fireEvent.change(instagram, { target: { value: 'com espaço' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Informações' }));
    const message = 'Use apenas letras, números, ponto e sublinhado no Instagram.';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(instagram.getAttribute('aria-invalid')).toBe('true');
    expect(instagram.getAttribute('aria-describedby')).toBe('instagram-erro');
    expect(document.activeElement).toBe(instagram);
    expect(stub.calls.some((c) => c.method === 'PUT')).toBe(false);
    // After a refused save the field is checked as it changes (react-hook-form's re-validation).
    fireEvent.change(instagram, { target: { value: 'comespaco' } });
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    expect(instagram.getAttribute('aria-invalid')).toBeNull();
  });
});
