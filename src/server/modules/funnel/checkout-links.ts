import { readTypedNumber } from '../../../shared/typed-number';

/**
 * The checkout platforms Brazilian info-products sell through, with the URL shapes of their checkout links. A
 * link is a checkout only when its host AND path have the platform's shape: a platform's home page, blog or
 * members' area is not a checkout (precise, not greedy).
 */
export interface CheckoutPlatform {
  /** The name a funnel map shows ('Hotmart'). */
  name: string;
  /** Whether a URL (host lowercased, path as given) is one of this platform's checkout links. */
  matches(url: URL): boolean;
  /** The product (or offer, plan) code where this platform puts it in the URL. */
  productCode(url: URL): string | undefined;
}

const segments = (url: URL) => url.pathname.split('/').filter(Boolean).map(safeDecode);

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const hostIs = (url: URL, ...hosts: string[]) => hosts.includes(url.hostname.toLowerCase());
const hostEndsWith = (url: URL, suffix: string) => {
  const host = url.hostname.toLowerCase();
  return host.endsWith(suffix) && host.length > suffix.length;
};
/** The first path segment when it has the given shape. */
const firstSegment = (shape: RegExp) => (url: URL) => {
  const first = segments(url)[0];
  return first && shape.test(first) ? first : undefined;
};
/** The segment after `marker` when it has the given shape. */
const segmentAfter = (marker: string, shape: RegExp) => (url: URL) => {
  const parts = segments(url);
  const at = parts.findIndex((p) => p.toLowerCase() === marker);
  const code = at >= 0 ? parts[at + 1] : undefined;
  return code && shape.test(code) ? code : undefined;
};
const hasPath = (url: URL) => segments(url).length > 0;

const ALNUM_CODE = /^[A-Za-z0-9_-]{3,64}$/;

// biome-ignore format: one platform per entry reads better
export const CHECKOUT_PLATFORMS: readonly CheckoutPlatform[] = [
  {
    // pay.hotmart.com/X12345678Y?off=abc, go.hotmart.com/X12345678Y?ap=abcd: a letter, 8 digits, a letter.
    name: 'Hotmart',
    matches: (url) => hostIs(url, 'pay.hotmart.com', 'go.hotmart.com') && hasPath(url),
    productCode: firstSegment(/^[A-Z]\d{6,10}[A-Z]?$/i),
  },
  {
    // pay.kiwify.com.br/AbC12dE
    name: 'Kiwify',
    matches: (url) => hostIs(url, 'pay.kiwify.com.br') && hasPath(url),
    productCode: firstSegment(/^[A-Za-z0-9]{4,16}$/),
  },
  {
    // sun.eduzz.com/1234567, chk.eduzz.com/1234567 (newer products: letters and digits)
    name: 'Eduzz',
    matches: (url) => hostIs(url, 'sun.eduzz.com', 'chk.eduzz.com') && hasPath(url),
    productCode: firstSegment(/^[A-Za-z0-9]{3,20}$/),
  },
  {
    // app.monetizze.com.br/checkout/KAB123456
    name: 'Monetizze',
    matches: (url) =>
      hostIs(url, 'app.monetizze.com.br') && segments(url)[0]?.toLowerCase() === 'checkout',
    productCode: segmentAfter('checkout', /^[A-Za-z0-9]{3,20}$/),
  },
  {
    // ev.braip.com/checkout/pla1a2b3c/che4d5e6f (plan, then checkout), checkout.braip.com/..., ev.braip.com/ref?pl=...
    name: 'Braip',
    matches: (url) =>
      (hostIs(url, 'ev.braip.com') && /^(checkout|ref)$/i.test(segments(url)[0] ?? '')) ||
      (hostIs(url, 'checkout.braip.com') && hasPath(url)),
    productCode: (url) =>
      segments(url).find((s) => /^pla[A-Za-z0-9]{3,}$/.test(s)) ??
      (/^pla[A-Za-z0-9]{3,}$/.test(url.searchParams.get('pl') ?? '') ? (url.searchParams.get('pl') ?? undefined) : undefined),
  },
  {
    // checkout.ticto.app/O12AB34CD, payment.ticto.app/O12AB34CD
    name: 'Ticto',
    matches: (url) => hostIs(url, 'checkout.ticto.app', 'payment.ticto.app') && hasPath(url),
    productCode: firstSegment(ALNUM_CODE),
  },
  {
    // go.perfectpay.com.br/PPU38CM0ABC, checkout.perfectpay.com.br/pay/PPU38CP0ABC
    name: 'Perfect Pay',
    matches: (url) => hostIs(url, 'go.perfectpay.com.br', 'checkout.perfectpay.com.br') && hasPath(url),
    productCode: (url) => segments(url).find((s) => /^PP[A-Z0-9]{4,}$/i.test(s)),
  },
  {
    // pay.kirvano.com/0b1c2d3e-4f56-7890-abcd-ef0123456789
    name: 'Kirvano',
    matches: (url) => hostIs(url, 'pay.kirvano.com') && hasPath(url),
    productCode: firstSegment(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|^[A-Za-z0-9]{4,40}$/i),
  },
  {
    // pay.cakto.com.br/abc123x_456789
    name: 'Cakto',
    matches: (url) => hostIs(url, 'pay.cakto.com.br') && hasPath(url),
    productCode: firstSegment(ALNUM_CODE),
  },
  {
    // lastlink.com/p/C1234ABCD/checkout-payment (the /p/ path only: the rest of lastlink.com is not a checkout)
    name: 'Lastlink',
    matches: (url) => hostIs(url, 'lastlink.com', 'www.lastlink.com') && segments(url)[0] === 'p' && segments(url).length > 1,
    productCode: segmentAfter('p', /^[A-Za-z0-9]{3,32}$/),
  },
  {
    // seguro.minhaloja.yampi.com.br/r/ABC123XYZ0, minhaloja.pay.yampi.com.br/r/ABC123XYZ0 (/r/: a purchase link)
    name: 'Yampi',
    matches: (url) =>
      (/^seguro\.[a-z0-9-]+\.yampi\.com\.br$/.test(url.hostname.toLowerCase()) ||
        hostEndsWith(url, '.pay.yampi.com.br')) &&
      hasPath(url),
    productCode: segmentAfter('r', /^[A-Za-z0-9]{4,32}$/),
  },
  {
    // minhaloja.mycartpanda.com/checkout/12345678:1, minhaloja.cartpanda.com/checkout/... (the variant before ':')
    name: 'CartPanda',
    matches: (url) =>
      (hostEndsWith(url, '.cartpanda.com') || hostEndsWith(url, '.mycartpanda.com')) &&
      /^(checkout|checkouts|cart)$/i.test(segments(url)[0] ?? ''),
    productCode: (url) => {
      const code = segments(url)[1]?.split(':')[0];
      return code && /^\d{3,20}$/.test(code) ? code : undefined;
    },
  },
  {
    // minhaloja.myshopify.com/cart/44123456789:1 (variant), .../checkouts/c/abc (a session: no product code)
    name: 'Shopify',
    matches: (url) =>
      hostEndsWith(url, '.myshopify.com') && /^(cart|checkouts?)$/i.test(segments(url)[0] ?? '') && segments(url).length > 1,
    productCode: (url) => {
      if (segments(url)[0]?.toLowerCase() !== 'cart') return undefined;
      const code = segments(url)[1]?.split(':')[0];
      return code && /^\d{3,20}$/.test(code) ? code : undefined;
    },
  },
];

