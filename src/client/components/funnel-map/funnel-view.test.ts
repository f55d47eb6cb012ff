import { describe, expect, it } from 'vitest';
import type { FunnelEntry } from '../../../shared/schemas/funnel';
import {
  displayUrl,
  entryName,
  finalUrlShown,
  funnelSummary,
  groupFunnelEntries,
  statusBadge,
  stepCountLabel,
  toolsByKind,
} from './funnel-view';

const NBSP = '\u00a0';

const entry = (over: Partial<FunnelEntry>): FunnelEntry => ({
  step: 'Outra',
  url: 'https://site.com/x',
  finalUrl: 'https://site.com/x',
  status: 200,
  title: '',
  tools: [],
  ...over,
});

describe('groupFunnelEntries', () => {
  it('orders the steps as the funnel does, keeps each step’s order and leaves empty steps out', () => {
    const a = entry({ step: 'Obrigado', url: 'https://site.com/a' });
    const b = entry({ step: 'Página de vendas / VSL', url: 'https://site.com/b' });
    const c = entry({ step: 'Obrigado', url: 'https://site.com/c' });
    const d = entry({ step: 'Back-redirect', url: 'https://site.com/d' });
    expect(groupFunnelEntries([a, b, c, d])).toEqual([
      { step: 'Página de vendas / VSL', entries: [b] },
      { step: 'Obrigado', entries: [a, c] },
      { step: 'Back-redirect', entries: [d] },
    ]);
    expect(groupFunnelEntries([])).toEqual([]);
  });
});

describe('statusBadge', () => {
  it.each([
    [200, '200', 'primary'],
    [299, '299', 'primary'],
    [300, '300', 'warning'],
    [302, '302', 'warning'],
    [399, '399', 'warning'],
    [400, '400', 'danger'],
    [404, '404', 'danger'],
    [500, '500', 'danger'],
    [599, '599', 'danger'],
    [0, 'Link de checkout', 'info'],
    [101, '101', 'default'],
  ] as const)('%i reads %s (%s)', (status, label, variant) => {
    expect(statusBadge(status)).toEqual({ label, variant });
  });
});

describe('names and addresses', () => {
  it('names a page by its title, else by its path and query', () => {
    expect(entryName({ title: '  Oferta  ', url: 'https://site.com/vsl' })).toBe('Oferta');
    expect(entryName({ title: ' ', url: 'https://site.com/vsl?src=fb' })).toBe('/vsl?src=fb');
    expect(entryName({ title: '', url: 'https://site.com' })).toBe('/');
    expect(entryName({ title: '', url: 'não é um endereço' })).toBe('não é um endereço');
  });

  it('shortens an address only at its ends, so what is shown stays part of it', () => {
    for (const [url, shown] of [
      ['https://www.site.com.br/', 'site.com.br'],
      ['http://site.com/a/b?c=1', 'site.com/a/b?c=1'],
      ['HTTPS://Site.com/x/', 'Site.com/x'],
      ['ftp://site.com/x', 'ftp://site.com/x'],
    ] as const) {
      expect(displayUrl(url)).toBe(shown);
      expect(url).toContain(shown);
    }
  });

  it('says where a page ended only when it moved, whole when shortening would hide the move', () => {
    expect(finalUrlShown({ url: 'https://site.com/a', finalUrl: 'https://site.com/a' })).toBeNull();
    expect(finalUrlShown({ url: 'https://site.com/a', finalUrl: '' })).toBeNull();
    expect(finalUrlShown({ url: 'https://site.com/a', finalUrl: 'https://www.site.com/b' })).toBe(
      'site.com/b',
    );
    expect(finalUrlShown({ url: 'http://site.com/a', finalUrl: 'https://site.com/a' })).toBe(
      'https://site.com/a',
    );
    expect(finalUrlShown({ url: 'https://site.com/a', finalUrl: 'https://site.com/a/' })).toBe(
      'https://site.com/a/',
    );
  });
});

describe('toolsByKind', () => {
  it('groups the tools in kind order with their labels, each name once', () => {
    expect(
      toolsByKind([
        { kind: 'tracking', name: 'Meta Pixel' },
        { kind: 'builder', name: 'WordPress' },
        { kind: 'checkout', name: 'Kiwify' },
        { kind: 'tracking', name: 'UTMify' },
        { kind: 'tracking', name: 'Meta Pixel' },
      ]),
    ).toEqual([
      { kind: 'checkout', label: 'Checkout', names: ['Kiwify'] },
      { kind: 'tracking', label: 'Rastreamento', names: ['Meta Pixel', 'UTMify'] },
      { kind: 'builder', label: 'Construtor de páginas', names: ['WordPress'] },
    ]);
    expect(toolsByKind([])).toEqual([]);
  });
});

describe('counts and summary', () => {
  it('counts a step’s pages, or its links for the checkout step', () => {
    expect(stepCountLabel('Upsell', 1)).toBe('1 página');
    expect(stepCountLabel('Upsell', 3)).toBe('3 páginas');
    expect(stepCountLabel('Checkout', 1)).toBe('1 link');
    expect(stepCountLabel('Checkout', 2)).toBe('2 links');
  });

  it('sums a map up: the steps, the checkout platforms and the price', () => {
    const vsl = entry({ step: 'Página de vendas / VSL' });
    const hotmart = (price?: number) =>
      entry({ step: 'Checkout', status: 0, checkout: { platform: 'Hotmart', productCode: 'K1', price } });
    expect(funnelSummary([vsl, entry({ step: 'Obrigado' }), hotmart(197)])).toBe(
      `3 etapas · checkout Hotmart · R$${NBSP}197,00`,
    );
    // Two links to one price: the price once.
    expect(funnelSummary([vsl, hotmart(197), hotmart(197)])).toBe(
      `2 etapas · checkout Hotmart · R$${NBSP}197,00`,
    );
    expect(funnelSummary([vsl, hotmart(497), hotmart(), hotmart(97)])).toBe(
      `2 etapas · checkout Hotmart · de R$${NBSP}97,00 a R$${NBSP}497,00`,
    );
    const kiwify = entry({ step: 'Checkout', status: 0, checkout: { platform: 'Kiwify' } });
    expect(funnelSummary([vsl, hotmart(), kiwify])).toBe('2 etapas · checkout Hotmart, Kiwify');
    expect(funnelSummary([vsl])).toBe('1 etapa');
    expect(funnelSummary([])).toBe('0 etapas');
  });
});
