import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { makeComment, makePage, makePost, makeUser } from '../test-posts';
import CommunityTab from './community-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

const FEED = 'GET /api/community/posts?sort=recent&page=1&pageSize=20';

function stubApi(routes: Parameters<typeof createFetchStub>[0]) {
  const stub = createFetchStub({ 'GET /api/auth/user': () => json(200, makeUser()), ...routes });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

describe("A notice's link (?post=&comment=)", () => {
  it('opens the post above the feed with its comments and the replied comment shown and marked', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const post = makePost({ id: 'p9', title: 'Post da notificação', commentCount: 2 });
    const stub = stubApi({
      [FEED]: () => json(200, makePage([makePost()])),
      'GET /api/community/posts/p9': () => json(200, post),
      'GET /api/posts/p9/comments': () =>
        json(200, [
          makeComment({ id: 'c1', postId: 'p9', content: 'Pergunta' }),
          makeComment({ id: 'c2', postId: 'p9', parentId: 'c1', content: 'A resposta', userName: 'Carla' }),
        ]),
    });
    renderWithProviders(<CommunityTab />, { url: '/dashboard?tab=comunidade&post=p9&comment=c2' });
    const opened = await screen.findByRole('region', { name: 'Publicação aberta' });
    const card = await within(opened).findByRole('article', { name: 'Post da notificação' });
    const reply = await within(card).findByText('A resposta');
    const replyItem = reply.closest('[data-comment-id]');
    expect(replyItem?.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(scrolled).toEqual([replyItem]));
    expect(
      within(card).getByText('Pergunta').closest('[data-comment-id]')?.hasAttribute('aria-current'),
    ).toBe(false);
    // The feed is still below it.
    expect(await screen.findByRole('article', { name: 'Escalei minha VSL' })).toBeTruthy();

    fireEvent.click(within(opened).getByRole('button', { name: 'Ver todas as publicações' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Publicação aberta' })).toBeNull());
    expect(stub.unexpected).toEqual([]);
  });

  it('says so when the post is gone', async () => {
    const stub = stubApi({
      [FEED]: () => json(200, makePage([])),
      'GET /api/community/posts/p404': () => json(404, { message: 'Post não encontrado.' }),
    });
    renderWithProviders(<CommunityTab />, { url: '/dashboard?tab=comunidade&post=p404' });
    expect(await screen.findByText('Esta publicação não existe mais.')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });
});
