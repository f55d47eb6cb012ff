import { describe, expect, it } from 'vitest';
import { CHECKOUT_PLATFORMS, checkoutOf, priceIn } from './checkout-links';

describe('checkoutOf', () => {
  // One real-world shape (at least) per platform, with the product code where the platform puts it.
  const cases: Array<[string, { platform: string; productCode?: string }]> = [
    [
      'https://pay.hotmart.com/X12345678Y?off=abc123&checkoutMode=10',
      { platform: 'Hotmart', productCode: 'X12345678Y' },
    ],
    ['https://go.hotmart.com/K87654321P?ap=1a2b', { platform: 'Hotmart', productCode: 'K87654321P' }],
    ['https://pay.kiwify.com.br/AbC12dE', { platform: 'Kiwify', productCode: 'AbC12dE' }],
    ['https://sun.eduzz.com/1234567', { platform: 'Eduzz', productCode: '1234567' }],
    ['https://chk.eduzz.com/2345678?a=1', { platform: 'Eduzz', productCode: '2345678' }],
    ['https://app.monetizze.com.br/checkout/KAB123456', { platform: 'Monetizze', productCode: 'KAB123456' }],
    ['https://ev.braip.com/checkout/pla1a2b3c/che4d5e6f', { platform: 'Braip', productCode: 'pla1a2b3c' }],
    ['https://ev.braip.com/ref?pl=plaxyz123&ck=che1', { platform: 'Braip', productCode: 'plaxyz123' }],
    ['https://checkout.braip.com/pla9z8y7x', { platform: 'Braip', productCode: 'pla9z8y7x' }],
    ['https://checkout.ticto.app/O12AB34CD', { platform: 'Ticto', productCode: 'O12AB34CD' }],
    ['https://payment.ticto.app/OABC1234', { platform: 'Ticto', productCode: 'OABC1234' }],
    ['https://go.perfectpay.com.br/PPU38CM0ABC', { platform: 'Perfect Pay', productCode: 'PPU38CM0ABC' }],
    [
      'https://checkout.perfectpay.com.br/pay/PPU38CP0XYZ',
      { platform: 'Perfect Pay', productCode: 'PPU38CP0XYZ' },
    ],
    [
      'https://pay.kirvano.com/0b1c2d3e-4f56-7890-abcd-ef0123456789',
      { platform: 'Kirvano', productCode: '0b1c2d3e-4f56-7890-abcd-ef0123456789' },
    ],
    ['https://pay.cakto.com.br/abc123x_456789', { platform: 'Cakto', productCode: 'abc123x_456789' }],
    ['https://lastlink.com/p/C1234ABCD/checkout-payment', { platform: 'Lastlink', productCode: 'C1234ABCD' }],
    ['https://seguro.minhaloja.yampi.com.br/r/ABC123XYZ0', { platform: 'Yampi', productCode: 'ABC123XYZ0' }],
    ['https://minhaloja.pay.yampi.com.br/r/6P5XY3Z8AB', { platform: 'Yampi', productCode: '6P5XY3Z8AB' }],
    [
      'https://minhaloja.mycartpanda.com/checkout/12345678:1',
      { platform: 'CartPanda', productCode: '12345678' },
    ],
    ['https://loja.cartpanda.com/checkouts/abc', { platform: 'CartPanda' }],
    ['https://loja.myshopify.com/cart/44123456789:1', { platform: 'Shopify', productCode: '44123456789' }],
    ['https://loja.myshopify.com/checkouts/c/abc123', { platform: 'Shopify' }],
  ];

  it.each(cases)('%s', (url, expected) => {
    expect(checkoutOf(url)).toEqual(expected);
  });

  it('covers every platform of the table', () => {
    expect(new Set(cases.map(([, c]) => c.platform))).toEqual(new Set(CHECKOUT_PLATFORMS.map((p) => p.name)));
  });

  it('is not greedy: home pages, blogs, members areas and look-alike hosts are not checkouts', () => {
    for (const url of [
      'https://hotmart.com/pt-br/marketplace',
      'https://pay.hotmart.com/',
      'https://consumer.hotmart.com/login',
      'https://kiwify.com.br/blog',
      'https://members.kiwify.com.br/abc',
      'https://pay.kiwify.com.br.evil.example/AbC12dE',
      'https://evilpay.hotmart.com.example/X12345678Y',
      'https://www.eduzz.com/',
      'https://app.monetizze.com.br/login',
      'https://ev.braip.com/',
      'https://lastlink.com/blog/post',
      'https://www.yampi.com.br/',
      'https://loja.myshopify.com/products/camiseta',
      'https://loja.mycartpanda.com/products/x',
      'https://www.youtube.com/watch?v=1',
      'ftp://pay.hotmart.com/X12345678Y',
      'não é url',
    ]) {
      expect(checkoutOf(url), url).toBeNull();
    }
  });

  it('leaves the product code out where the path does not carry one', () => {
    expect(checkoutOf('https://pay.hotmart.com/checkout?x=1')).toEqual({ platform: 'Hotmart' });
  });
});

describe('priceIn', () => {
  it('reads Brazilian amounts', () => {
    expect(priceIn('Apenas R$ 197,00 hoje')).toBe(197);
    expect(priceIn('R$1.297,90 à vista')).toBe(1297.9);
    expect(priceIn('por R$ 47')).toBe(47);
    expect(priceIn('R$\u00a019,90.')).toBe(19.9);
    expect(priceIn('Total: R$ 2.497')).toBe(2497);
  });

  it('prefers the full price over an installment, wherever each is', () => {
    expect(priceIn('12x de R$ 19,70 ou R$ 197,00 à vista')).toBe(197);
    expect(priceIn('R$ 197,00 ou 12x de R$ 19,70')).toBe(197);
    expect(priceIn('em até 12 x R$ 24,63 ou R$ 247,00')).toBe(247);
    expect(priceIn('12 parcelas de R$ 9,74 | R$ 97,00')).toBe(97);
    expect(priceIn('Assinatura R$ 49,90/mês ou R$ 397,00 por ano')).toBe(397);
  });

  it('has no price when only installments are shown (an installment is not what the product costs)', () => {
    expect(priceIn('12x de R$ 19,70')).toBeUndefined();
  });

  it('skips the former price of "de ... por ..."', () => {
    expect(priceIn('De R$ 497,00 por R$ 197,00')).toBe(197);
    expect(priceIn('de R$497 por apenas R$ 97')).toBe(97);
    expect(priceIn('Preço de R$ 297,00')).toBe(297);
  });

  it('reads only reais', () => {
    expect(priceIn('US$ 19,00')).toBeUndefined();
    expect(priceIn('AR$ 5.000')).toBeUndefined();
    expect(priceIn('sem preço')).toBeUndefined();
    expect(priceIn('R$ abc')).toBeUndefined();
    expect(priceIn('US$ 19 o R$ 97,00')).toBe(97);
  });
});
