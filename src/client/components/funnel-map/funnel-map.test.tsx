import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FunnelEntry, type FunnelMap, funnelMap } from '../../../shared/schemas/funnel';
import { FunnelMapPanel, FunnelSteps } from './funnel-map';

const SHOT = '/uploads/creatives/0123456789abcdef0123456789abcdef.webp';
const NBSP = '\u00a0';

const vsl: FunnelEntry = {
  step: 'Página de vendas / VSL',
  url: 'https://www.oferta.com.br/',
  finalUrl: 'https://www.oferta.com.br/',
  status: 200,
  title: 'Método Emagrecer 30',
  tools: [
    { kind: 'tracking', name: 'Meta Pixel' },
    { kind: 'player', name: 'ConverteAI / Vturb' },
    { kind: 'tracking', name: 'Google Analytics 4' },
    { kind: 'tracking', name: 'Meta Pixel' },
  ],
  screenshotUrl: SHOT,
};
const checkout: FunnelEntry = {
  step: 'Checkout',
  url: 'https://pay.hotmart.com/K12345678X?off=abc123&checkoutMode=10',
  finalUrl: 'https://pay.hotmart.com/K12345678X?off=abc123&checkoutMode=10',
  status: 0,
  title: '',
  tools: [{ kind: 'checkout', name: 'Hotmart' }],
  checkout: { platform: 'Hotmart', productCode: 'K12345678X', price: 197 },
};
const upsell: FunnelEntry = {
  step: 'Upsell',
  url: 'https://www.oferta.com.br/oferta-especial',
  finalUrl: 'https://www.oferta.com.br/oferta-especial/',
  status: 301,
  title: '',
  tools: [],
};
const thanks: FunnelEntry = {
  step: 'Obrigado',
  url: 'https://www.oferta.com.br/obrigado',
  finalUrl: 'https://www.oferta.com.br/obrigado',
  status: 200,
  title: 'Obrigado pela compra',
  tools: [],
};
const gone: FunnelEntry = {
  step: 'Outra',
  url: 'https://www.oferta.com.br/antiga',
  finalUrl: 'https://www.oferta.com.br/antiga',
  status: 404,
  title: 'Página antiga',
  tools: [],
};
const quiz: FunnelEntry = {
  step: 'Quiz',
  url: 'https://www.oferta.com.br/quiz',
  finalUrl: 'https://www.oferta.com.br/quiz',
  status: 200,
  title: 'Descubra seu tipo',
  tools: [{ kind: 'quiz', name: 'Inlead' }],
};

const stepHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const card = (name: string) =>
  screen.getByRole('heading', { level: 4, name }).closest('article') as HTMLElement;

