import type { APIRequestContext, Browser } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, E2E_ADMIN, newPage } from './helpers';

// Offers the browser tests add through the administrator's API, with a creative already in this server's storage.

/** The administrator's API session in its own browser context. */
export async function adminApi(browser: Browser): Promise<APIRequestContext> {
  const { page } = await newPage(browser);
  const res = await page.request.post('/api/auth/login', { data: E2E_ADMIN, headers: { origin: baseUrl() } });
  expect(res.status()).toBe(200);
  return page.request;
}

/**
 * A creative already in this server's storage (a demo offer's): the offers this test adds come first in the
 * catalogue, and a card without an image there (or the same image twice) would break the phone first-load test
 * running beside it.
 */
// Each test file (its own worker) starts at its own place, so two files adding offers at once rarely share an image.
let creativesUsed = Math.floor(Math.random() * 1000);
async function storedCreative(api: APIRequestContext): Promise<string> {
  const res = await api.get('/api/offers?sort=oldest&page=1&pageSize=100');
  const items = (await res.json()).items as Array<{ creative: string | null; creativeType: string }>;
  // A different one each time (the oldest demo art, never an offer another test just added).
  const images = items.flatMap((o) => (o.creative && o.creativeType === 'image' ? [o.creative] : []));
  const image = images[creativesUsed++ % Math.max(images.length, 1)];
  expect(image, 'uma oferta de demonstração com imagem').toBeTruthy();
  return image as string;
}

export async function createOffer(api: APIRequestContext, fields: Record<string, unknown>): Promise<string> {
  const res = await api.post('/api/offers', {
    headers: { origin: baseUrl() },
    data: {
      creative: await storedCreative(api),
      creativeType: 'image',
      advertiser: 'Anunciante E2E',
      adText: 'Texto do anúncio',
      status: 'escalando',
      format: 'VSL',
      language: 'Português',
      roas: 2.5,
      ticket: 97,
      links: JSON.stringify({
        criativo: 'https://exemplo.com/c',
        biblioteca: 'https://exemplo.com/b',
        site: 'https://exemplo.com',
        anunciante: 'https://exemplo.com/a',
      }),
      ...fields,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}