/** The platform (and product code) of a checkout link, or null when the URL is not one. */
export function checkoutOf(url: string): { platform: string; productCode?: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  for (const platform of CHECKOUT_PLATFORMS) {
    if (!platform.matches(parsed)) continue;
    const productCode = platform.productCode(parsed);
    return productCode ? { platform: platform.name, productCode } : { platform: platform.name };
  }
  return null;
}

/**
 * An 'R$' amount: digits with Brazilian marks ('1.297,90', '197,00', '47'); 'US$' and 'AR$' are not reais. A lone
 * dot before two final digits is read as a decimal point ('R$ 19.90'), as the app reads typed amounts.
 */
const AMOUNT = /(?<![A-Za-z])R\$\s*(\d[\d.,]*\d|\d)/g;
/** An amount paid in parts: '12x de R$ 19,70', '12 x R$ 19,70', 'em 12 parcelas de R$ 19,70'. */
const INSTALLMENT_BEFORE = /(?:\d{1,2}\s*x\s*(?:de\s*)?|parcelas?\s+de\s*)$/i;
const INSTALLMENT_AFTER = /^\s*(?:\/\s*m[eê]s|por\s+m[eê]s|mensais)/i;
/** A struck-out price: 'De R$ 497,00 por R$ 197,00' (the 'de' amount when a 'por' amount follows it). */
const FORMER_BEFORE = /(?:^|[^A-Za-zÀ-ÿ])(?:de|era|antes)\s*:?\s*$/i;
const FORMER_AFTER = /^\s*(?:,\s*)?(?:por|agora|hoje)\b/i;

/**
 * The price in a text, in reais. The rule: every 'R$' amount is read; amounts paid in parts ('12x de R$ 19,70',
 * 'R$ 49/mês') and a former price ('De R$ 497 por ...') are set aside; the first amount left is the price. A text
 * with only installments or former prices has no price (undefined): an installment is not what the product costs.
 */
export function priceIn(text: string): number | undefined {
  const capped = text.slice(0, 20_000);
  for (const match of capped.matchAll(AMOUNT)) {
    const start = match.index ?? 0;
    const before = capped.slice(Math.max(0, start - 24), start);
    const after = capped.slice(start + match[0].length, start + match[0].length + 24);
    if (INSTALLMENT_BEFORE.test(before) || INSTALLMENT_AFTER.test(after)) continue;
    if (FORMER_BEFORE.test(before) && FORMER_AFTER.test(after)) continue;
    const amount = readTypedNumber(match[1]!, 'money');
    if (amount.status === 'ok') return amount.value;
  }
  return undefined;
}
