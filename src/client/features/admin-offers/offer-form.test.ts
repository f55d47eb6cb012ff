import { describe, expect, it } from 'vitest';
import { advertiserFromLink, editOfferForm, newOfferForm, toOfferInput } from './offer-form';

const base = {
  productTitle: 'Oferta',
  advertiserLink: 'https://www.loja.com.br/produto',
  creativeLink: 'https://c.com',
  libraryLink: 'https://b.com',
  siteLink: 'https://s.com',
  status: 'escalando',
  format: 'VSL',
  language: 'Português',
  niche: 'Hot',
  ads: '12',
  roas: '',
  ticket: '97.5',
};

describe('offer forms', () => {
  it('names the advertiser after its link when left empty and sends the links as JSON text', () => {
    const values = newOfferForm.parse(base);
    const input = toOfferInput(values, { url: '/uploads/creatives/a.mp4', type: 'video' });
    expect(input).toMatchObject({
      advertiser: 'loja.com.br',
      creative: '/uploads/creatives/a.mp4',
      creativeType: 'video',
      ads: 12,
      roas: 0,
      ticket: 97.5,
    });
    expect(JSON.parse(String(input.links))).toEqual({
      criativo: 'https://c.com',
      biblioteca: 'https://b.com',
      site: 'https://s.com',
      anunciante: 'https://www.loja.com.br/produto',
    });
  });

  it('keeps a typed advertiser and sends no creative when none was uploaded', () => {
    const input = toOfferInput(newOfferForm.parse({ ...base, advertiser: 'Loja X' }), null);
    expect(input).toMatchObject({ advertiser: 'Loja X', creative: null, creativeType: 'image' });
    expect(advertiserFromLink('sem-url')).toBe('sem-url');
  });

  it('refuses fractional ads and requires the links on /nova-oferta', () => {
    const result = newOfferForm.safeParse({ ...base, ads: '1.5', siteLink: '' });
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages).toContain('Anúncios deve ser um número inteiro');
    expect(messages).toContain('Link do site é obrigatório');
  });

  it('requires title and advertiser on edit', () => {
    const result = editOfferForm.safeParse({ ...base, productTitle: ' ', advertiser: '' });
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Título é obrigatório', 'Anunciante é obrigatório']));
  });
});
