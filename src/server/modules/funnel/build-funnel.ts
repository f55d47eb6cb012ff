import { FUNNEL_STEPS, type FunnelCheckout, type FunnelEntry } from '../../../shared/schemas/funnel';
import { checkoutOf, priceIn } from './checkout-links';
import { classifyStep } from './funnel-steps';
import { type PageFacts, readPage } from './page-reader';
import { detectTools } from './page-tools';

/** One page a scan found (or read one hop further): html is null when it was not HTML or not read. */
export interface FoundPage {
  url: string;
  finalUrl: string;
  status: number;
  html: string | null;
}

const parseUrl = (value: string, base?: URL): URL | undefined => {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
};

/** The same page however it is written: no fragment, host lowercase (URL does it), no trailing '/' but the root's. */
function pageKey(url: URL, withQuery = true): string {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${url.protocol}//${url.host}${path || '/'}${withQuery ? url.search : ''}`;
}

const keyOf = (value: string, base?: URL) => {
  const url = parseUrl(value, base);
  return url ? pageKey(url) : value;
};

/** Reads a page's HTML (a page with none has no facts). */
function factsOf(page: FoundPage, fallback: URL): PageFacts | undefined {
  if (page.html === null) return undefined;
  const base = parseUrl(page.finalUrl) ?? parseUrl(page.url) ?? fallback;
  return readPage(page.html, base);
}

interface CheckoutFound {
  url: string;
  title: string;
  checkout: FunnelCheckout;
}

/** The key two links to one checkout share: platform and product code, else the link without its fragment. */
function checkoutKey(url: string, found: { platform: string; productCode?: string }): string {
  return `${found.platform}:${found.productCode ?? keyOf(url)}`;
}

/**
 * The funnel of a scanned site: one entry per found page (the scanned page included), with its step, title and
 * tools; one 'Checkout' entry per distinct checkout link on any page (platform, product code, and the 'R$' price in
 * the link's text, else in its context); a page that ends on a checkout host is itself a 'Checkout'. Every page
 * given is an entry (the scan decides what was found). Entries in FUNNEL_STEPS order, then by URL.
 *
 * The scanned page is classified like the others: with no word placing it (the usual landing page at '/'), it is
 * the sales page / VSL when it links to a checkout or plays a video, else 'Outra' (see classifyStep).
 */
