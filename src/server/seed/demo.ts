import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { notifications } from '../db/schema/index';
import { createNotificationForAll } from '../modules/notifications/notifications.repo';
import type { Storage } from '../plugins/storage';

/** Demo content for an empty database (SEED_DEMO, on by default with the embedded PostgreSQL). */
export async function seedDemoContent(db: Db, _config: AppConfig, _storage: Storage): Promise<void> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(notifications);
  if ((existing[0]?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    await createNotificationForAll(tx, {
      title: 'Bem-vindo ao Clube Escala!',
      description:
        'Explore as ofertas escaladas, participe da comunidade e não perca as calls ao vivo toda quinta às 20h. Guia rápido: https://clubeescala.com.br/guia',
    });
  });
}
