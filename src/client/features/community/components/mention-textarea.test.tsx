import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { ME, makeComment, makePage, makePost, makeUser } from '../test-posts';
import { toMentionMarkup } from '../use-mentions';
import { CommentForm } from './comment-form';
import CommunityTab from './community-tab';
import { mentionQueryAt } from './mention-textarea';

afterEach(() => vi.unstubAllGlobals());

const JOAO = '11111111-0000-4000-8000-000000000011';
const JOANA = '22222222-0000-4000-8000-000000000022';
const MEMBERS = {
  members: [
    { id: JOAO, name: 'João Ávila', avatarUrl: '/uploads/avatars/joao.png' },
    { id: JOANA, name: 'Maria Joana' },
  ],
};

function renderCommentForm(routes: Parameters<typeof createFetchStub>[0] = {}) {
  const stub = createFetchStub({
    'GET /api/community/members?query=jo': () => json(200, MEMBERS),
    // The caret after a picked name still reads as a mention being typed.
    'GET /api/community/members?query=Jo%C3%A3o%20%C3%81vila': () =>
      json(200, { members: MEMBERS.members.slice(0, 1) }),
    'POST /api/posts/p1/comments': () => json(201, makeComment({ id: 'c9' })),
    'GET /api/posts/p1/comments': () => json(200, []),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(
    <CommentForm
      kind="community"
      postId="p1"
      viewer={{ id: ME, isAdmin: false }}
      label="Escreva um comentário"
    />,
  );
  return { stub, field: screen.getByLabelText('Escreva um comentário') as HTMLTextAreaElement };
}

function type(field: HTMLTextAreaElement, value: string) {
  field.focus();
  fireEvent.change(field, { target: { value } });
}

describe('the @mention picker', () => {
  it('offers members after @ and letters, moves with the arrows, picks with Enter and sends the markup', async () => {
    const { stub, field } = renderCommentForm();
    type(field, 'Valeu @jo');
    const list = await screen.findByRole('listbox', { name: 'Mencionar membro' });
    const options = within(list).getAllByRole('option');
    // João's photo, Maria's initial, then the name.
    expect(options.map((o) => o.textContent)).toEqual(['João Ávila', 'MMaria Joana']);
    expect(field.getAttribute('aria-controls')).toBe(list.id);
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    fireEvent.keyDown(field, { key: 'Enter' });

    // The member reads the name, never the markup.
    expect(field.value).toBe('Valeu @João Ávila ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.change(field, { target: { value: 'Valeu @João Ávila e @Maria, até' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comentar' }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    // Only the picked name becomes markup: "@Maria" was typed, not picked.
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      content: `Valeu @[João Ávila](${JOAO}) e @Maria, até`,
    });
    expect(stub.unexpected).toEqual([]);
  });

  it('picks with a click (mouse or touch) and with Tab, and keeps a picked name removed from the text out', async () => {
    const { stub, field } = renderCommentForm();
    type(field, '@jo');
    const second = await screen.findByRole('option', { name: /Maria Joana/ });
    fireEvent.mouseDown(second);
    fireEvent.click(second);
    expect(field.value).toBe('@Maria Joana ');

    type(field, '@Maria Joana oi @jo');
    await screen.findByRole('listbox');
    fireEvent.keyDown(field, { key: 'Tab' });
    expect(field.value).toBe('@Maria Joana oi @João Ávila ');
    // The member deletes the first mention: it is not sent.
    fireEvent.change(field, { target: { value: 'oi @João Ávila' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comentar' }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      content: `oi @[João Ávila](${JOAO})`,
    });
  });

  it('closes with Escape, and Enter then types a new line as usual', async () => {
    const { stub, field } = renderCommentForm();
    type(field, 'oi @jo');
    await screen.findByRole('listbox');
    const escaped = fireEvent.keyDown(field, { key: 'Escape' });
    expect(escaped).toBe(false); // handled: a dialog around it stays open
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(fireEvent.keyDown(field, { key: 'Enter' })).toBe(true);
    expect(field.value).toBe('oi @jo');
    expect(stub.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks once the typing rests, and never for a bare @ or an e-mail', async () => {
    const { stub, field } = renderCommentForm({
      'GET /api/community/members?query=joa': () => json(200, { members: [MEMBERS.members[0]] }),
    });
    type(field, 'ana@jo');
    type(field, '@ ');
    type(field, '@j');
    type(field, '@jo');
    type(field, '@joa');
    expect(await screen.findByRole('option', { name: /João Ávila/ })).toBeTruthy();
    expect(stub.calls.map((c) => c.path)).toEqual(['/api/community/members?query=joa']);
  });
});

describe('mentionQueryAt and toMentionMarkup', () => {
  it('reads the name typed before the caret: after a space or the start, at most two words', () => {
    expect(mentionQueryAt('oi @Jo', 6)).toEqual({ start: 3, text: 'Jo' });
    expect(mentionQueryAt('@João Á', 7)).toEqual({ start: 0, text: 'João Á' });
    expect(mentionQueryAt('@João Ávila disse', 17)).toBeNull();
    expect(mentionQueryAt('a@jo', 4)).toBeNull();
    expect(mentionQueryAt('@jo ', 4)).toBeNull();
    expect(mentionQueryAt('@1a', 3)).toBeNull();
  });

  it('converts the longest picked name first and only whole names', () => {
    const picked = [
      { name: 'Ana', userId: JOAO },
      { name: 'Ana Souza', userId: JOANA },
    ];
    expect(toMentionMarkup('@Ana Souza e @Ana, não @Anabela', picked)).toBe(
      `@[Ana Souza](${JOANA}) e @[Ana](${JOAO}), não @Anabela`,
    );
  });
});

describe('a mention in a post or a comment', () => {
  it('renders as "@Name" opening that member’s profile, never the markup', async () => {
    const post = makePost({
      description: `Fale com @[João Ávila](${JOAO}) sobre isso`,
      commentCount: 1,
      mentions: { [JOAO]: 'João Ávila' },
    });
    const stub = createFetchStub({
      'GET /api/auth/user': () => json(200, makeUser()),
      'GET /api/community/posts?sort=recent&page=1&pageSize=20': () => json(200, makePage([post])),
      'GET /api/posts/p1/comments': () =>
        json(200, [
          makeComment({
            content: `Obrigado @[Maria Joana](${JOANA})!`,
            mentions: { [JOANA]: 'Maria Joana' },
          }),
        ]),
      [`GET /api/user/${JOAO}/profile`]: () =>
        json(200, {
          name: 'João Ávila',
          avatar: null,
          uniqueId: '123456',
          instagram: null,
          totalLikesReceived: 4,
          memberSince: '2026-01-10T12:00:00.000Z',
        }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<CommunityTab />, { url: '/dashboard?tab=comunidade' });
    const card = await screen.findByRole('article', { name: 'Escalei minha VSL' });
    expect(card.textContent).not.toContain(JOAO);
    expect(within(card).getByText(/Fale com/).parentElement?.textContent).toBe(
      'Fale com @João Ávila sobre isso',
    );

    fireEvent.click(within(card).getByRole('button', { name: '@João Ávila' }));
    const dialog = await screen.findByRole('dialog', { name: 'Perfil do membro' });
    expect(await within(dialog).findByText('123456')).toBeTruthy();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(card).getByRole('button', { name: /Comentários/ }));
    expect(await within(card).findByRole('button', { name: '@Maria Joana' })).toBeTruthy();
    expect(card.textContent).not.toContain(JOANA);
    expect(stub.unexpected).toEqual([]);
  });

  it("shows the member's current name from the answer, never the brackets' text; a non-member id is plain text", async () => {
    const NOBODY = 'cccccccc-0000-4000-8000-000000000003';
    const post = makePost({
      title: `Aviso do @[Suporte oficial](${JOAO})`,
      description: `Pague aqui, diz @[Suporte oficial](${NOBODY}).`,
      commentCount: 1,
      // The server read the names by id: JOAO is João Ávila; NOBODY is no member.
      mentions: { [JOAO]: 'João Ávila' },
    });
    const stub = createFetchStub({
      'GET /api/auth/user': () => json(200, makeUser()),
      'GET /api/community/posts?sort=recent&page=1&pageSize=20': () => json(200, makePage([post])),
      'GET /api/posts/p1/comments': () =>
        json(200, [makeComment({ content: `Oi @[Administração](${JOANA}) e @[Equipe](${NOBODY})` })]),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<CommunityTab />, { url: '/dashboard?tab=comunidade' });
    const card = await screen.findByRole('article', { name: 'Aviso do @João Ávila' });
    expect(within(card).getByRole('button', { name: '@João Ávila' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Suporte oficial/ })).toBeNull();
    expect(within(card).getByText(/Pague aqui/).textContent).toBe('Pague aqui, diz @Suporte oficial.');

    fireEvent.click(within(card).getByRole('button', { name: /Comentários/ }));
    const comment = await within(card).findByText(/^Oi /);
    // The comment's answer names no member: both are plain text.
    expect(comment.textContent).toBe('Oi @Administração e @Equipe');
    expect(within(comment).queryAllByRole('button')).toEqual([]);
    expect(card.textContent).not.toContain(JOANA);
    expect(card.textContent).not.toContain(NOBODY);
    expect(stub.unexpected).toEqual([]);
  });
});
