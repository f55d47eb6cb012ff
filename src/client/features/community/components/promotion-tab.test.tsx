import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { splitDescription } from '../post-text';
import { makePage, makePost, makeUser } from '../test-posts';
import PromotionTab from './promotion-tab';

afterEach(() => vi.unstubAllGlobals());

const OWN = '/uploads/posts/0123456789abcdef0123456789abcdef.png';

describe('PromotionTab', () => {
  it('renders only markers of this app’s stored post images; others are neither fetched nor shown', async () => {
    const description = [
      'Faço sites em 48h.',
      `[IMAGE:${OWN}]`,
      '[IMAGE:https://evil.example/x.png]',
      '[IMAGE:javascript:alert(1)]',
      '[IMAGE:/uploads/posts/../../etc/passwd]',
      '[IMAGE:/uploads/avatars/0123456789abcdef0123456789abcdef.png]',
      '<img src=x onerror=alert(1)> Portfólio: https://meusite.com.br',
    ].join('\n\n');
    const stub = createFetchStub({
      'GET /api/auth/user': () => json(200, makeUser()),
      'GET /api/divulgacao/posts?sort=recent&page=1&pageSize=20': () =>
        json(
          200,
          makePage([
            makePost({ title: 'Sites profissionais', description, nicho: 'Sites', categoria: 'Vendedor' }),
          ]),
        ),
    });
    vi.stubGlobal('fetch', stub.fetch);
    const { container } = renderWithProviders(<PromotionTab />, { url: '/dashboard' });
    const card = (await screen.findByRole('article', { name: 'Sites profissionais' })) as HTMLElement;
    expect(container.querySelectorAll('img')).toHaveLength(0);
    fireEvent.click(within(card).getByRole('button', { name: 'ver mais' }));
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0].getAttribute('src')).toBe(OWN);
    expect(card.textContent).not.toContain('[IMAGE:');
    expect(card.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(within(card).getByRole('link', { name: 'https://meusite.com.br' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Categoria' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Formato' })).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });

  it('filters by type with the promotion paths', async () => {
    const stub = createFetchStub({
      'GET /api/auth/user': () => json(200, makeUser()),
      'GET /api/divulgacao/posts?sort=recent&page=1&pageSize=20': () => json(200, makePage([makePost()])),
      'GET /api/divulgacao/posts?categoria=Cliente&sort=recent&page=1&pageSize=20': () =>
        json(200, makePage([makePost({ id: 'p9', title: 'Procuro editor' })])),
      'POST /api/divulgacao/posts/p9/like': () => json(200, { liked: true, likeCount: 4 }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<PromotionTab />, { url: '/dashboard' });
    await screen.findByText('Escalei minha VSL');
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipo' }), { target: { value: 'Cliente' } });
    await screen.findByText('Procuro editor');
    fireEvent.click(screen.getByRole('button', { name: 'Curtir post 3' }));
    expect(await screen.findByRole('button', { name: 'Descurtir post 4' })).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it('splits markers only for promotion posts, and only under the page’s storage base', () => {
    expect(splitDescription(`a[IMAGE:${OWN}]b`, null)).toEqual([{ type: 'text', value: `a[IMAGE:${OWN}]b` }]);
    expect(splitDescription(`a[IMAGE: ${OWN} ]b`, '/uploads')).toEqual([
      { type: 'text', value: 'a' },
      { type: 'image', url: OWN },
      { type: 'text', value: 'b' },
    ]);
    // STORAGE=s3: the server keeps markers under the S3 public URL; the client shows exactly those.
    const S3 = 'https://cdn.clube.example/midia';
    const s3Image = `${S3}/posts/0123456789abcdef0123456789abcdef.webp`;
    expect(
      splitDescription(`[IMAGE:${s3Image}][IMAGE:${OWN}][IMAGE:https://evil.example/midia/posts/x.png]`, S3),
    ).toEqual([{ type: 'image', url: s3Image }]);
  });

  it('shows an S3-stored inline image when the feed page names that storage', async () => {
    const S3 = 'https://cdn.clube.example/midia';
    const s3Image = `${S3}/posts/0123456789abcdef0123456789abcdef.jpg`;
    const stub = createFetchStub({
      'GET /api/auth/user': () => json(200, makeUser()),
      'GET /api/divulgacao/posts?sort=recent&page=1&pageSize=20': () =>
        json(
          200,
          makePage(
            [
              makePost({
                title: 'Criativos em vídeo',
                description: `Meu portfólio:\n\n[IMAGE:${s3Image}]\n\n[IMAGE:${OWN}]`,
                nicho: 'Criativos',
                categoria: 'Vendedor',
              }),
            ],
            { imageBase: S3 },
          ),
        ),
    });
    vi.stubGlobal('fetch', stub.fetch);
    const { container } = renderWithProviders(<PromotionTab />, { url: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'ver mais' }));
    const images = [...container.querySelectorAll('article img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual([s3Image]);
    expect(stub.unexpected).toEqual([]);
  });
});
