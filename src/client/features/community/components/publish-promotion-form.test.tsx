import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { requiredFields } from '../../../testing/required-fields';
import { makePost } from '../test-posts';
import { PublishPromotionForm } from './publish-promotion-form';

afterEach(() => vi.unstubAllGlobals());

const URL_A = '/uploads/posts/0123456789abcdef0123456789abcdef.png';

describe('PublishPromotionForm', () => {
  it('requires title, categoria, formato and tipo with the spec message', async () => {
    const stub = createFetchStub({});
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PublishPromotionForm onPublished={vi.fn()} onCancel={vi.fn()} />);
    expect(requiredFields()).toEqual(['Título', 'Categoria', 'Formato', 'Tipo']);
    expect(screen.getByLabelText('Bloco de texto 1').getAttribute('aria-required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findAllByText('Por favor, preencha todos os campos obrigatórios.')).not.toHaveLength(
      0,
    );
    expect(stub.calls).toEqual([]);
  });

  it('joins text blocks with blank lines, inserts uploaded images as markers and returns', async () => {
    const onPublished = vi.fn();
    const stub = createFetchStub({
      'POST /api/uploads/post-image': () => json(201, { url: URL_A, kind: 'image' }),
      'POST /api/divulgacao/posts': () => json(201, makePost()),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PublishPromotionForm onPublished={onPublished} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Edição de vídeo' } });
    fireEvent.change(screen.getByLabelText('Categoria'), { target: { value: 'Edição de Vídeo' } });
    fireEvent.change(screen.getByLabelText('Formato'), { target: { value: 'Vídeo' } });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'Vendedor' } });
    fireEvent.change(screen.getByLabelText('Bloco de texto 1'), { target: { value: 'Edito seus vídeos. ' } });
    const file = new File([new Uint8Array([0x89, 0x50])], 'a.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Inserir imagem (PNG, JPG até 10MB)'), {
      target: { files: [file] },
    });
    expect(await screen.findByAltText('Imagem inserida 2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Bloco de texto 3'), { target: { value: 'Chame no direct.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Post publicado!')).toBeTruthy();
    await waitFor(() => expect(onPublished).toHaveBeenCalled());
    expect(stub.calls[1].body).toEqual({
      title: 'Edição de vídeo',
      description: `Edito seus vídeos.\n\n[IMAGE:${URL_A}]\n\nChame no direct.`,
      nicho: 'Edição de Vídeo',
      formato: 'Vídeo',
      categoria: 'Vendedor',
      image: null,
    });
  });

  it('shows the spec error toast when publishing fails', async () => {
    const stub = createFetchStub({ 'POST /api/divulgacao/posts': () => json(500, { message: 'x' }) });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PublishPromotionForm onPublished={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'T' } });
    fireEvent.change(screen.getByLabelText('Categoria'), { target: { value: 'Sites' } });
    fireEvent.change(screen.getByLabelText('Formato'), { target: { value: 'Link' } });
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'Cliente' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Erro ao publicar')).toBeTruthy();
    expect(screen.getByText('Não foi possível publicar o post. Tente novamente.')).toBeTruthy();
  });
});