export function buildFunnel(input: { origin: URL; scannedUrl: string; pages: FoundPage[] }): FunnelEntry[] {
  const pages = [...input.pages];
  const scannedKey = keyOf(input.scannedUrl, input.origin);
  if (
    !pages.some(
      (p) => keyOf(p.url, input.origin) === scannedKey || keyOf(p.finalUrl, input.origin) === scannedKey,
    )
  ) {
    // The scan's own page is always an entry, read or not.
    pages.unshift({ url: input.scannedUrl, finalUrl: input.scannedUrl, status: 0, html: null });
  }
  const read = pages.map((page) => ({ page, facts: factsOf(page, input.origin) }));

  // Inbound texts: what the other pages' links to a page say.
  const inbound = new Map<string, { from: number; text: string }[]>();
  read.forEach(({ facts }, from) => {
    for (const link of facts?.links ?? []) {
      if (!link.text) continue;
      const key = keyOf(link.url);
      const texts = inbound.get(key);
      if (texts) texts.push({ from, text: link.text });
      else inbound.set(key, [{ from, text: link.text }]);
    }
  });

  const entries: FunnelEntry[] = [];
  const checkouts = new Map<string, CheckoutFound>();
  const redirectedCheckouts = new Map<string, FunnelEntry>();

  read.forEach(({ page, facts }, index) => {
    const url = parseUrl(page.url, input.origin) ?? input.origin;
    const finalUrl = parseUrl(page.finalUrl, url) ?? url;
    const landed = checkoutOf(finalUrl.href);
    if (landed) {
      // Its HTML (if any) is the platform's page, not the site's: the tool is the platform.
      const entry: FunnelEntry = {
        step: 'Checkout',
        url: page.url,
        finalUrl: page.finalUrl,
        status: page.status,
        title: facts?.title || landed.platform,
        tools: [{ kind: 'checkout', name: landed.platform }],
        checkout: { ...landed },
      };
      redirectedCheckouts.set(checkoutKey(finalUrl.href, landed), entry);
      entries.push(entry);
      return;
    }
    const keys = new Set([pageKey(url), pageKey(finalUrl)]);
    const inboundTexts = [...keys].flatMap((k) =>
      (inbound.get(k) ?? []).filter((l) => l.from !== index).map((l) => l.text),
    );
    const tools = facts && page.html !== null ? detectTools(facts, page.html) : [];
    const links = facts?.links ?? [];
    const sells = tools.some((t) => t.kind === 'player') || links.some((l) => checkoutOf(l.url) !== null);
    // A redirect inside the site says where the page really is ('/vendas' -> '/vsl2').
    const classifiedUrl = finalUrl.host === url.host ? finalUrl : url;
    const step = classifyStep({
      url: classifiedUrl,
      title: facts?.title ?? '',
      headings: facts?.headings ?? [],
      inboundTexts,
      sells,
    });
    entries.push({
      step,
      url: page.url,
      finalUrl: page.finalUrl,
      status: page.status,
      title: facts?.title ?? '',
      tools,
    });

    for (const link of links) {
      const found = checkoutOf(link.url);
      if (!found) continue;
      const key = checkoutKey(link.url, found);
      const price = priceIn(link.text) ?? priceIn(link.context);
      const known = checkouts.get(key);
      if (!known) {
        checkouts.set(key, {
          url: link.url,
          title: link.text || found.platform,
          checkout: price === undefined ? { ...found } : { ...found, price },
        });
      } else {
        if (known.checkout.price === undefined && price !== undefined) known.checkout.price = price;
        if (known.title === found.platform && link.text) known.title = link.text;
      }
    }
  });

  for (const [key, found] of checkouts) {
    const redirected = redirectedCheckouts.get(key);
    if (redirected) {
      if (redirected.checkout && found.checkout.price !== undefined)
        redirected.checkout.price ??= found.checkout.price;
      continue;
    }
    entries.push({
      step: 'Checkout',
      url: found.url,
      finalUrl: found.url,
      status: 0,
      title: found.title,
      tools: [{ kind: 'checkout', name: found.checkout.platform }],
      checkout: found.checkout,
    });
  }

  return entries.sort(
    (a, b) =>
      FUNNEL_STEPS.indexOf(a.step) - FUNNEL_STEPS.indexOf(b.step) ||
      (a.url < b.url ? -1 : a.url > b.url ? 1 : 0),
  );
}

/** http and https, with or without query, fragment or trailing '/', are one page to check. */
const comparable = (url: URL) => pageKey(url, false).replace(/^https?:/, '');

/** Files that are not pages: a link to one is never checked as a page of the funnel. */
const ASSET =
  /\.(?:css|js|mjs|map|json|xml|txt|png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|woff2?|ttf|otf|eot|mp4|webm|mov|m4v|mp3|wav|ogg|pdf|zip|rar|7z|gz|tgz|exe|dmg|apk)$/i;

/**
 * Links to pages of the scanned site that the scan does not know yet, for the one-hop reading: same host as
 * `origin` (or its 'www.' twin), http or https, not a static file, not in `known` (compared as absolute URLs without
 * query, fragment or trailing '/'; `known` may hold URLs or paths). In the order found, at most `max`; each is
 * returned as that absolute URL (the path is what a scan checks).
 */
export function sameSiteLinks(pages: FoundPage[], origin: URL, known: Set<string>, max: number): string[] {
  const twin = origin.hostname.startsWith('www.') ? origin.hostname.slice(4) : `www.${origin.hostname}`;
  const seen = new Set<string>();
  for (const value of known) {
    const url = parseUrl(value, origin);
    if (url) seen.add(comparable(url));
  }
  const out: string[] = [];
  for (const page of pages) {
    if (out.length >= max) break;
    const facts = factsOf(page, origin);
    for (const link of facts?.links ?? []) {
      if (out.length >= max) break;
      const url = parseUrl(link.url);
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
      if (url.port !== origin.port || (url.hostname !== origin.hostname && url.hostname !== twin)) continue;
      if (ASSET.test(url.pathname)) continue;
      if (seen.has(comparable(url))) continue;
      seen.add(comparable(url));
      out.push(pageKey(url, false));
    }
  }
  return out;
}
