import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { APPROVAL_POINTS } from '../../shared/offer-constants';
import { saoPauloDay } from '../../shared/sao-paulo-day';
import type { AppConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { banners, offerAdCounts, offers, userEscalatedOffers, userProfiles, users } from '../db/schema/index';
import { randomToken } from '../lib/crypto';
import { detectFileType } from '../lib/file-type';
import type { Storage } from '../lib/storage/storage';
import { registerDemoRows, wasDemoContentRemoved } from '../modules/demo-content/demo-content.service';
import { createUser, findUserByEmail } from '../modules/users/users.repo';
import { demoAdHistory } from './demo-ad-history';
import { drawBanner, drawCreative } from './demo-art';
import { seedDemoCommunity } from './demo-community';
import { DEMO_MEMBERS, DEMO_OFFERS, DEMO_PENDING, DEMO_REFUSED, type DemoOffer } from './demo-offers';

const HOUR_MS = 60 * 60 * 1000;
export const DEMO_BANNER_LINK = 'https://example.com/clube-escala/calls-ao-vivo';

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function linksOf(offer: DemoOffer) {
  const s = slug(offer.title);
  return {
    criativo: `https://example.com/criativos/${s}`,
    biblioteca: `https://example.com/biblioteca-de-anuncios/${s}`,
    site: `https://example.com/oferta/${s}`,
    anunciante: `https://example.com/anunciantes/${slug(offer.advertiser)}`,
  };
}

/**
 * Pending demo submissions name their advertiser by its site (what approval shows as the advertiser);
 * the others link to an advertiser page.
 */
const advertiserLinkOf = (offer: DemoOffer) =>
  offer.advertiser.endsWith('.example.com') ? `https://${offer.advertiser}` : linksOf(offer).anunciante;

/** Spread over the last days at varied hours, so every sort shows a real order. */
const createdAtOf = (offer: DemoOffer, index: number) =>
  new Date(Date.now() - offer.daysAgo * 24 * HOUR_MS - ((index * 7) % 20) * HOUR_MS - index * 60_000);

/** Demo members: verified and Ativo, with a password hash no password matches (they never sign in). */
async function createDemoMembers(tx: Tx) {
  const created = [];
  for (const member of DEMO_MEMBERS) {
    const user = await createUser(tx, {
      name: member.name,
      email: member.email,
      passwordHash: `sem-login$${randomToken(24)}`,
      emailVerified: true,
      status: 'Ativo',
      trialCreditCents: 0,
    });
    await tx.insert(userProfiles).values({ userId: user.id, instagram: member.instagram });
    created.push(user);
  }
  return created;
}

/**
 * About 40 catalogue offers (two hidden) with months of ad-count history, three approved, three pending and one refused member submissions, the
 * demo members, the demo community (posts, comments, replies and likes that fill this month's ranking:
 * demo-community.ts) and one active banner, every image generated here and stored through the storage module.
 * Runs once: only when there is no offer and the demo members do not exist yet (an emptied catalogue or
 * community is never refilled). Concurrent starts queue on an advisory lock.
 */
export async function seedDemoCatalogue(db: Db, config: AppConfig, storage: Storage): Promise<boolean> {
  const stored: string[] = [];
  const store = async (png: Buffer, folder: 'creatives' | 'banners') => {
    const { url } = await storage.put(png, detectFileType(png)!, folder);
    stored.push(url);
    return url;
  };
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed_demo_catalogue'))`);
      if (await wasDemoContentRemoved(tx)) return false;
      const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(offers);
      if ((existing?.n ?? 0) > 0 || (await findUserByEmail(tx, DEMO_MEMBERS[0].email))) return false;

      const adminId = (await findUserByEmail(tx, config.ADMIN_EMAIL))?.id ?? null;
      const members = await createDemoMembers(tx);
      await registerDemoRows(
        tx,
        'users',
        members.map((m) => m.id),
      );
      const authorOf = (offer: DemoOffer) => (offer.author === null ? adminId : members[offer.author]!.id);

      const offerRows: (typeof offers.$inferInsert & { id: string; createdAt: Date })[] = [];
      for (const [index, offer] of DEMO_OFFERS.entries()) {
        const createdAt = createdAtOf(offer, index);
        offerRows.push({
          id: randomUUID(),
          userId: authorOf(offer),
          advertiser: offer.advertiser,
          creative: await store(drawCreative(offer, index), 'creatives'),
          creativeType: 'image' as const,
          adText: offer.adText,
          productTitle: offer.title,
          status: offer.status,
          niche: offer.niche,
          format: offer.format,
          language: offer.language,
          ads: offer.ads,
          roas: offer.roas,
          ticketCents: Math.round(offer.ticket * 100),
          links: JSON.stringify(linksOf(offer)),
          visible: !offer.hidden,
          createdAt,
          updatedAt: createdAt,
        });
      }
      await tx.insert(offers).values(offerRows);
      await registerDemoRows(
        tx,
        'offers',
        offerRows.map((row) => row.id),
      );
      // Months of ad counts: some offers scaling this week, some cooling, one new (demo-ad-history.ts).
      const today = saoPauloDay();
      await tx
        .insert(offerAdCounts)
        .values(
          DEMO_OFFERS.flatMap((offer, index) =>
            demoAdHistory(offer, index, today).map((point) => ({ offerId: offerRows[index]!.id, ...point })),
          ),
        );

      const submission = (offer: DemoOffer, creative: string) => {
        const links = linksOf(offer);
        return {
          userId: members[offer.author ?? 0]!.id,
          creative,
          creativeType: 'image' as const,
          productTitle: offer.title,
          advertiserLink: advertiserLinkOf(offer),
          creativeLink: links.criativo,
          libraryLink: links.biblioteca,
          siteLink: links.site,
          status: offer.status,
          format: offer.format,
          language: offer.language,
          niche: offer.niche,
          ads: offer.ads,
          roas: offer.roas,
          ticketCents: Math.round(offer.ticket * 100),
        };
      };
      const approved = DEMO_OFFERS.flatMap((offer, index) => {
        const row = offerRows[index]!;
        if (offer.author === null || !row.creative) return [];
        const submittedAt = new Date(row.createdAt.getTime() - 20 * HOUR_MS);
        return [
          {
            ...submission(offer, row.creative),
            advertiser: offer.advertiser,
            adText: offer.adText,
            state: 'aprovada' as const,
            createdAt: submittedAt,
            decidedAt: row.createdAt,
            decidedBy: adminId,
            offerId: row.id,
          },
        ];
      });
      const pending = [];
      for (const [index, offer] of DEMO_PENDING.entries()) {
        const creative = await store(drawCreative(offer, DEMO_OFFERS.length + index), 'creatives');
        pending.push({ ...submission(offer, creative), createdAt: createdAtOf(offer, index) });
      }
      const refused = [];
      for (const [index, offer] of DEMO_REFUSED.entries()) {
        const creative = await store(
          drawCreative(offer, DEMO_OFFERS.length + DEMO_PENDING.length + index),
          'creatives',
        );
        const submittedAt = createdAtOf(offer, index);
        refused.push({
          ...submission(offer, creative),
          state: 'recusada' as const,
          refusalReason: offer.reason,
          createdAt: submittedAt,
          decidedAt: new Date(submittedAt.getTime() + 26 * HOUR_MS),
          decidedBy: adminId,
        });
      }
      const submissions = await tx
        .insert(userEscalatedOffers)
        .values([...approved, ...pending, ...refused])
        .returning({ id: userEscalatedOffers.id });
      await registerDemoRows(
        tx,
        'user_escalated_offers',
        submissions.map((row) => row.id),
      );
      for (const member of members) {
        const count = approved.filter((row) => row.userId === member.id).length;
        await tx
          .update(users)
          .set({ points: count * APPROVAL_POINTS })
          .where(eq(users.id, member.id));
      }

      const community = await seedDemoCommunity(
        tx,
        members.map((m) => m.id),
        adminId,
      );
      await registerDemoRows(tx, 'posts', community.postIds);
      await registerDemoRows(tx, 'post_comments', community.commentIds);

      const [active] = await tx.select({ id: banners.id }).from(banners).where(eq(banners.isActive, true));
      if (!active) {
        const imagePath = await store(drawBanner(), 'banners');
        const banner = await tx
          .insert(banners)
          .values({ imagePath, link: DEMO_BANNER_LINK, isActive: true })
          .returning({ id: banners.id });
        await registerDemoRows(
          tx,
          'banners',
          banner.map((row) => row.id),
        );
      }
      // Every image stored above (creatives, banner): removed with the demo content.
      await registerDemoRows(tx, 'files', stored);
      return true;
    });
  } catch (error) {
    await Promise.all(stored.map((url) => storage.remove(url).catch(() => {})));
    throw error;
  }
}
