import { eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { confirmedPurchases, liveCalls, notifications } from '../db/schema/index';
import type { Storage } from '../lib/storage/storage';
import { registerDemoRows, wasDemoContentRemoved } from '../modules/demo-content/demo-content.service';
import { createNotificationForAll } from '../modules/notifications/notifications.repo';
import { seedDemoBeginnerMap } from './demo-beginner-map';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoLastlinkHistory } from './demo-lastlink-history';

/** An e-mail with a confirmed purchase on a demo install, so registration can be tried at once. */
export const DEMO_BUYER_EMAIL = 'demo@clubeescala.local';

/**
 * Demo content for an empty database (SEED_DEMO, on by default with the embedded PostgreSQL). Each part
 * runs once: the welcome notification, demo buyer and two demo calls when there are no notifications yet;
 * the catalogue (offers, member submissions, banner), the demo members and the demo community (posts,
 * comments, replies and likes that make this month's ranking) when there are no offers and it was never seeded
 * before; with the welcome part (a new database), the beginner map's sample videos and partner tools (if no lesson was
 * edited) and a year of demo Lastlink history for the owner's dashboard. Every row written is registered in
 * demo_content (modules/demo-content removes exactly them); once the demo content was removed nothing is seeded again.
 */
export async function seedDemoContent(
  db: Db,
  config: AppConfig,
  storage: Storage,
): Promise<{ seeded: boolean }> {
  if (await wasDemoContentRemoved(db)) return { seeded: false };
  const welcome = await seedWelcome(db);
  const catalogue = await seedDemoCatalogue(db, config, storage);
  // A new database only (the welcome part just ran): an upgraded install keeps its map without demo videos.
  const beginnerMap = welcome && (await seedDemoBeginnerMap(db));
  // A new database only: the owner's 'Visão geral' has a year to show (demo buyers, marked as such).
  if (welcome) await seedDemoLastlinkHistory(db);
  return { seeded: welcome || catalogue || beginnerMap };
}

async function seedWelcome(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Instances starting together take turns; the second finds the welcome part done.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed_demo_welcome'))`);
    if (await wasDemoContentRemoved(tx)) return false;
    const existing = await tx.select({ n: sql<number>`count(*)::int` }).from(notifications);
    if ((existing[0]?.n ?? 0) > 0) return false;
    const welcome = await createNotificationForAll(tx, {
      title: 'Bem-vindo ao Clube Escala!',
      description:
        'Explore as ofertas escaladas, participe da comunidade e não perca as calls ao vivo toda quinta às 20h. Guia rápido: https://clubeescala.com.br/guia',
    });
    await registerDemoRows(tx, 'notifications', [welcome.id]);
    const demo = await tx
      .select({ id: confirmedPurchases.id })
      .from(confirmedPurchases)
      .where(eq(confirmedPurchases.email, DEMO_BUYER_EMAIL));
    if (demo.length === 0) {
      const purchase = await tx
        .insert(confirmedPurchases)
        .values({
          email: DEMO_BUYER_EMAIL,
          name: 'Comprador Demonstração',
          productName: 'Clube Escala - Mentoria Mensal (demonstração)',
          planType: 'mentoria-mensal',
        })
        .returning({ id: confirmedPurchases.id });
      await registerDemoRows(
        tx,
        'confirmed_purchases',
        purchase.map((row) => row.id),
      );
    }
    // Two demo calls: a recording that plays inline (Blender's public test film on YouTube) and the next one.
    const calls = await tx
      .insert(liveCalls)
      .values([
        {
          title: 'Gravação: escalando campanhas na Meta',
          description:
            'Estrutura de campanhas, orçamento e criativos que seguram a escala. (Vídeo de demonstração.)',
          callTime: '20:00',
          link: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
          status: 'Publicado',
        },
        {
          title: 'Call ao vivo de quinta-feira',
          description: 'Mentoria ao vivo toda quinta às 20h: tire suas dúvidas sobre ofertas e tráfego.',
          callTime: '20:00',
          status: 'Agendado',
        },
      ])
      .returning({ id: liveCalls.id });
    await registerDemoRows(
      tx,
      'live_calls',
      calls.map((row) => row.id),
    );
    return true;
  });
}
