import { describe, expect, it } from 'vitest';
import { INVALID_LINKS, parseOfferLinks, serializeOfferLinks } from './offer-links';

const none = { criativo: null, biblioteca: null, site: null, anunciante: null };

describe('parseOfferLinks', () => {
  it('reads the canonical JSON text', () => {
    const text = JSON.stringify({
      criativo: 'https://c.example/1',
      biblioteca: 'https://lib.example',
      site: 'https://site.example',
      anunciante: 'https://ads.example',
    });
    expect(parseOfferLinks(text)).toEqual({
      criativo: 'https://c.example/1',
      biblioteca: 'https://lib.example',
      site: 'https://site.example',
      anunciante: 'https://ads.example',
    });
  });

  it('ignores invalid JSON, JSON that is not an object, and empty values', () => {
    expect(parseOfferLinks('{criativo: nope')).toEqual(none);
    expect(parseOfferLinks('["https://a.example"]')).toEqual(none);
    expect(parseOfferLinks('"https://a.example"')).toEqual(none);
    expect(parseOfferLinks('null')).toEqual(none);
    expect(parseOfferLinks('')).toEqual(none);
    expect(parseOfferLinks(null)).toEqual(none);
    expect(parseOfferLinks(undefined)).toEqual(none);
    expect(parseOfferLinks('{"criativo": 42, "site": "   "}')).toEqual(none);
  });

  it('reads the alternate names *Url and *Link', () => {
    expect(
      parseOfferLinks(
        JSON.stringify({
          creativeUrl: 'https://c.example',
          libraryUrl: 'https://l.example',
          siteUrl: 'https://s.example',
          advertiserUrl: 'https://a.example',
        }),
      ),
    ).toEqual({
      criativo: 'https://c.example',
      biblioteca: 'https://l.example',
      site: 'https://s.example',
      anunciante: 'https://a.example',
    });
    expect(
      parseOfferLinks(
        JSON.stringify({
          creativeLink: 'https://c2.example',
          libraryLink: 'https://l2.example',
          siteLink: 'https://s2.example',
          advertiserLink: ' https://a2.example ',
        }),
      ),
    ).toEqual({
      criativo: 'https://c2.example',
      biblioteca: 'https://l2.example',
      site: 'https://s2.example',
      anunciante: 'https://a2.example',
    });
  });

  it('prefers the canonical name when both are present, and falls back past an empty one', () => {
    const text = JSON.stringify({
      site: 'https://canon.example',
      siteUrl: 'https://alt.example',
      criativo: '',
      creativeLink: 'https://c.example',
    });
    expect(parseOfferLinks(text)).toMatchObject({
      site: 'https://canon.example',
      criativo: 'https://c.example',
    });
  });

  it('drops links with a scheme other than http(s), keeps bare domains', () => {
    const text = JSON.stringify({
      criativo: 'javascript:alert(1)',
      biblioteca: 'data:text/html,<b>x</b>',
      site: 'site.example/pagina',
      anunciante: 'HTTPS://ADS.EXAMPLE',
    });
    expect(parseOfferLinks(text)).toEqual({
      criativo: null,
      biblioteca: null,
      site: 'site.example/pagina',
      anunciante: 'HTTPS://ADS.EXAMPLE',
    });
  });
});

describe('serializeOfferLinks', () => {
  it('normalises JSON text and objects to the canonical JSON text', () => {
    const expected = JSON.stringify({
      criativo: 'https://c.example',
      biblioteca: null,
      site: null,
      anunciante: null,
    });
    expect(serializeOfferLinks('{"creativeUrl":"https://c.example","extra":"x"}')).toBe(expected);
    expect(serializeOfferLinks({ criativo: 'https://c.example' })).toBe(expected);
    expect(serializeOfferLinks(undefined)).toBe(JSON.stringify(none));
    expect(serializeOfferLinks('  ')).toBe(JSON.stringify(none));
  });

  it('refuses text that is not a JSON object', () => {
    expect(() => serializeOfferLinks('{nope')).toThrow(INVALID_LINKS);
    expect(() => serializeOfferLinks('[1,2]')).toThrow(INVALID_LINKS);
  });
});