describe('FunnelSteps', () => {
  it('groups the entries by step in funnel order, each step once with its count, steps without entries left out', () => {
    // Given out of order, with two pages in one step.
    const secondVsl: FunnelEntry = { ...vsl, url: 'https://www.oferta.com.br/vsl', title: 'VSL longa' };
    render(<FunnelSteps entries={[thanks, gone, checkout, vsl, upsell, secondVsl]} />);

    expect(stepHeadings()).toEqual(['Página de vendas / VSL', 'Checkout', 'Upsell', 'Obrigado', 'Outra']);
    expect(screen.queryByRole('heading', { name: 'Quiz' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Downsell' })).toBeNull();

    const vslSection = screen.getByRole('region', { name: 'Página de vendas / VSL' });
    expect(within(vslSection).getByText('2 páginas')).toBeTruthy();
    // Each step's pages are a list, in the order given.
    const items = within(within(vslSection).getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 4 }).textContent)).toEqual([
      'Método Emagrecer 30',
      'VSL longa',
    ]);
    expect(within(screen.getByRole('region', { name: 'Checkout' })).getByText('1 link')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Outra' })).getByText('1 página')).toBeTruthy();
  });

  it('says so when there is nothing to show, with no step heading', () => {
    render(<FunnelSteps entries={[]} />);
    expect(screen.getByText('Nenhuma página de funil encontrada.')).toBeTruthy();
    expect(screen.queryAllByRole('heading')).toHaveLength(0);
  });

  it('shows the screenshot lazily from its resized copies, with its alt text, in a fixed box', () => {
    render(<FunnelSteps entries={[vsl]} />);
    const img = screen.getByRole('img', { name: 'Captura da página Método Emagrecer 30' });
    expect(img.getAttribute('src')).toBe(SHOT);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('srcset')).toContain(SHOT.replace('.webp', '-w320.webp 320w'));
    expect(img.getAttribute('sizes')).toBeTruthy();
    expect(img.parentElement?.className).toContain('aspect-');
  });

  it('falls back to the original, then to the placeholder, when the copies and the original fail', () => {
    render(<FunnelSteps entries={[vsl]} />);
    fireEvent.error(screen.getByRole('img'));
    const original = screen.getByRole('img', { name: 'Captura da página Método Emagrecer 30' });
    expect(original.getAttribute('srcset')).toBeNull();
    fireEvent.error(original);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Sem imagem')).toBeTruthy();
  });

  it("says 'Sem imagem' without a screenshot, 'Capturando imagem…' while pending, no picture box for a checkout link", () => {
    const { rerender } = render(<FunnelSteps entries={[thanks, checkout]} />);
    expect(screen.getAllByText('Sem imagem')).toHaveLength(1);
    expect(screen.queryByText('Capturando imagem…')).toBeNull();

    rerender(<FunnelSteps entries={[thanks, checkout]} pending />);
    expect(within(card('Obrigado pela compra')).getByText('Capturando imagem…')).toBeTruthy();
    expect(within(card('Obrigado pela compra')).queryByText('Sem imagem')).toBeNull();
    // The checkout is another company's site: it is never opened, so its card has no picture box at all.
    const checkoutCard = card('/K12345678X?off=abc123&checkoutMode=10');
    expect(within(checkoutCard).queryByText('Sem imagem')).toBeNull();
    expect(within(checkoutCard).queryByText('Capturando imagem…')).toBeNull();
  });

  it('shows the checkout platform, product code and price in reais', () => {
    render(<FunnelSteps entries={[checkout]} />);
    // No title: the card is named by the link's path.
    const box = card('/K12345678X?off=abc123&checkoutMode=10');
    expect(within(box).getByTestId('checkout-facts').textContent).toBe(
      `Plataforma: Hotmart Código K12345678X Preço: R$${NBSP}197,00`,
    );
    expect(within(box).getByText('Código', { exact: false }).textContent).toBe('Código K12345678X');
    expect(within(box).getByText('Link de checkout')).toBeTruthy();
  });

  it('leaves out the code and price a checkout does not have', () => {
    const bare: FunnelEntry = { ...checkout, checkout: { platform: 'Kiwify' } };
    render(<FunnelSteps entries={[bare]} />);
    expect(screen.getByTestId('checkout-facts').textContent).toBe('Plataforma: Kiwify  ');
    expect(screen.queryByText(/Código/)).toBeNull();
    expect(screen.queryByText(/R\$/)).toBeNull();
  });

  it('shows the status number on a badge coloured by its class', () => {
    const error: FunnelEntry = { ...gone, url: 'https://www.oferta.com.br/erro', title: 'Erro', status: 503 };
    render(<FunnelSteps entries={[vsl, upsell, gone, error, checkout]} />);
    const badge = (name: string, text: string) => within(card(name)).getByTitle(`Status HTTP: ${text}`);
    expect(badge('Método Emagrecer 30', '200').textContent).toBe('Status HTTP 200');
    expect(badge('Método Emagrecer 30', '200').className).toContain('text-green-300');
    expect(badge('/oferta-especial', '301').textContent).toBe('Status HTTP 301');
    expect(badge('/oferta-especial', '301').className).toContain('text-amber-300');
    expect(badge('Página antiga', '404').className).toContain('text-red-300');
    expect(badge('Erro', '503').textContent).toBe('Status HTTP 503');
    expect(badge('Erro', '503').className).toContain('text-red-300');
    const checkoutBadge = within(card('/K12345678X?off=abc123&checkoutMode=10')).getByText(
      'Link de checkout',
    );
    expect(checkoutBadge.className).toContain('text-sky-300');
  });

  it('links the address in a new tab without referrer or follow, shortened on screen and whole in its name', () => {
    render(<FunnelSteps entries={[upsell]} />);
    const link = screen.getByRole('link', {
      name: 'https://www.oferta.com.br/oferta-especial (abre em nova aba)',
    });
    expect(link.getAttribute('href')).toBe(upsell.url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('title')).toBe(upsell.url);
    expect(link.textContent).toBe('oferta.com.br/oferta-especial');
    // It ended elsewhere after its redirect.
    expect(screen.getByText('Termina em')).toBeTruthy();
    // Only a '/' more: shortened, it would read as the address itself, so it is shown whole.
    expect(screen.getByTitle(upsell.finalUrl).textContent).toBe(`Termina em ${upsell.finalUrl}`);
  });

  it('says nothing of where a page ended when it did not move, and never links what is not a web address', () => {
    const odd: FunnelEntry = { ...thanks, url: 'javascript:alert(1)', finalUrl: 'javascript:alert(1)' };
    render(<FunnelSteps entries={[thanks, odd]} />);
    expect(screen.queryByText('Termina em')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('javascript:alert(1)')).toBeTruthy();
  });

  it('lists the tools under their kind, each name once, kinds in their order', () => {
    render(<FunnelSteps entries={[vsl, quiz]} />);
    const vslCard = card('Método Emagrecer 30');
    expect(
      within(vslCard)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Player de vídeo', 'Rastreamento']);
    const [player, tracking] = within(vslCard).getAllByRole('definition');
    expect([...(player as HTMLElement).children].map((chip) => chip.textContent)).toEqual([
      'ConverteAI / Vturb',
    ]);
    expect([...(tracking as HTMLElement).children].map((chip) => chip.textContent)).toEqual([
      'Meta Pixel',
      'Google Analytics 4',
    ]);
    expect(within(card('Descubra seu tipo')).getByRole('term').textContent).toBe('Quiz / chat');
    render(<FunnelSteps entries={[thanks]} />);
    expect(within(card('Obrigado pela compra')).queryByRole('term')).toBeNull();
    expect(within(card('Obrigado pela compra')).getByText('Nenhuma ferramenta identificada.')).toBeTruthy();
  });
});

const map: FunnelMap = funnelMap.parse({
  mappedAt: '2026-11-26T17:25:00.000Z',
  mappedBy: 'Ana Souza',
  domain: 'oferta.com.br',
  screenshotsPending: false,
  funnel: [vsl, quiz, checkout, upsell, thanks],
});

describe('FunnelMapPanel', () => {
  it('heads the map with who made it and when (São Paulo), the domain, a summary and the steps', () => {
    render(<FunnelMapPanel map={map} action={<button type="button">Mapear de novo</button>} />);
    const panel = screen.getByRole('region', { name: 'Funil mapeado' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Funil mapeado');
    expect(
      within(panel).getByText(
        (_, el) => el?.tagName === 'P' && el.textContent === 'Mapeado por Ana Souza em 26/11/2026, 14:25',
      ),
    ).toBeTruthy();
    expect(panel.querySelector('time')?.getAttribute('datetime')).toBe(map.mappedAt);
    expect(within(panel).getByTitle('oferta.com.br').textContent).toBe('oferta.com.br');
    expect(within(panel).getByText('Domínio:')).toBeTruthy();
    expect(within(panel).getByText(/^5 etapas/).textContent).toBe(
      `5 etapas · checkout Hotmart · R$${NBSP}197,00`,
    );
    expect(stepHeadings()).toEqual(['Página de vendas / VSL', 'Quiz', 'Checkout', 'Upsell', 'Obrigado']);
    expect(within(panel).getByRole('button', { name: 'Mapear de novo' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says the pictures are coming while the screenshots are pending', () => {
    render(<FunnelMapPanel map={{ ...map, screenshotsPending: true }} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Capturando as imagens das páginas…/);
    expect(screen.getAllByText('Capturando imagem…')).toHaveLength(3); // quiz, upsell, thanks: not the VSL (has one) nor the checkout
  });

  it('without a map: the heading, the empty text and the action, no steps', () => {
    const { rerender } = render(
      <FunnelMapPanel map={null} action={<button type="button">Mapear funil</button>} />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Funil da oferta');
    expect(screen.getByText('Nenhum funil mapeado ainda.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mapear funil' })).toBeTruthy();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    expect(screen.queryByText(/Mapeado por/)).toBeNull();

    rerender(<FunnelMapPanel map={null} emptyText="Mapeie o funil desta oferta por R$ 1,00." />);
    expect(screen.getByText('Mapeie o funil desta oferta por R$ 1,00.')).toBeTruthy();
  });
});
