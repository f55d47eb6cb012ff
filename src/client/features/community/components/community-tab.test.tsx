import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { ME, makeComment, makePage, makePost, makeUser, OTHER } from '../test-posts';
import CommunityTab from './community-tab';

afterEach(() => vi.unstubAllGlobals());

const FEED = 'GET /api/community/posts?sort=recent&page=1&pageSize=20';

function stubApi(routes: Parameters<typeof createFetchStub>[0], user = makeUser()) {
  const stub = createFetchStub({ 'GET /api/auth/user': () => json(200, user), ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

describe('CommunityTab', () => {
  it('shows the cards: author, badges, title, a 150-character description with ver mais, safe links', async () => {
    const long = `${'Texto longo '.repeat(15)}fim https://exemplo.com/guia javascript:alert(1)`;
    const stub = stubApi({
      [FEED]: () => json(200, makePage([makePost({ description: long, commentCount: 2 })])),
    });
    renderWithProviders(<CommunityTab />, { url: '/dashboard' });
    expect(screen.getByRole('status', { name: 'Carregando publicações' })).toBeTruthy();
    const card = (await screen.findByRole('article', { name: 'Escalei minha VSL' })) as HTMLElement;
    expect(within(card).getByRole('button', { name: 'Ver perfil de Bruno Lima' })).toBeTruthy();
    expect(within(card).getByText('Emagrecimento')).toBeTruthy();
    expect(within(card).getByText('Marketing Direto')).toBeTruthy();
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).queryByText(/fim/)).toBeNull();
    // Others' posts have no delete control for a member.
    expect(within(card).queryByRole('button', { name: 'Deletar post' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'ver mais' }));
    const link = within(card).getByRole('link', { name: 'https://exemplo.com/guia' });
    expect(link.getAttribute('href')).toBe('https://exemplo.com/guia');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(card).getByText(/javascript:alert\(1\)/)).toBeTruthy();
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: 'ver menos' }));
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).getByRole('button', { name: /Comentários 2/ })).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it('toggles the like with aria-pressed and the count, and rolls back with the spec message on failure', async () => {
    let fail = false;
    const stub = stubApi({
      [FEED]: () => json(200, makePage([makePost()])),
      'POST /api/posts/p1/like': () =>
        fail ? json(500, { message: 'x' }) : json(200, { liked: true, likeCount: 4 }),
    });
    renderWithProviders(<CommunityTab />, { url: '/dashboard' });
    const like = await screen.findByRole('button', { name: 'Curtir post 3' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    const liked = await screen.findByRole('button', { name: 'Descurtir post 4' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');

    fail = true;
    fireEvent.click(liked);
    expect(await screen.findByText('Não foi possível curtir o post. Tente novamente.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descurtir post 4' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(stub.calls.filter((c) => c.path === '/api/posts/p1/like')).toHaveLength(2);
    expect(stub.unexpected).toEqual([]);
  });

  it('sends the filters, Meus Posts and the sort to the server, and shows the empty state', async () => {
    const stub = stubApi({
      [FEED]: () => json(200, makePage([makePost()])),
      'GET /api/community/posts?nicho=Renda+Extra&sort=recent&page=1&pageSize=20': () =>
        json(200, makePage([makePost({ id: 'p2', title: 'Renda extra com X1' })])),
      'GET /api/community/posts?nicho=Renda+Extra&mine=1&sort=recent&page=1&pageSize=20': () =>
        json(200, makePage([makePost({ id: 'p3', title: 'Meu post', userId: ME })])),
      'GET /api/community/posts?nicho=Renda+Extra&mine=1&sort=oldest&page=1&pageSize=20': () =>
        json(200, makePage([])),
      'GET /api/community/posts?search=escala&sort=recent&page=1&pageSize=20': () =>
        json(200, makePage([makePost({ id: 'p4', title: 'Busca' })])),
    });
    renderWithProviders(<CommunityTab />, { url: '/dashboard' });
    await screen.findByText('Escalei minha VSL');
    fireEvent.change(screen.getByRole('combobox', { name: 'Nicho' }), { target: { value: 'Renda Extra' } });
    expect(await screen.findByText('Renda extra com X1')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Publicações' }), { target: { value: 'mine' } });
    const mine = await screen.findByRole('article', { name: 'Meu post' });
    expect(within(mine).getByRole('button', { name: 'Deletar post' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Ordenar por' }), { target: { value: 'oldest' } });
    expect(await screen.findByText('Nenhuma publicação encontrada.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await screen.findByText('Escalei minha VSL');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar publicações' }), {
      target: { value: ' escala ' },
    });
    expect(await screen.findByText('Busca', {}, { timeout: 2000 })).toBeTruthy();
    // The empty state's 'Limpar filtros' also empties the search box.
    const cleared = createFetchStub({
      'GET /api/auth/user': () => json(200, makeUser()),
      'GET /api/community/posts?search=nada&sort=recent&page=1&pageSize=20': () => json(200, makePage([])),
      [FEED]: () => json(200, makePage([makePost()])),
    });
    vi.stubGlobal('fetch', cleared.fetch);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar publicações' }), {
      target: { value: 'nada' },
    });
    await screen.findByText('Nenhuma publicação encontrada.', {}, { timeout: 2000 });
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await screen.findByText('Escalei minha VSL');
    expect((screen.getByRole('searchbox', { name: 'Buscar publicações' }) as HTMLInputElement).value).toBe(
      '',
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(cleared.unexpected).toEqual([]);
    expect(stub.unexpected).toEqual([]);
  });

  it('deletes a post after the spec confirmation; the administrator sees delete on any post', async () => {
    let deleted = false;
    const stub = stubApi(
      {
        [FEED]: () => json(200, makePage(deleted ? [] : [makePost()])),
        'DELETE /api/community/posts/p1': () => {
          deleted = true;
          return json(200, { message: 'O post foi removido com sucesso.' });
        },
      },
      makeUser({ isAdmin: true }),
    );
    renderWithProviders(<CommunityTab />, { url: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Deletar post' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tem certeza que deseja deletar este post?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    expect(await screen.findByText('Post deletado')).toBeTruthy();
    expect(await screen.findByText('Nenhuma publicação encontrada.')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it('opens the comments with replies one level down, comments, replies, likes and deletes a comment', async () => {
    const comments = [
      makeComment({ id: 'c1', content: 'Qual o nicho? veja https://site.com' }),
      makeComment({ id: 'c2', parentId: 'c1', content: 'Emagrecimento.', userId: ME, userName: 'Ana Souza' }),
    ];
    const stub = stubApi({
      [FEED]: () => json(200, makePage([makePost({ commentCount: 2 })])),
      'GET /api/posts/p1/comments': () => json(200, comments),
      'POST /api/posts/p1/comments': (body) => {
        const input = body as { content: string; parentId?: string };
        return json(
          201,
          makeComment({
            id: input.parentId ? 'c4' : 'c3',
            content: input.content,
            parentId: input.parentId ?? null,
            userId: ME,
            userName: 'Ana Souza',
          }),
        );
      },
      'POST /api/comments/c1/like': () => json(200, { liked: true, likeCount: 1 }),
      'DELETE /api/comments/c2': () => json(200, { message: 'Seu comentário foi removido com sucesso' }),
    });
    renderWithProviders(<CommunityTab />, { url: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: /Comentários 2/ }));
    const panel = await screen.findByRole('region', { name: 'Comentários' });
    expect(await within(panel).findByText(/Qual o nicho\?/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'https://site.com' })).toBeTruthy();
    expect(within(panel).queryByText('Emagrecimento.')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Ver respostas (1)' }));
    expect(within(panel).getByText('Emagrecimento.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Ocultar' }));
    expect(within(panel).queryByText('Emagrecimento.')).toBeNull();

    // Empty comment: the spec's rule, no request.
    fireEvent.click(within(panel).getByRole('button', { name: 'Comentar' }));
    expect(await within(panel).findByText('O comentário não pode estar vazio.')).toBeTruthy();

    fireEvent.change(within(panel).getByRole('textbox', { name: 'Escreva um comentário' }), {
      target: { value: 'Parabéns!' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText('Comentário adicionado')).toBeTruthy();
    expect(within(panel).getByText('Parabéns!')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Comentários 3/ })).toBeTruthy();

    fireEvent.click(within(panel).getAllByRole('button', { name: 'Responder' })[0]);
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Responder a Bruno Lima' }), {
      target: { value: 'Obrigado' },
    });
    const replyForm = within(panel).getByRole('textbox', { name: 'Responder a Bruno Lima' }).closest('form');
    fireEvent.submit(replyForm as HTMLFormElement);
    await waitFor(() => expect(within(panel).getByText('Obrigado')).toBeTruthy());
    const replyCall = stub.calls.find(
      (c) => c.method === 'POST' && (c.body as { parentId?: string }).parentId,
    );
    expect(replyCall?.body).toEqual({ content: 'Obrigado', parentId: 'c1' });

    const likeComment = within(panel).getAllByRole('button', { name: 'Curtir comentário 0' })[0];
    fireEvent.click(likeComment);
    expect(await within(panel).findByRole('button', { name: 'Descurtir comentário 1' })).toBeTruthy();

    // Only the viewer's own comments have 'Excluir' (c2 is the reply by ME, c3 and c4 too).
    const reply = within(panel).getByText('Emagrecimento.').closest('li') as HTMLElement;
    fireEvent.click(within(reply).getByRole('button', { name: 'Excluir' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Comentário excluído')).toBeTruthy();
    await waitFor(() => expect(within(panel).queryByText('Emagrecimento.')).toBeNull());
    expect(stub.unexpected).toEqual([]);
  });

  it('opens the author profile modal', async () => {
    const stub = stubApi({
      [FEED]: () => json(200, makePage([makePost()])),
      [`GET /api/user/${OTHER}/profile`]: () =>
        json(200, {
          name: 'Bruno Lima',
          avatar: null,
          uniqueId: 'ESC-0042',
          instagram: 'brunolima',
          totalLikesReceived: 1234,
          memberSince: '2025-03-15T12:00:00.000Z',
        }),
    });
    renderWithProviders(<CommunityTab />, { url: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Ver perfil de Bruno Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Perfil do membro' });
    expect(await within(dialog).findByText('ESC-0042')).toBeTruthy();
    expect(within(dialog).getByText('@brunolima')).toBeTruthy();
    expect(within(dialog).getByText('1.234')).toBeTruthy();
    expect(within(dialog).getByText('março de 2025')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' })[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.unexpected).toEqual([]);
  });

  it('opens the profile modal of a comment author and of a reply author', async () => {
    const CARLA = 'cccccccc-0000-4000-8000-000000000003';
    const profile = (name: string, uniqueId: string) => () =>
      json(200, {
        name,
        avatar: null,
        uniqueId,
        instagram: null,
        totalLikesReceived: 7,
        memberSince: '2026-01-02T12:00:00.000Z',
      });
    const stub = stubApi({
      [FEED]: () => json(200, makePage([makePost({ commentCount: 2 })])),
      'GET /api/posts/p1/comments': () =>
        json(200, [
          makeComment({ id: 'c1', userId: CARLA, userName: 'Carla Dias' }),
          makeComment({ id: 'c2', parentId: 'c1', userId: ME, userName: 'Ana Souza', content: 'Valeu!' }),
        ]),
      [`GET /api/user/${CARLA}/profile`]: profile('Carla Dias', 'ESC-0003'),
      [`GET /api/user/${ME}/profile`]: profile('Ana Souza', 'ESC-0001'),
    });
    renderWithProviders(<CommunityTab />, { url: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: /Comentários 2/ }));
    const panel = await screen.findByRole('region', { name: 'Comentários' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Ver perfil de Carla Dias' }));
    let dialog = await screen.findByRole('dialog', { name: 'Perfil do membro' });
    expect(await within(dialog).findByText('ESC-0003')).toBeTruthy();
    expect(within(dialog).getByText('janeiro de 2026')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' })[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(panel).getByRole('button', { name: 'Ver respostas (1)' }));
    fireEvent.click(await within(panel).findByRole('button', { name: 'Ver perfil de Ana Souza' }));
    dialog = await screen.findByRole('dialog', { name: 'Perfil do membro' });
    expect(await within(dialog).findByText('ESC-0001')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it("'Publicar' remembers the tab in the session and opens /publicar-post", async () => {
    const stub = stubApi({ [FEED]: () => json(200, makePage([])) });
    renderWithProviders(<CommunityTab />, { url: '/dashboard' });
    await screen.findByText('Nenhuma publicação encontrada.');
    fireEvent.click(await screen.findByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Página /publicar-post')).toBeTruthy();
    expect(sessionStorage.getItem('publicar:origem')).toBe('comunidade');
    expect(stub.unexpected).toEqual([]);
  });
});
