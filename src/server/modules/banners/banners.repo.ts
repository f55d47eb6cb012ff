import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { banners } from '../../db/schema/index';

export interface BannerView {
  id: string;
  imageUrl: string;
  link: string | null;
}

const view = { id: banners.id, imageUrl: banners.imagePath, link: banners.link };

export async function findActiveBanner(db: DbOrTx): Promise<BannerView | null> {
  const rows = await db.select(view).from(banners).where(eq(banners.isActive, true)).limit(1);
  return rows[0] ?? null;
}

/**
 * The new banner becomes the active one and the previous active banner is switched off in the same
 * transaction (the partial unique index allows a single active row). Concurrent saves queue on an
 * advisory lock, so a double click never meets the unique index.
 */
export async function insertActiveBanner(
  db: DbOrTx,
  imagePath: string,
  link: string | null,
): Promise<BannerView> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('banners_active'))`);
    await tx
      .update(banners)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(eq(banners.isActive, true));
    const [row] = await tx.insert(banners).values({ imagePath, link, isActive: true }).returning(view);
    if (!row) throw new Error('banner insert returned nothing');
    return row;
  });
}

/** Deletes the banner; its image URL, or undefined when there was no such banner. */
export async function deleteBanner(db: DbOrTx, id: string): Promise<string | undefined> {
  const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ imagePath: banners.imagePath });
  return rows[0]?.imagePath;
}

export async function isBannerImageUsed(db: DbOrTx, imagePath: string): Promise<boolean> {
  const rows = await db
    .select({ id: banners.id })
    .from(banners)
    .where(eq(banners.imagePath, imagePath))
    .limit(1);
  return rows.length > 0;
}
