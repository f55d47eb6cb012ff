import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { requiredFields } from '../../../testing/required-fields';
import { makePost } from '../test-posts';
import { PublishPostForm } from './publish-post-form';

afterEach(() => vi.unstubAllGlobals());

function fill() {
  fireEvent.change(screen.getByLabelText('Título'), { target: { value: '  Meu resultado  ' } });
  fireEvent.change(screen.getByLabelText('Descrição'), { target: { value: 'Escalei com X1.' } });
  fireEvent.change(screen.getByLabelText('Nicho'), { target: { value: 'Renda Extra' } });
  fireEvent.change(screen.getByLabelText('Formato'), { target: { value: 'Quiz' } });
  fireEvent.change(screen.getByLabelText('Categoria'), { target: { value: 'X1 WhatsApp' } });
}

describe('PublishPostForm', () => {
  it('asks for every required field with the spec message and sends nothing', async () => {
    const stub = createFetchStub({});
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PublishPostForm onPublished={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByText('PNG, JPG até 10MB')).toBeTruthy();
    // Marked before 'Publicar' is pressed: '*' after each required label, aria-required on its control.
    expect(requiredFields()).toEqual(['Título', 'Descrição', 'Nicho', 'Formato', 'Categoria']);
    expect(screen.getByLabelText('Imagem (opcional)').getAttribute('aria-required')).toBeNull();
    expect(screen.getByText(/Campos marcados com/).textContent).toBe(
      'Campos marcados com * são obrigatórios.',
    );
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Só o título' } });
    fireEvent.change(screen.getByLabelText('Formato'), { target: { value: 'Quiz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findAllByText('Por favor, preencha todos os campos obrigatórios.')).not.toHaveLength(
      0,
    );
    expect(screen.getByLabelText('Descrição').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Título').getAttribute('aria-invalid')).toBeNull();
    // The three choices: each marked on its own (the chosen one is not).
    expect(screen.getByLabelText('Nicho').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Categoria').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Formato').getAttribute('aria-invalid')).toBeNull();
    expect(stub.calls).toEqual([]);
  });

  it('focuses the first missing field and unmarks a field once it is filled', async () => {
    const stub = createFetchStub({});
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PublishPostForm onPublished={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Só o título' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(screen.getByLabelText('Descrição').getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(screen.getByLabelText('Descrição'));
    fireEvent.change(screen.getByLabelText('Nicho'), { target: { value: 'Saúde' } });
    await waitFor(() => expect(screen.getByLabelText('Nicho').getAttribute('aria-invalid')).toBeNull());
    // The message stays until the next 'Publicar'.
    expect(screen.getAllByText('Por favor, preencha todos os campos obrigatórios.')).not.toHaveLength(0);
    expect(stub.calls).toEqual([]);
  });

  it('refuses an image over 10 MB before any upload', async () => {
    const stub = createFetchStub({});
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PublishPostForm onPublished={vi.fn()} onCancel={vi.fn()} />);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Imagem (opcional)'), { target: { files: [big] } });
    expect(await screen.findByText('A imagem deve ter no máximo 10MB')).toBeTruthy();
    expect(stub.calls).toEqual([]);
  });

  it('uploads the image, creates the post with its URL, toasts and returns', async () => {
    const onPublished = vi.fn();
    const stub = createFetchStub({
      'POST /api/uploads/post-image': () =>
        json(201, { url: '/uploads/posts/0123456789abcdef0123456789abcdef.png', kind: 'image' }),
      'POST /api/community/posts': () => json(201, makePost()),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PublishPostForm onPublished={onPublished} onCancel={vi.fn()} />);
    fill();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Imagem (opcional)'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Publicação criada!')).toBeTruthy();
    await waitFor(() => expect(onPublished).toHaveBeenCalled());
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/uploads/post-image',
      'POST /api/community/posts',
    ]);
    expect(stub.calls[0].body).toBeInstanceOf(FormData);
    expect(stub.calls[1].body).toEqual({
      title: 'Meu resultado',
      description: 'Escalei com X1.',
      nicho: 'Renda Extra',
      formato: 'Quiz',
      categoria: 'X1 WhatsApp',
      image: '/uploads/posts/0123456789abcdef0123456789abcdef.png',
    });
  });

  it('shows the server message on failure and stays on the form', async () => {
    const onPublished = vi.fn();
    const stub = createFetchStub({
      'POST /api/community/posts': () =>
        json(400, { message: 'O título deve ter no máximo 200 caracteres.' }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PublishPostForm onPublished={onPublished} onCancel={vi.fn()} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Erro ao criar publicação')).toBeTruthy();
    expect(screen.getAllByText('O título deve ter no máximo 200 caracteres.').length).toBeGreaterThan(0);
    expect(onPublished).not.toHaveBeenCalled();
  });
});
