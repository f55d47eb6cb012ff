import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { offers } from '../db/schema/index';

export type OfferOverrides = Partial<typeof offers.$inferInsert>;
export type OfferRow = typeof offers.$inferSelect;

/** A visible catalogue offer with plain defaults; any column can be overridden (ticket in cents). */
export async function createOffer(db: Db, overrides: OfferOverrides = {}): Promise<OfferRow> {
  const [row] = await db
    .insert(offers)
    .values({
      id: randomUUID(),
      advertiser: 'Anunciante Teste',
      productTitle: 'Oferta Teste',
      adText: 'Texto do anúncio',
      creative: null,
      status: 'escalando',
      niche: 'Emagrecimento',
      format: 'VSL',
      language: 'Português',
      ads: 10,
      roas: 2.5,
      ticketCents: 9700,
      links: JSON.stringify({
        criativo: 'https://exemplo.com/criativo',
        biblioteca: 'https://exemplo.com/biblioteca',
        site: 'https://exemplo.com',
        anunciante: 'https://exemplo.com/anunciante',
      }),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('offer insert returned nothing');
  return row;
}
